import { localTimeToInstant } from "../../../lib/time-zone"

/**
 * Earn rules and campaigns (docs/program.md, "Earn rules" and "Campaigns"): what each line of
 * an order earns by what is bought, and the order's bonus, rounded once. Pure: no container,
 * no database, no zod (the admin and the storefront bundle it); the program's schema
 * (rules/program.ts) checks the `earning` part it reads.
 */

/** What an earn rule targets, the most specific first: a tag beats a type, a category, a collection. */
export const EARN_TARGET_KINDS = ["tag", "type", "category", "collection"] as const
export type EarnTargetKind = (typeof EARN_TARGET_KINDS)[number]

/** A rule's earning: × the rate in force, a fixed percent for the line, or nothing. */
export type EarnRate = { multiplier: number } | { percent: number } | { none: true }

export type EarnRule = {
  id: string
  target: { kind: EarnTargetKind; id: string }
  earn?: EarnRate
  /** false: the line cannot be paid with bonus. */
  redeem?: boolean
}

export type EarnCampaign = {
  id: string
  name: string
  multiplier: number
  /** Local date-time "YYYY-MM-DDTHH:mm" in the program's time zone; the campaign covers [start, end). */
  start: string
  end: string
  /** Empty: every line; else only lines of these collections. */
  collections: string[]
}

/** The program's `earning` (rules/program.ts). */
export type Earning = {
  rules: EarnRule[]
  giftCards: { earn: boolean; redeem: boolean }
  campaigns: EarnCampaign[]
}

/** A program without `earning`: no rules, gift cards neither earn nor pay with bonus, no campaigns. */
export const DEFAULT_EARNING: Earning = { rules: [], giftCards: { earn: false, redeem: false }, campaigns: [] }

/** One line of an order or a cart, with what the rules pick lines by. */
export type EarnLine = {
  id: string
  /** Minor units, after the line's own discounts, without tax. */
  base: number
  is_giftcard: boolean
  product_collection_id: string | null
  product_category_ids: string[]
  product_type_id: string | null
  product_tag_ids: string[]
}

/** A line with no product facts (no collection, category, type or tag; not a gift card): no rule matches it. */
export function earnLine(id: string, base: number, facts: Partial<EarnLine> = {}): EarnLine {
  return {
    id,
    base,
    is_giftcard: false,
    product_collection_id: null,
    product_category_ids: [],
    product_type_id: null,
    product_tag_ids: [],
    ...facts,
  }
}

/** What decides a line's earning: a rule (by kind), the gift-card setting, or nothing (null: the rate in force). */
export type EarnDecider = { kind: EarnTargetKind | "gift_card"; rule_id: string | null }

export type LineRules = {
  earn: EarnDecider | null
  /** "holder": the rate in force, as with no rule. */
  rate: "holder" | EarnRate
  /** Whether the line may be paid with bonus. */
  redeem: boolean
}

function matches(line: EarnLine, target: EarnRule["target"]): boolean {
  switch (target.kind) {
    case "tag":
      return line.product_tag_ids.includes(target.id)
    case "type":
      return line.product_type_id === target.id
    case "category":
      return line.product_category_ids.includes(target.id)
    case "collection":
      return line.product_collection_id === target.id
  }
}

/** Hundredths of a two-decimal number (2 -> 200, 1.25 -> 125, 5.5 -> 550). */
const hundredths = (value: number) => Math.round(value * 100)

/**
 * A rate as millionths of the base (basis points × 100), exact in integers: the rate in force
 * for "holder", × the multiplier, a fixed percent, or 0.
 */
function rateMillionths(rate: LineRules["rate"], rateBp: number): bigint {
  const bp = BigInt(Math.max(0, Math.round(rateBp)))
  if (rate === "holder") return bp * 100n
  if ("multiplier" in rate) return bp * BigInt(hundredths(rate.multiplier))
  if ("percent" in rate) return BigInt(hundredths(rate.percent)) * 100n
  return 0n
}

/**
 * The rules for one line (docs/program.md, "Earn rules"): earning and paying with bonus are
 * decided apart, each by the most specific kind of rule that says something about it (tag >
 * type > category > collection). Two rules of that kind matching the line: the higher earning
 * rate wins (compared at `rate_bp`, the rate in force; equal rates: the earlier rule), and
 * paying with bonus is allowed unless one of them says false. A gift card earns and pays with
 * bonus only as `earning.giftCards` allows; where it allows, the rules apply as to any line.
 */
