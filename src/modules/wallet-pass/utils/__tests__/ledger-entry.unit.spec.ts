import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from "../../constants"
import { newLedgerEntry } from "../ledger-entry"

const entry = (kind: string, amount: number) => () =>
  newLedgerEntry({ amount, kind: kind as never, reason: null, dedupe_key: `k:${kind}:${amount}` } as never)

describe("a new ledger entry's checks (docs/architecture.md, 'The ledger')", () => {
  it("bounds a store change by the largest single amount", () => {
    expect(entry("manual", MAX_AMOUNT_MINOR)).not.toThrow()
    expect(entry("manual", MAX_AMOUNT_MINOR + 1)).toThrow(/at most/)
    expect(entry("accrual", 0)).toThrow(/must not be zero/)
  })

  it("takes a balance the service held (an opening balance, an import's adjustment) up to the largest balance", () => {
    expect(entry("opening_balance", MAX_AMOUNT_MINOR + 1)).not.toThrow()
    expect(entry("sync_adjustment", -MAX_BALANCE_MINOR)).not.toThrow()
    expect(entry("opening_balance", MAX_BALANCE_MINOR + 1)).toThrow(/at most/)
  })
})
