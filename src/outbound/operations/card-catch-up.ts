import { queueChangedCardTexts } from "../../utils/card-format"
import type { OperationContext } from "./types"

/**
 * Once a request that moved a holder's balance or set their values is done, the card catches
 * up (docs/program.md, "On the card"): a credit, a spend or a reversal moves the credit that
 * lapses first (`expiringAmount`, `expiringDate`) with no request carrying texts, and a text
 * can change while a request carrying the old one is in flight.
 */
export async function queueCardIfChanged({ container, operation, program }: OperationContext): Promise<void> {
  if (operation.holder_id) await queueChangedCardTexts(container, [operation.holder_id], await program())
}
