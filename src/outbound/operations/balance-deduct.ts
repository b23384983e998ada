import { balanceChange } from "./balance-change"
import type { OperationHandler } from "./types"

/** `balance/deduct`: a debit of the ledger (a redemption, a reversal, an expiry). */
export const balanceDeduct: OperationHandler = {
  build: (ctx) => balanceChange(ctx, "deduct"),
}
