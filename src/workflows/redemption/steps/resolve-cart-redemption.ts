import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { BASIS_POINTS_PER_PERCENT } from "../../../modules/wallet-pass/constants"
import { REDEMPTION_PROMOTION_PREFIX, redemptionPromotionCode } from "../../../modules/wallet-pass/redemption"
import { currencyStep, floorToMinorUnits, percentToBasisPoints } from "../../../modules/wallet-pass/utils/amounts"
import { balanceCurrency } from "../../../utils/currency"

type Container = { resolve: <T = any>(key: string) => T }

/** What redemption needs to know about a cart. Amounts in minor units of the balance. */
export type RedemptionCart = {
  id: string
  customer_id: string | null
  currency_code: string
  completed: boolean
  /** The cart's own bonus promotion code. */
  code: string
  /** What the cart's bonus promotion discounts now (sum of its item adjustments). */
  redeemed: number
  /** The cap base: items incl. tax after other discounts, before the bonus; no shipping. */
  base: number
  /** Codes of other carts' bonus promotions found on this cart (never allowed). */
  foreign_codes: string[]
}

/**
 * Reads a cart for redemption. The cap base is what the items cost the customer (tax
 * included, after the other promotions, shipping excluded) before the bonus: a fixed
 * order promotion is spread over the items only, never shipping, and the bonus promotion is
 * tax-inclusive, so it lowers exactly that figure by exactly its amount.
 */
export async function readRedemptionCart(container: Container, cartId: string): Promise<RedemptionCart | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "cart",
    fields: [
      "id",
      "customer_id",
      "currency_code",
      "completed_at",
      "item_total",
      "items.id",
      "items.adjustments.code",
      "items.adjustments.amount",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartData | undefined
  return cart ? redemptionCartOf(cart) : null
}

/** The cart fields redemption reads (the cart that `completeCartWorkflow` hands its hooks has them all). */
export type CartData = {
  id: string
  customer_id?: string | null
  customer?: { id?: string | null } | null
  currency_code?: string | null
  completed_at?: unknown
  item_total?: unknown
  items?: ({ adjustments?: ({ code?: string | null; amount?: unknown } | null)[] | null } | null)[] | null
}

/** Redemption's view of cart data already read (the cap base is 0 without item_total). */
export function redemptionCartOf(cart: CartData): RedemptionCart {
  const code = redemptionPromotionCode(cart.id)
  let own = 0
  const foreign = new Set<string>()
  for (const item of cart.items ?? []) {
    for (const adjustment of item?.adjustments ?? []) {
      if (adjustment?.code === code) own += Number(adjustment.amount ?? 0)
      else if (adjustment?.code?.startsWith(REDEMPTION_PROMOTION_PREFIX)) foreign.add(adjustment.code)
    }
  }
  return {
    id: cart.id,
    customer_id: cart.customer_id ?? cart.customer?.id ?? null,
    currency_code: String(cart.currency_code ?? "").toLowerCase(),
    completed: !!cart.completed_at,
    code,
    redeemed: floorToMinorUnits(own),
    base:
      cart.item_total === undefined || cart.item_total === null ? 0 : floorToMinorUnits(Number(cart.item_total) + own),
    foreign_codes: [...foreign],
  }
}

/**
 * The most a cart may pay with bonus: `redemption.maxOrderPercent` of its base, rounded down
 * to the currency's minor unit (whole units for zero-decimal currencies).
 */
export function redemptionCap(baseMinor: number, maxOrderPercent: number, currencyCode: string): number {
  const bp = percentToBasisPoints(maxOrderPercent) ?? 0
  if (baseMinor <= 0 || bp <= 0) return 0
  const step = currencyStep(currencyCode)
  const cap = Math.floor((baseMinor * bp) / (100 * BASIS_POINTS_PER_PERCENT))
  return Math.floor(cap / step) * step
}

export type ResolveCartRedemptionStepInput = { cart_id: string; customer_id: string; amount: number }
export type ResolveCartRedemptionStepOutput = {
  cart_id: string
  customer_id: string
  code: string
  currency_code: string
  /** Minor units to apply: min(request, balance, cap), 0 to remove. */
  amount: number
  balance: number
  cap: number
}

export const resolveCartRedemptionStepId = "resolve-cart-redemption"

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
        currency_code: cart.currency_code,
        amount: applied,
        balance,
        cap,
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
    const step = currencyStep(currency)
    const applied = Math.floor(Math.min(amount, Math.max(balance, 0), cap) / step) * step
    if (applied <= 0) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        balance > 0
          ? "This cart cannot be paid with bonus (nothing left under the limit)"
          : account.balance > 0
            ? "Verify your phone to pay with this bonus"
            : "Your bonus balance is empty"
      )
    }
    return output(applied, balance, cap)
  }
)
