import { balanceChange } from "./balance-change"
import { catchUpAfterDone } from "./card-catch-up"
import type { OperationHandler } from "./types"

/** `balance/deduct`: a debit of the ledger (a redemption, a reversal, an expiry). */
export const balanceDeduct: OperationHandler = {
  build: (ctx) => balanceChange(ctx, "deduct"),
  // The credit that lapses first may have moved: the card catches up.
  afterDone: catchUpAfterDone,
}
