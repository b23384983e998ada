import { sweepLate } from "../rules/overview"

// The overview's warning (docs/operations.md, "When Redis loses the schedule"): late after two
// intervals and a minute without a run.
describe("sweepLate", () => {
  const now = "2026-11-28T06:00:00Z"
  const installedAt = "2026-11-01T00:00:00Z"
  const at = (secondsAgo: number) => new Date(Date.parse(now) - secondsAgo * 1000)

  it("is late past two intervals and a minute since the last run", () => {
    expect(sweepLate({ enabled: true, everySeconds: 10, lastRunAt: at(80), installedAt, now })).toBe(false)
    expect(sweepLate({ enabled: true, everySeconds: 10, lastRunAt: at(81), installedAt, now })).toBe(true)
    expect(sweepLate({ enabled: true, everySeconds: 60, lastRunAt: at(170), installedAt, now })).toBe(false)
    expect(sweepLate({ enabled: true, everySeconds: 60, lastRunAt: at(181), installedAt, now })).toBe(true)
  })

  it("counts from the installation while the sweep never ran, and is never late when off", () => {
    expect(sweepLate({ enabled: true, everySeconds: 10, lastRunAt: null, installedAt: at(30), now })).toBe(false)
    expect(sweepLate({ enabled: true, everySeconds: 10, lastRunAt: null, installedAt, now })).toBe(true)
    expect(sweepLate({ enabled: false, everySeconds: 10, lastRunAt: at(3600), installedAt, now })).toBe(false)
  })
})
