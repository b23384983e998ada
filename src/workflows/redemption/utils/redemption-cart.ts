import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { BASIS_POINTS_PER_PERCENT, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { currencyStep, floorToMinorUnits, percentToBasisPoints } from "../../../lib/amounts"
import { REDEMPTION_ADJUSTMENT, REDEMPTION_PROMOTION_PREFIX, redemptionPromotionCode } from "../constants"
import { balanceCurrency } from "../../../utils/currency"
import { ITEM_TOTALS_FIELDS } from "../../../utils/totals-fields"

type Container = { resolve: <T = any>(key: string) => T }

/** What redemption needs to know about a cart. Amounts in minor units of the balance. */
export type RedemptionCart = {
  id: string
  customer_id: string | null
  currency_code: string
  completed: boolean
  /** The cart's bonus promotion code of before the bonus became adjustments. */
  code: string
  /** That promotion is on the cart (a cart from before): counted as bonus, taken off on the next apply. */
  promotion_applied: boolean
  /** What the cart pays with bonus now (sum of its bonus adjustments). */
  redeemed: number
  /** The cap base: items incl. tax after other discounts, before the bonus; no shipping. */
  base: number
  /** Codes of other carts' bonus promotions found on this cart (never allowed). */
  foreign_codes: string[]
}

/**
 * Reads a cart for redemption. The cap base is what the items cost the customer (tax
 * included, after the promotions, shipping excluded) before the bonus: the bonus adjustments
 * are on the items only, never shipping, and tax-inclusive, so they lower exactly that figure
 * by exactly their amount.
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
      "items.adjustments.provider_id",
      "items.adjustments.amount",
      ...ITEM_TOTALS_FIELDS, // item_total right on Medusa 2.18 too (src/utils/totals-fields.ts)
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
  items?:
    | ({
        adjustments?: ({ code?: string | null; provider_id?: string | null; amount?: unknown } | null)[] | null
      } | null)[]
    | null
}

/** Redemption's view of cart data already read (the cap base is 0 without item_total). */
export function redemptionCartOf(cart: CartData): RedemptionCart {
  const code = redemptionPromotionCode(cart.id)
  // Summed as decimals (MathBN): a float sum can land a hair under a hundredth (0.7 + 0.1 is
  // 0.7999999999999999), which floorToMinorUnits, exact on the number it gets, would cut.
  let own = MathBN.convert(0)
  let promotionApplied = false
  const foreign = new Set<string>()
  for (const item of cart.items ?? []) {
    for (const adjustment of item?.adjustments ?? []) {
      if (adjustment?.provider_id === REDEMPTION_ADJUSTMENT.provider_id)
        own = MathBN.add(own, Number(adjustment.amount ?? 0))
      else if (adjustment?.code === code) {
        own = MathBN.add(own, Number(adjustment.amount ?? 0))
        promotionApplied = true
      } else if (adjustment?.code?.startsWith(REDEMPTION_PROMOTION_PREFIX)) foreign.add(adjustment.code)
    }
  }
  return {
    id: cart.id,
    customer_id: cart.customer_id ?? cart.customer?.id ?? null,
    currency_code: String(cart.currency_code ?? "").toLowerCase(),
    completed: !!cart.completed_at,
    code,
    promotion_applied: promotionApplied,
    redeemed: floorToMinorUnits(own.toNumber()),
    base:
      cart.item_total === undefined || cart.item_total === null
        ? 0
        : floorToMinorUnits(MathBN.add(Number(cart.item_total), own).toNumber()),
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

/**
 * What a cart is paid with for a request of `requested` minor units: the request, limited to
 * the balance the account may spend and to the cap, rounded down to the currency's minor unit.
 */
export function redeemableAmount(requested: number, spendable: number, cap: number, currencyCode: string): number {
  const step = currencyStep(currencyCode)
  return Math.floor(Math.min(requested, Math.max(spendable, 0), cap) / step) * step
}

/**
 * The most `customerId` may pay `cart` with now (minor units), for a storefront to show
 * before the customer asks: 0 when redemption is disabled, the cart is completed or in
 * another currency than the balance, or the customer has no card. Reads only.
 */
export async function redemptionLimit(container: MedusaContainer, customerId: string, cart: RedemptionCart) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const { maxOrderPercent } = walletPass.getOptions().redemption
  const none = { max: 0, maxOrderPercent }
  if (maxOrderPercent <= 0 || cart.completed) return none
  const currency = await balanceCurrency(container)
  if (!currency || cart.currency_code !== currency) return none
  const [holder] = await walletPass.listWalletPassHolders({ customer_id: customerId }, { select: ["id"] })
  if (!holder) return none
  const { spendable } = (await walletPass.getAccountBalances([holder.id])).get(holder.id)!
  const cap = redemptionCap(cart.base, maxOrderPercent, currency)
  return { max: redeemableAmount(Number.MAX_SAFE_INTEGER, spendable, cap, currency), maxOrderPercent }
}

/**
 * `amount` minor units spread over a cart's items by what is left to pay on each (`left`, in
 * the balance unit): each item's share rounded down to the minor unit, the units left over
 * one at a time to the items with the most left, never more on an item than is left on it.
 * Items that get nothing are left out.
 */
export function spreadBonus(amount: number, items: { id: string; left: number }[]): { id: string; amount: number }[] {
  const shares = items.map((item) => ({ id: item.id, left: Math.max(0, floorToMinorUnits(item.left)), amount: 0 }))
  const total = shares.reduce((sum, s) => sum + s.left, 0)
  const take = Math.min(Math.max(0, amount), total)
  if (take <= 0) return []
  for (const share of shares) share.amount = Math.floor((take * share.left) / total)
  let rest = take - shares.reduce((sum, s) => sum + s.amount, 0)
  const byLeft = [...shares].sort((a, b) => b.left - a.left)
  while (rest > 0) {
    const next = byLeft.find((s) => s.amount < s.left)
    if (!next) break
    const give = Math.min(rest, next.left - next.amount)
    next.amount += give
    rest -= give
  }
  return shares.filter((s) => s.amount > 0).map(({ id, amount: share }) => ({ id, amount: share }))
}
