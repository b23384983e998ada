import { ledgerEntryProblems } from "../rules/ledger-entry"
import { reason } from "../../../lib/reasons"

const entry = { amount: 500, kind: "manual" as const, dedupe_key: "k", reason: reason("order_canceled") }

describe("what a balance change must be to enter the ledger", () => {
  it("a credit with a key, a known kind and a lifetime within 100 years passes", () => {
    expect(ledgerEntryProblems(entry)).toEqual([])
    expect(ledgerEntryProblems({ ...entry, lifetime_seconds: 30 * 24 * 3600 })).toEqual([])
  })

  it("names each problem: zero, a fraction, too large, an unknown kind, no key, a bad lifetime", () => {
    expect(ledgerEntryProblems({ ...entry, amount: 0 })).toHaveLength(1)
    expect(ledgerEntryProblems({ ...entry, amount: 1.5 })).toHaveLength(1)
    // 20,000,000.01: above the largest single change (MAX_AMOUNT_MINOR, 20,000,000.00).
    expect(ledgerEntryProblems({ ...entry, amount: 2_000_000_001 })).toHaveLength(1)
    expect(ledgerEntryProblems({ ...entry, kind: "gift" as never })).toEqual([expect.stringContaining("kind")])
    expect(ledgerEntryProblems({ ...entry, dedupe_key: " " })).toEqual(["dedupe_key is required"])
    expect(ledgerEntryProblems({ ...entry, lifetime_seconds: -1 })).toEqual([
      "lifetime_seconds must be a positive integer of at most 100 years",
    ])
  })

  it("a balance taken over from the service may be as large as a balance can be", () => {
    expect(ledgerEntryProblems({ ...entry, kind: "opening_balance", amount: 2_000_000_001 })).toEqual([])
  })
})