export function lineRules(line: EarnLine, earning: Earning, rate_bp = 0): LineRules {
  let earn: EarnDecider | null = null
  let rate: LineRules["rate"] = "holder"
  let redeem: boolean | null = null
  const giftCard = line.is_giftcard
  if (giftCard && !earning.giftCards.earn) {
    earn = { kind: "gift_card", rule_id: null }
    rate = { none: true }
  }
  if (giftCard && !earning.giftCards.redeem) redeem = false
  for (const kind of EARN_TARGET_KINDS) {
    if (earn && redeem !== null) break
    const found = earning.rules.filter((r) => r.target.kind === kind && matches(line, r.target))
    if (!earn) {
      let best: { rule: EarnRule; value: bigint } | null = null
      for (const rule of found) {
        if (!rule.earn) continue
        const value = rateMillionths(rule.earn, rate_bp)
        if (!best || value > best.value) best = { rule, value }
      }
      if (best) {
        earn = { kind, rule_id: best.rule.id }
        rate = best.rule.earn!
      }
    }
    if (redeem === null) {
      const said = found.filter((r) => r.redeem !== undefined)
      if (said.length) redeem = said.every((r) => r.redeem !== false)
    }
  }
  return { earn, rate, redeem: redeem ?? true }
}

/** Whether a campaign covers `at`: [start, end) read in `timeZone` (lib/time-zone.ts, DST there). */
export function campaignActive(campaign: EarnCampaign, timeZone: string, at: Date): boolean {
  const start = localTimeToInstant(campaign.start, timeZone)
  const end = localTimeToInstant(campaign.end, timeZone)
  if (!start || !end) return false
  return start.getTime() <= at.getTime() && at.getTime() < end.getTime()
}

/** A campaign's state at `now`: before its start, inside [start, end), or after. */
export function campaignState(campaign: EarnCampaign, timeZone: string, now: Date): "scheduled" | "running" | "ended" {
  const start = localTimeToInstant(campaign.start, timeZone)
  const end = localTimeToInstant(campaign.end, timeZone)
  if (start && now.getTime() < start.getTime()) return "scheduled"
  if (end && now.getTime() >= end.getTime()) return "ended"
  return "running"
}

export type OrderBonusLineResult = {
  id: string
  base: number
  /** The line's effective rate, basis points, the campaign included (may be fractional: 333 × 1.25 = 416.25). */
  rate_bp: number
  /** The rule that decided the line's earning (null: none did, or a gift card excluded). */
  rule_id: string | null
  campaign_id: string | null
  /** The line's bonus, minor units, exact (may be fractional): the order rounds once, not each line. */
  bonus_exact: number
  /** Whether the line may be paid with bonus (lineRules). */
  redeemable: boolean
}

export type OrderBonusResult = {
  /** Σ exact line bonuses, rounded DOWN once per order to a multiple of `step`. */
  amount: number
  lines: OrderBonusLineResult[]
  /** What each campaign added over the line bonuses without it, exact, before rounding. */
  campaigns: Array<{ id: string; extra_exact: number }>
}

/** Millionths × hundredths: a line's exact bonus is numerator / 10^8 minor units. */
const EXACT = 100_000_000n

/**
 * An order's bonus (docs/program.md, "Earn rules"): each line's base × its rate (lineRules) ×
 * the multiplier of the highest campaign active at `placed_at` that covers the line (campaigns
 * multiply only lines that earn), summed exactly in integers and rounded down once, to a
 * multiple of `step` (the currency's minor unit). With no rules, campaigns or gift cards it is
 * floor(bonusFor(Σ base, rate_bp) / step) × step, the order's bonus without earn rules.
 */
export function orderBonus(input: {
  lines: EarnLine[]
  /** The rate in force: the holder's or the program's default, proof rules applied. */
  rate_bp: number
  earning: Earning
  time_zone: string
  placed_at: Date
  step: number
}): OrderBonusResult {
  const { earning, rate_bp } = input
  const active = earning.campaigns.filter((c) => campaignActive(c, input.time_zone, input.placed_at))
  const extra = new Map<string, bigint>(active.map((c) => [c.id, 0n]))
  let total = 0n
  const lines = input.lines.map((line): OrderBonusLineResult => {
    const rules = lineRules(line, earning, rate_bp)
    const base = BigInt(Math.max(0, Math.trunc(line.base)))
    const rate = rateMillionths(rules.rate, rate_bp)
    let campaign: EarnCampaign | null = null
    if (rate > 0n) {
      for (const c of active) {
        const covers = !c.collections.length || c.collections.includes(line.product_collection_id ?? "")
        if (covers && (!campaign || hundredths(c.multiplier) > hundredths(campaign.multiplier))) campaign = c
      }
    }
    const times = BigInt(campaign ? hundredths(campaign.multiplier) : 100)
    const exact = base * rate * times
    total += exact
    if (campaign) extra.set(campaign.id, extra.get(campaign.id)! + base * rate * (times - 100n))
    return {
      id: line.id,
      base: Number(base),
      rate_bp: Number(rate * times) / 10_000,
      rule_id: rules.earn?.rule_id ?? null,
      campaign_id: campaign?.id ?? null,
      bonus_exact: Number(exact) / Number(EXACT),
      redeemable: rules.redeem,
    }
  })
  const step = BigInt(Math.max(1, Math.trunc(input.step)))
  return {
    amount: Number((total / (EXACT * step)) * step),
    lines,
    campaigns: active.map((c) => ({ id: c.id, extra_exact: Number(extra.get(c.id)!) / Number(EXACT) })),
  }
}
