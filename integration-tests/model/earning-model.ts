/**
 * Earn rules and campaigns as docs/program.md ("Earn rules", "Campaigns") states them, for the
 * model of the loyalty rules (loyalty-model.ts). Written from the docs, importing nothing of
 * the plugin. Amounts in hundredths; percents plain numbers (5 = 5 %).
 */

export type ModelEarnKind = "tag" | "type" | "category" | "collection"

export type ModelEarnRule = {
  id: string
  kind: ModelEarnKind
  target: string
  earn?: { multiplier: number } | { percent: number } | { none: true }
  redeem?: boolean
}

export type ModelCampaign = { id: string; multiplier: number; start: string; end: string; collections: string[] }

export type ModelEarning = {
  rules: ModelEarnRule[]
  giftCards: { earn: boolean; redeem: boolean }
  campaigns: ModelCampaign[]
  /** The program's `timeZone`: campaigns' local times are read there. */
  timeZone: string
}

/** A line of an order: its base (after its own discounts, without tax, all its items) and what its product is. */
export type ModelLine = {
  base: number
  /** How many items the line has (default 1): a return names how many of them come back. */
  quantity?: number
  giftCard?: boolean
  collection?: string | null
  categories?: string[]
  type?: string | null
  tags?: string[]
}

/** "tag, then type, then category, then collection" (docs/program.md, "Precedence"). */
const MOST_SPECIFIC_FIRST: ModelEarnKind[] = ["tag", "type", "category", "collection"]

function hits(line: ModelLine, rule: ModelEarnRule): boolean {
  if (rule.kind === "tag") return (line.tags ?? []).includes(rule.target)
  if (rule.kind === "type") return line.type === rule.target
  if (rule.kind === "category") return (line.categories ?? []).includes(rule.target)
  return line.collection === rule.target
}

/** A line's rate in hundredths of a percent × 100 (so ×1.25 of 3.33 % stays whole): 5 % × 2 -> 100000. */
function lineRate(line: ModelLine, ratePercent: number, earning: ModelEarning): bigint {
  const inForce = BigInt(Math.round(ratePercent * 100)) * 100n
  if (line.giftCard && !earning.giftCards.earn) return 0n
  for (const kind of MOST_SPECIFIC_FIRST) {
    const saying = earning.rules.filter((r) => r.kind === kind && r.earn && hits(line, r))
    if (!saying.length) continue
    // The higher rate wins (the shopper's favour); equal: the first listed.
    let best = -1n
    for (const rule of saying) {
      const earn = rule.earn!
      const rate =
        "none" in earn
          ? 0n
          : "percent" in earn
            ? BigInt(Math.round(earn.percent * 100)) * 100n
            : (inForce * BigInt(Math.round(earn.multiplier * 100))) / 100n
      if (rate > best) best = rate
    }
    return best
  }
  return inForce
}

/** Whether a line may be paid with bonus (docs/program.md: "allowed unless one says false"). */
export function modelRedeemable(line: ModelLine, earning: ModelEarning): boolean {
  if (line.giftCard && !earning.giftCards.redeem) return false
  for (const kind of MOST_SPECIFIC_FIRST) {
    const saying = earning.rules.filter((r) => r.kind === kind && r.redeem !== undefined && hits(line, r))
    if (saying.length) return !saying.some((r) => r.redeem === false)
  }
  return true
}

/**
 * The instant a local "YYYY-MM-DDTHH:mm" of `timeZone` names, read as the docs say: the first
 * instant whose wall clock there shows that time or later (a skipped time: the jump; a
 * repeated one: its first occurrence). Scans minute by minute within 15 hours of the UTC reading.
 */
export function modelLocalInstant(local: string, timeZone: string): number {
  const [date, time] = local.split("T")
  const [y, mo, d] = date.split("-").map(Number)
  const [h, mi] = time.split(":").map(Number)
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  const wall = new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
  const target = `${date} ${time}`
  for (let t = asUtc - 15 * 3_600_000; t <= asUtc + 15 * 3_600_000; t += 60_000) {
    if (wall.format(new Date(t)) >= target) return t
  }
  throw new Error(`no instant for ${local} in ${timeZone}`)
}

/**
 * Each line's exact bonus (docs/program.md, "An order's bonus", "Campaigns"): base × line rate ×
 * the highest campaign in force at `at` covering the line (only lines that earn), in hundredths
 * × 10^8 (a whole number: nothing rounded).
 */
export function modelLineBonuses(lines: ModelLine[], ratePercent: number, earning: ModelEarning, at: number): bigint[] {
  const live = earning.campaigns.filter(
    (c) => modelLocalInstant(c.start, earning.timeZone) <= at && at < modelLocalInstant(c.end, earning.timeZone)
  )
  return lines.map((line) => {
    const rate = lineRate(line, ratePercent, earning)
    if (rate === 0n || line.base <= 0) return 0n
    const covering = live.filter((c) => !c.collections.length || c.collections.includes(line.collection ?? ""))
    const times = covering.reduce((m, c) => Math.max(m, Math.round(c.multiplier * 100)), 100)
    // rate: percent × 10^4; times: × 10^2; so base × rate × times is hundredths × 10^8 × 100 %.
    return BigInt(line.base) * rate * BigInt(times)
  })
}

/** The exact line bonuses' unit: hundredths × 10^8 × 100 % (see modelLineBonuses). */
const PER_HUNDREDTH = 100n * 10_000n * 100n

/**
 * An order's bonus (docs/program.md, "An order's bonus", "Campaigns"): the lines' exact
 * bonuses summed, then rounded down once to a multiple of `step`.
 */
export function modelOrderBonus(
  lines: ModelLine[],
  ratePercent: number,
  earning: ModelEarning,
  at: number,
  step = 1
): number {
  const total = modelLineBonuses(lines, ratePercent, earning, at).reduce((sum, b) => sum + b, 0n)
  return Number(total / (PER_HUNDREDTH * BigInt(step))) * step
}

/**
 * What a return takes of `amount` (docs/program.md, "Returns"): the returned lines' share of
 * what the lines earned, each line's exact bonus × returned / its quantity, summed, over every
 * line's exact bonus; of `amount`, rounded down. The caller keeps it within what is left.
 */
export function modelReturnedPart(
  amount: number,
  bonuses: bigint[],
  quantities: number[],
  returned: Array<{ line: number; quantity: number }>
): number {
  const whole = bonuses.reduce((sum, b) => sum + b, 0n)
  if (whole === 0n) return 0
  // Fractions of different quantities summed over the product of all quantities: exact.
  const common = quantities.reduce((p, q) => p * BigInt(q), 1n)
  let back = 0n
  for (const r of returned) {
    const q = BigInt(quantities[r.line])
    const n = BigInt(Math.min(r.quantity, quantities[r.line]))
    back += (bonuses[r.line] * n * common) / q
  }
  return Number((BigInt(amount) * back) / (whole * common))
}

/** A program without `earning`: no rules, gift cards neither earn nor pay, no campaigns. */
export const NO_EARNING: Omit<ModelEarning, "timeZone"> = {
  rules: [],
  giftCards: { earn: false, redeem: false },
  campaigns: [],
}
