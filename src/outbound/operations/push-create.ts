import { campaignFailed, campaignOf } from "./campaign"
import type { OperationHandler } from "./types"

/** `push/create`: creates a campaign at the service; at most once (a repeat would create a second). */
export const pushCreate: OperationHandler = {
  build: (ctx) => {
    const campaign = campaignOf(ctx)
    const input = {
      message: campaign.message,
      type: campaign.type,
      ...(campaign.name ? { name: campaign.name } : {}),
      ...(campaign.segment_uuid ? { segment_uuid: campaign.segment_uuid } : {}),
    }
    return { atMostOnce: true, call: (c) => c.pushCreate(input) }
  },
  onApplied: async ({ walletPass, operation }, response) => {
    const uuid = (response as { result?: { uuid?: string } }).result?.uuid
    await walletPass.updateWalletPassCampaigns({
      id: String(operation.payload.campaign_id),
      state: "created",
      remote_uuid: uuid ?? null,
      error: null,
    })
  },
  onFailed: campaignFailed,
}
