import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { balanceCurrency } from "../../../utils/currency"
import { readRedemptionCart, redeemableAmount, redemptionCap } from "../utils/redemption-cart"

export type ResolveCartRedemptionStepInput = { cart_id: string; customer_id: string; amount: number }
export type ResolveCartRedemptionStepOutput = {
  cart_id: string
  customer_id: string
  /** The cart's bonus promotion code of before the bonus became adjustments. */
  code: string
  /** That promotion is still on the cart: it is taken off (the adjustments replace it). */
  promotion_applied: boolean
  currency_code: string
  /** Minor units to apply: min(request, balance, cap), 0 to remove. */
  amount: number
  balance: number
  cap: number
  /** The lines the bonus may go on (not gift cards, not lines a rule keeps from it). */
  item_ids: string[]
}

export const resolveCartRedemptionStepId = "resolve-cart-redemption"

/** An unproven account with nothing of its own to spend, whatever the phone's pass holds. */
const UNPROVEN_EMPTY_MESSAGE = "Nothing to pay with yet: verify your phone to pay with your card's bonus"

/**
 * Decides how much bonus a cart gets: the request, limited to the holder's balance and to
 * the cap, in the balance currency only. Refuses (NOT_ALLOWED) when redemption is disabled,
 * the cart is completed, in another currency, not the customer's, or nothing can be applied.
 */
export const resolveCartRedemptionStep = createStep(
  resolveCartRedemptionStepId,
  async ({ cart_id, customer_id, amount }: ResolveCartRedemptionStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const { maxOrderPercent } = walletPass.getOptions().redemption
    const cart = await readRedemptionCart(container, cart_id)
    if (!cart || cart.customer_id !== customer_id) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${cart_id} was not found`)
    }
    if (cart.completed) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cart ${cart_id} is already completed`)
    }
    const output = (applied: number, balance = 0, cap = 0) =>
      new StepResponse<ResolveCartRedemptionStepOutput>({
        cart_id,
        customer_id,
        code: cart.code,
        promotion_applied: cart.promotion_applied,
        currency_code: cart.currency_code,
        amount: applied,
        balance,
        cap,
        item_ids: cart.item_ids,
      })
    if (amount === 0) return output(0)
    if (maxOrderPercent <= 0) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Paying with bonus is disabled in this store")
    }
    const currency = await balanceCurrency(container)
    if (!currency || cart.currency_code !== currency) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Bonus can only pay for carts in ${currency?.toUpperCase() ?? "the balance currency"}; this cart is in ${cart.currency_code.toUpperCase()}`
      )
    }
    const [holder] = await walletPass.listWalletPassHolders({ customer_id })
    if (!holder) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "You have no bonus card")
    }
    // What this account may spend: all of it once it has proven the phone (docs/adoption.md).
    const account = (await walletPass.getAccountBalances([holder.id])).get(holder.id)!
    const balance = account.spendable
    const cap = redemptionCap(cart.base, maxOrderPercent, currency)
    const applied = redeemableAmount(amount, balance, cap, currency)
    if (applied <= 0) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        balance > 0
          ? cart.item_ids.length
            ? "This cart cannot be paid with bonus (nothing left under the limit)"
            : "None of this cart's lines can be paid with bonus (gift cards or products the store excludes)"
          : // Not whether the phone's pass holds more than the account may spend: that would say
            // whether the service knows the phone (docs/security.md).
            account.verified
            ? "Your bonus balance is empty"
            : UNPROVEN_EMPTY_MESSAGE
      )
    }
    return output(applied, balance, cap)
  }
)
