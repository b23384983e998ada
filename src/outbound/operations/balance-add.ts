import { balanceChange } from "./balance-change"
import type { OperationHandler } from "./types"

/** `balance/add`: a credit of the ledger (accrual, a reversal's give-back, a manual credit). */
export const balanceAdd: OperationHandler = {
  build: (ctx) => balanceChange(ctx, "add"),
}
