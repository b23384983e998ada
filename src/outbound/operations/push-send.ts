import { campaignFailed, campaignOf } from "./campaign"
import type { OperationHandler } from "./types"

/** `push/send`: sends a created campaign; at most once (a repeat would push twice). */
export const pushSend: OperationHandler = {
  build: (ctx) => {
    const campaign = campaignOf(ctx)
    if (!campaign.remote_uuid) throw new Error(`campaign ${campaign.id} was not created at the service yet`)
    const uuid = campaign.remote_uuid
    return { atMostOnce: true, call: (c) => c.pushSend({ push_uuid: uuid }) }
  },
  onApplied: async ({ walletPass, operation }) => {
    await walletPass.updateWalletPassCampaigns({
      id: String(operation.payload.campaign_id),
      state: "sent",
      sent_at: new Date(),
      error: null,
    })
  },
  onFailed: campaignFailed,
}
