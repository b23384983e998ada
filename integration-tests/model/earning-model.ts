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

/** A line of an order: its base (after its own discounts, without tax) and what its product is. */
export type ModelLine = {
  base: number
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
 * An order's bonus (docs/program.md, "An order's bonus", "Campaigns"): Σ base × line rate ×
 * the highest campaign in force at `at` covering the line (only lines that earn), exact, then
 * rounded down once to a multiple of `step`.
 */
export function modelOrderBonus(
  lines: ModelLine[],
  ratePercent: number,
  earning: ModelEarning,
  at: number,
  step = 1
): number {
  const live = earning.campaigns.filter(
    (c) => modelLocalInstant(c.start, earning.timeZone) <= at && at < modelLocalInstant(c.end, earning.timeZone)
  )
  let total = 0n // hundredths × 10^8
  for (const line of lines) {
    const rate = lineRate(line, ratePercent, earning)
    if (rate === 0n || line.base <= 0) continue
    const covering = live.filter((c) => !c.collections.length || c.collections.includes(line.collection ?? ""))
    const times = covering.reduce((m, c) => Math.max(m, Math.round(c.multiplier * 100)), 100)
    total += BigInt(line.base) * rate * BigInt(times)
  }
  // rate: percent × 10^4; times: × 10^2; so ÷ (100 % × 10^4 × 10^2).
  const exact = total / (100n * 10_000n * 100n * BigInt(step))
  return Number(exact) * step
}

/** A program without `earning`: no rules, gift cards neither earn nor pay, no campaigns. */
export const NO_EARNING: Omit<ModelEarning, "timeZone"> = {
  rules: [],
  giftCards: { earn: false, redeem: false },
  campaigns: [],
}
