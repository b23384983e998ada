import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  cartRates,
  type EarnLine,
  type Earning,
  type LineRules,
  lineRules,
  orderBonus,
  type Program,
  WALLET_PASS_MODULE,
} from "../../modules/wallet-pass"
import { basisPointsToPercent, currencyStep, floorToMinorUnits, fromMinorUnits } from "../../lib/amounts"
import { lineFactsOf, type LineRow } from "../../workflows/redemption/utils/redeemable-lines"
import type { OrderBonusBaseHookInput, OrderBonusBaseLine } from "../../workflows/ledger/order-bonus-base"
import { earnLinesOf } from "../../workflows/ledger/order-earning"

/**
 * What a shopper will earn (docs/routes.md, "What the shopper will earn"): the same computation
 * the order's bonus gets (rules/earning.ts `orderBonus`, one rounding per order), with the
 * program in force now and the rate the shopper's account may use now (rules/privileges.ts
 * `cartRates`: an account that has not proven its phone, a customer without an account and a
 * guest get the program's default).
 */

/**
 * The rates a shopper gets, basis points: a guest's (`customerId` null) or the account's — the
 * bonus it earns at, and the discount its carts are priced with (the holder's discount group).
 */
export async function shopperRates(
  scope: MedusaContainer,
  customerId: string | null,
  customer?: { has_account?: boolean | null } | null
): Promise<{ bonus_bp: number; discount_bp: number }> {
  const walletPass = scope.resolve(WALLET_PASS_MODULE)
  const options = walletPass.getOptions()
  const [holder] = customerId ? await walletPass.listWalletPassHolders({ customer_id: customerId }) : []
  if (!holder) return cartRates(GUEST_HOLDER, null, options)
  const account =
    customer ??
    (await scope.resolve(Modules.CUSTOMER).listCustomers({ id: customerId! }, { select: ["id", "has_account"] }))[0]
  return cartRates(holder, { has_account: account?.has_account === true }, options)
}

/** The rate a shopper earns at, basis points (shopperRates). */
export async function shopperRateBp(
  scope: MedusaContainer,
  customerId: string | null,
  customer?: { has_account?: boolean | null } | null
): Promise<number> {
  return (await shopperRates(scope, customerId, customer)).bonus_bp
}

/** A holder's fields as cartRates reads them, for a shopper without one: only the guest's rates are read. */
const GUEST_HOLDER = {
  customer_id: null,
  verified_customer_id: null,
  bonus_percent_bp: null,
  discount_percent_bp: 0,
  rates_source: "service",
} as const satisfies Parameters<typeof cartRates>[0]

/** A cart line read with LINE_PRODUCT_FIELDS and its totals. */
export type CartLineRow = LineRow & {
  quantity?: unknown
  variant_id?: string | null
  variant_sku?: string | null
  total?: unknown
  tax_total?: unknown
}
const minor = (value: unknown) => floorToMinorUnits(Number(value ?? 0))

/**
 * The lines a cart would earn on as its order: the order's own reading (earnLinesOf, what the
 * order's decision uses): each line's base after its discounts, without tax (with it under
 * `accrual.base: "total"`, and the rest of the total, shipping, as a line no rule matches).
 */
export function cartEarnLines(
  cart: { item_total?: unknown; item_tax_total?: unknown; total?: unknown; items?: (CartLineRow | null)[] | null },
  accrualBase: "subtotal" | "total"
): EarnLine[] {
  const items = (cart.items ?? []).flatMap((item): OrderBonusBaseLine[] => {
    if (!item) return []
    return [
      {
        ...lineFactsOf(item),
        quantity: Number(item.quantity ?? 0),
        product_id: item.product_id ?? null,
        variant_id: item.variant_id ?? null,
        variant_sku: item.variant_sku ?? null,
        base: minor(item.total) - minor(item.tax_total),
        total: minor(item.total),
      },
    ]
  })
  const base = accrualBase === "total" ? minor(cart.total) : minor(cart.item_total) - minor(cart.item_tax_total)
  return earnLinesOf({ order: { items }, base } as OrderBonusBaseHookInput, { kind: "plugin" }, accrualBase)
}

/** The estimate of lines bought now: `orderBonus` with the program's earning and zone, amounts in the balance unit. */
export function estimate(program: Program, lines: EarnLine[], rateBp: number, currencyCode: string, now = new Date()) {
  const result = orderBonus({
    lines,
    rate_bp: rateBp,
    earning: program.earning,
    time_zone: program.timeZone,
    placed_at: now,
    step: currencyStep(currencyCode),
  })
  return {
    amount: fromMinorUnits(result.amount),
    rate_percent: basisPointsToPercent(rateBp),
    lines: result.lines.map((line) => ({
      id: line.id,
      bonus_exact: line.bonus_exact / 100,
      rule_id: line.rule_id,
      campaign_id: line.campaign_id,
      redeemable: line.redeemable,
    })),
    campaigns: result.campaigns.map((c) => ({ id: c.id, extra_exact: c.extra_exact / 100 })),
  }
}

/**
 * Rule resolution by product, kept per program version (and rate, which picks between rules of
 * one kind): a bounded in-process LRU, so a product page asked again costs no rule matching.
 * A new program version is a new key: nothing old is answered after a save.
 */
const RULES_CACHE_SIZE = 5_000
const rulesCache = new Map<string, LineRules>()

export function cachedLineRules(version: number, line: EarnLine, earning: Earning, rateBp: number): LineRules {
  const key = `${version}:${rateBp}:${line.is_giftcard ? "g" : "p"}:${line.id}`
  const hit = rulesCache.get(key)
  if (hit) {
    rulesCache.delete(key) // most recently used last
    rulesCache.set(key, hit)
    return hit
  }
  const rules = lineRules(line, earning, rateBp)
  rulesCache.set(key, rules)
  if (rulesCache.size > RULES_CACHE_SIZE) rulesCache.delete(rulesCache.keys().next().value!)
  return rules
}
