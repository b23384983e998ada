import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE, type OrderBreakdown } from "../../../modules/wallet-pass"
import { floorToMinorUnits } from "../../../lib/amounts"
import { REST_LINE_ID } from "../order-earning"

type Container = { resolve: (key: string) => any }
type Share = { numerator: number; denominator: number }
/** An order's item: its ordered quantity and unit price. */
type ShareItem = { id: string; quantity: unknown; unit_price: unknown }
/** A return's item: which order item, how many came back. */
type ReturnedItem = { item_id: string; quantity?: unknown; received_quantity?: unknown }

/** A line's exact bonus is a whole number of 10^-8 minor units (rules/earning.ts): scaled back to that integer. */
const EXACT_SCALE = 100_000_000
/** Largest numerator or denominator handed on: the reversal multiplies in integers (services/ledger.ts). */
const MAX_SHARE = BigInt(Number.MAX_SAFE_INTEGER)

const bigGcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : bigGcd(b, a % b))

async function readOrderAndReturn(container: Container, orderId: string, returnId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: orders }, { data: returns }] = await Promise.all([
    query.graph({ entity: "order", fields: ["items.*"], filters: { id: orderId } }),
    query.graph({
      entity: "return",
      fields: ["id", "items.item_id", "items.quantity", "items.received_quantity"],
      filters: { id: returnId },
    }),
  ])
  return { items: (orders[0]?.items ?? []) as ShareItem[], returned: (returns[0]?.items ?? []) as ReturnedItem[] }
}

const returnedQuantity = (r: ReturnedItem) => Number(r.received_quantity ?? r.quantity ?? 0)

/**
 * The returned items' share of the order's items by list value (unit price × quantity, fixed at
 * order time: item totals shrink as items come back). Pure.
 */
export function valueShare(items: ShareItem[], returned: ReturnedItem[]): Share {
  const values = new Map<string, { quantity: number; value: number }>()
  let denominator = 0
  for (const item of items) {
    const value = floorToMinorUnits(item.unit_price as number) * Number(item.quantity)
    values.set(item.id, { quantity: Number(item.quantity), value })
    denominator += value
  }
  let numerator = 0
  for (const r of returned) {
    const item = values.get(r.item_id)
    if (item && item.quantity > 0) numerator += Math.floor((item.value * returnedQuantity(r)) / item.quantity)
  }
  return { numerator, denominator }
}

/**
 * The returned items' share of the order's bonus by what they earned (docs/program.md,
 * "Returns"): Σ over returned lines of the line's exact bonus × returned / ordered quantity,
 * over Σ of the items' lines' exact bonus. The "rest" line (the base on no item: shipping with
 * `accrual.base: "total"`, cents of rounding) is in neither sum: its bonus follows the items in
 * proportion, so an order returned whole gives back its whole bonus. Exact: integers, the quantities brought to one denominator and the fraction
 * reduced; only a fraction still beyond 2^53 is rounded (down) to fit. Pure.
 */
export function bonusShare(lines: OrderBreakdown["lines"], items: ShareItem[], returned: ReturnedItem[]): Share {
  const exact = new Map<string, bigint>()
  let total = 0n
  for (const line of lines) {
    if (line.id === REST_LINE_ID) continue
    const scaled = BigInt(Math.max(0, Math.round(Number(line.bonus_exact) * EXACT_SCALE)))
    exact.set(line.id, (exact.get(line.id) ?? 0n) + scaled)
    total += scaled
  }
  const ordered = new Map(items.map((i) => [i.id, Math.max(0, Math.trunc(Number(i.quantity)))]))
  const parts: Array<{ exact: bigint; back: bigint; of: bigint }> = []
  let common = 1n
  for (const r of returned) {
    const of = ordered.get(r.item_id) ?? 0
    const line = exact.get(r.item_id) ?? 0n
    const back = Math.min(of, Math.max(0, Math.trunc(returnedQuantity(r))))
    if (of <= 0 || back <= 0 || line === 0n) continue
    parts.push({ exact: line, back: BigInt(back), of: BigInt(of) })
    common = (common * BigInt(of)) / bigGcd(common, BigInt(of))
  }
  let numerator = parts.reduce((sum, p) => sum + (p.exact * p.back * common) / p.of, 0n)
  let denominator = total * common
  if (numerator === 0n || denominator === 0n) return { numerator: 0, denominator: 1 }
  const gcd = bigGcd(numerator, denominator)
  numerator /= gcd
  denominator /= gcd
  if (denominator > MAX_SHARE) {
    numerator = (numerator * MAX_SHARE) / denominator
    denominator = MAX_SHARE
  }
  return { numerator: Number(numerator), denominator: Number(denominator) }
}

/** The returned share of an order's items by list value: what a return takes off the order's spend. */
export async function returnedShare(container: Container, orderId: string, returnId: string): Promise<Share> {
  const { items, returned } = await readOrderAndReturn(container, orderId, returnId)
  return valueShare(items, returned)
}

/**
 * What a refund takes back of an order with lines (docs/loyalty.md, "Refunds"): the paid share
 * of the refunded amount beyond the value, as paid, of the items returned so far (their returns
 * took the lines' own bonus), `counting` only what refunds took. Pure; minor units.
 */
export function refundBeyondReturns(refunded: number, paid: number, returnedValue: number) {
  const beyond = Math.max(0, Math.min(refunded, paid) - Math.max(0, returnedValue))
  return { upTo: { numerator: beyond, denominator: paid }, counting: "refunds" as const }
}

/** Whether the order's decision kept what each line earned (not the hook's `{ base }`). */
async function orderLines(container: Container, orderId: string): Promise<OrderBreakdown["lines"] | null> {
  const decision = await container.resolve(WALLET_PASS_MODULE).retrieveOrderDecision(orderId)
  const breakdown: OrderBreakdown | null | undefined = decision?.breakdown
  return breakdown && !breakdown.hook_base && breakdown.lines?.length ? breakdown.lines : null
}

/**
 * An order with lines: the value, as paid (tax in, discounts off, Medusa's item totals), of
 * every item received back so far, minor units; null for an order without lines.
 */
export async function returnedPaidValue(container: Container, orderId: string): Promise<number | null> {
  if (!(await orderLines(container, orderId))) return null
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "total", "items.*", "items.detail.*"],
    filters: { id: orderId },
  })
  const items = (orders[0]?.items ?? []) as Array<{ return_received_total?: unknown }>
  // Each item's value floored to the minor unit (a refund rounded up may pass it by one minor unit).
  return items.reduce((sum, item) => sum + floorToMinorUnits(item.return_received_total ?? 0), 0)
}

/**
 * The returned share of an order's bonus: by the returned lines' own bonus when the order's
 * decision kept what each line earned (bonusShare); by value (valueShare) for an order decided
 * before earn rules or on the store hook's `{ base }`, which has no lines.
 */
export async function returnedBonusShare(container: Container, orderId: string, returnId: string): Promise<Share> {
  const [{ items, returned }, lines] = await Promise.all([
    readOrderAndReturn(container, orderId, returnId),
    orderLines(container, orderId),
  ])
  return lines ? bonusShare(lines, items, returned) : valueShare(items, returned)
}
