import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"

/**
 * Refuses at the route, as Medusa's 400 invalid_data, what only revision 2.8.2 documents when
 * the store speaks 2.7.2 (docs/service-api.md, "Revisions"): queued, it would only be refused
 * by the client before it went out. `what` names it, `instead` says what the merchant can do.
 */
export function needsCurrentRevision(scope: MedusaContainer, what: string, instead?: string): void {
  if (scope.resolve(WALLET_PASS_MODULE).getOptions().revision !== "2.7.2") return
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `${what} is not in revision 2.7.2 of the service (only 2.8.2 documents it), and the store's revision option is "2.7.2"${instead ? `: ${instead}` : ""}`
  )
}
