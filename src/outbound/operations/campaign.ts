import type { SendFacts } from "../../modules/wallet-pass"
import type { OperationContext } from "./types"

/** The campaign a push request is for. */
export function campaignOf({ facts, operation }: OperationContext): NonNullable<SendFacts["campaign"]> {
  if (!facts.campaign) throw new Error(`${operation.method} ${operation.id} has no campaign`)
  return facts.campaign
}

/** A campaign request that failed for good: the campaign shows why. */
export async function campaignFailed({ walletPass, operation }: OperationContext): Promise<void> {
  if (!operation.payload.campaign_id) return
  await walletPass.updateWalletPassCampaigns({
    id: String(operation.payload.campaign_id),
    state: "failed",
    error: operation.last_error,
  })
}
