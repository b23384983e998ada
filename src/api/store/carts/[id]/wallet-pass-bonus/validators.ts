import { z } from "@medusajs/framework/zod"
import { toMinorUnits } from "../../../../../lib/amounts"
import { balanceAmount } from "../../../../utils/balance-amount"

/**
 * Body of `POST /store/carts/:id/wallet-pass-bonus`: `amount` in the balance unit, at most
 * two decimals; 0 removes the bonus from the cart. Parsed to minor units (`amount_minor`).
 */
export const StoreApplyWalletPassBonus = z
  .object({
    amount: balanceAmount("amount", "nonnegative"),
  })
  .strict()
  .transform(({ amount }) => ({ amount, amount_minor: toMinorUnits(amount)! }))

export type StoreApplyWalletPassBonusType = z.infer<typeof StoreApplyWalletPassBonus>
