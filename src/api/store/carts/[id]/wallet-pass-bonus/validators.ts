import { z } from "@medusajs/framework/zod"
import { toMinorUnits } from "../../../../../modules/wallet-pass/utils/amounts"

/**
 * Body of `POST /store/carts/:id/wallet-pass-bonus`: `amount` in the balance unit, at most
 * two decimals; 0 removes the bonus from the cart. Parsed to minor units (`amount_minor`).
 */
export const StoreApplyWalletPassBonus = z
  .object({
    amount: z
      .number({ error: "amount must be a number in the balance unit" })
      .nonnegative({ error: "amount must not be negative" })
      .refine((v) => toMinorUnits(v) !== null, { error: "amount must have at most two decimals" }),
  })
  .strict()
  .transform(({ amount }) => ({ amount, amount_minor: toMinorUnits(amount)! }))

export type StoreApplyWalletPassBonusType = z.infer<typeof StoreApplyWalletPassBonus>
