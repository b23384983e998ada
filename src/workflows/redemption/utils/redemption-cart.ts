import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { BASIS_POINTS_PER_PERCENT, type Earning, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { currencyStep, floorToMinorUnits, percentToBasisPoints } from "../../../lib/amounts"
import { REDEMPTION_ADJUSTMENT, REDEMPTION_PROMOTION_PREFIX, redemptionPromotionCode } from "../constants"
import { balanceCurrency } from "../../../utils/currency"
import { ITEM_TOTALS_FIELDS } from "../../../utils/totals-fields"
import {
  earningOf,
  type ExclusionReason,
  exclusionOf,
  LINE_PRODUCT_FIELDS,
  lineFactsOf,
  type LineRow,
  type ProductFactsRow,
} from "./redeemable-lines"

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
  /** The cap base: the items that may be paid with bonus, incl. tax after other discounts, before the bonus; no shipping. */
  base: number
  /** The lines that cannot be paid with bonus (gift cards, a rule), with what they cost (minor units, tax included). */
  excluded: { line_id: string; title: string | null; reason: ExclusionReason; total: number }[]
  /** The lines the bonus may go on. */
  item_ids: string[]
  /** Bonus on lines that cannot be paid with it (the rules changed since it was applied), minor units. */
  misplaced: number
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
  const [{ data }, { program }] = await Promise.all([
    container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "cart",
      fields: [
        ...new Set([
          "id",
          "customer_id",
          "currency_code",
          "completed_at",
          "item_total",
          "items.total",
          "items.adjustments.code",
          "items.adjustments.provider_id",
          "items.adjustments.amount",
          ...LINE_PRODUCT_FIELDS, // the lines' products, for the rules of what may be paid with bonus
          ...ITEM_TOTALS_FIELDS, // item_total right on Medusa 2.18 too (src/utils/totals-fields.ts)
        ]),
      ],
      filters: { id: cartId },
    }),
    // The program in force now decides for a cart: a cart is no order yet.
    container.resolve(WALLET_PASS_MODULE).getProgram(),
  ])
  const cart = data[0] as CartData | undefined
  return cart ? redemptionCartOf(cart, earningOf(program)) : null
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
    | (
        | (Partial<LineRow> & {
            total?: unknown
            adjustments?: ({ code?: string | null; provider_id?: string | null; amount?: unknown } | null)[] | null
          })
        | null
      )[]
    | null
}

/**
 * Redemption's view of cart data already read (the cap base is 0 without item_total): the
 * lines `earning` marks are left out of the cap base and named in `excluded`. `products`: the
 * lines' products when the lines were read without them (checkout's cart), by product id.
 */
export function redemptionCartOf(
  cart: CartData,
  earning: Earning,
  products?: Map<string, ProductFactsRow>
): RedemptionCart {
  const code = redemptionPromotionCode(cart.id)
  // Summed as decimals (MathBN): a float sum can land a hair under a hundredth (0.7 + 0.1 is
  // 0.7999999999999999), which floorToMinorUnits, exact on the number it gets, would cut.
  let own = MathBN.convert(0)
  let excludedTotal = MathBN.convert(0)
  let misplaced = MathBN.convert(0)
  let promotionApplied = false
  const foreign = new Set<string>()
  const excluded: RedemptionCart["excluded"] = []
  const itemIds: string[] = []
  for (const item of cart.items ?? []) {
    if (!item) continue
    let ownOnItem = MathBN.convert(0)
    for (const adjustment of item.adjustments ?? []) {
      if (adjustment?.provider_id === REDEMPTION_ADJUSTMENT.provider_id)
        ownOnItem = MathBN.add(ownOnItem, Number(adjustment.amount ?? 0))
      else if (adjustment?.code === code) {
        ownOnItem = MathBN.add(ownOnItem, Number(adjustment.amount ?? 0))
        promotionApplied = true
      } else if (adjustment?.code?.startsWith(REDEMPTION_PROMOTION_PREFIX)) foreign.add(adjustment.code)
    }
    own = MathBN.add(own, ownOnItem)
    const id = item.id ?? ""
    const product = item.product ?? (item.product_id ? products?.get(item.product_id) : undefined) ?? null
    const reason = exclusionOf(lineFactsOf({ ...item, id }, product), earning)
    if (!reason) {
      itemIds.push(id)
      continue
    }
    // What the line costs before the bonus: its total with any bonus on it added back.
    const total = MathBN.add(Number(item.total ?? 0), ownOnItem)
    excludedTotal = MathBN.add(excludedTotal, total)
    misplaced = MathBN.add(misplaced, ownOnItem)
    excluded.push({ line_id: id, title: item.title ?? null, reason, total: floorToMinorUnits(total.toNumber()) })
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
        : Math.max(
            0,
            floorToMinorUnits(MathBN.sub(MathBN.add(Number(cart.item_total), own), excludedTotal).toNumber())
          ),
    excluded,
    item_ids: itemIds,
    misplaced: floorToMinorUnits(misplaced.toNumber()),
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
