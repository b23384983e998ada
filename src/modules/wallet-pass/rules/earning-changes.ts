import type { EarnCampaign, EarnRule, Earning } from "./earning"

/** One change for the program's history (rules/program.ts `ProgramChange`, same shape). */
type Change = { field: string; level?: string; from: string | number | null; to: string | number | null }

/** A rule as one line of the history: "×2", "5%", "none", with "no bonus payment" when it refuses paying with bonus. */
export function describeEarnRule(rule: EarnRule): string {
  const earn = !rule.earn
    ? null
    : "multiplier" in rule.earn
      ? `×${rule.earn.multiplier}`
      : "percent" in rule.earn
        ? `${rule.earn.percent}%`
        : "none"
  const redeem = rule.redeem === undefined ? null : rule.redeem ? "bonus payment allowed" : "no bonus payment"
  return [earn, redeem].filter(Boolean).join(", ")
}

const describeCampaign = (c: EarnCampaign) =>
  `×${c.multiplier} ${c.start}–${c.end}${c.collections.length ? ` on ${c.collections.join(", ")}` : ""}`

/**
 * What `after` changes of `before` in the program's earning, for the history: a rule by its
 * target ("tag ptag_..."), a campaign by its id (named by its name), added (from null),
 * removed (to null) or changed; the gift-card settings.
 */
export function earningChanges(before: Earning, after: Earning): Change[] {
  const changes: Change[] = []
  const diff = <T>(
    field: string,
    was: T[],
    now: T[],
    key: (t: T) => string,
    label: (t: T) => string,
    text: (t: T) => string
  ) => {
    const old = new Map(was.map((t) => [key(t), t]))
    const kept = new Set(now.map(key))
    for (const t of now) {
      const from = old.has(key(t)) ? text(old.get(key(t))!) : null
      if (from !== text(t)) changes.push({ field, level: label(t), from, to: text(t) })
    }
    for (const t of was) if (!kept.has(key(t))) changes.push({ field, level: label(t), from: text(t), to: null })
  }
  const target = (r: EarnRule) => `${r.target.kind} ${r.target.id}`
  diff("earning.rule", before.rules, after.rules, target, target, describeEarnRule)
  diff(
    "earning.campaign",
    before.campaigns,
    after.campaigns,
    (c) => c.id,
    (c) => c.name,
    describeCampaign
  )
  for (const field of ["earn", "redeem"] as const) {
    const from = String(before.giftCards[field])
    const to = String(after.giftCards[field])
    if (from !== to) changes.push({ field: `earning.giftCards.${field}`, from, to })
  }
  return changes
}
