import { balanceChange } from "./balance-change"
import { catchUpAfterDone } from "./card-catch-up"
import type { OperationHandler } from "./types"

/** `balance/add`: a credit of the ledger (accrual, a reversal's give-back, a manual credit). */
export const balanceAdd: OperationHandler = {
  build: (ctx) => balanceChange(ctx, "add"),
  // The credit that lapses first may have moved: the card catches up.
  afterDone: catchUpAfterDone,
}
