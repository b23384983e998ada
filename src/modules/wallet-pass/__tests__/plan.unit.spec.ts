import { PLAN_LIMITS } from "../../../lib/constants"
import { forecastQueue, type ForecastCounts } from "../rules/plan"

const counts = (over: Partial<ForecastCounts>): ForecastCounts => ({
  backlog: 0,
  background_backlog: 0,
  held: [],
  arrived_last_hour: 0,
  carried_last_hour: 0,
  sent_last_hour: 0,
  ...over,
})

describe("the queue's forecast", () => {
  it("an idle queue keeps up and has nothing to drain", () => {
    expect(forecastQueue(counts({}), PLAN_LIMITS.basic)).toMatchObject({
      capacity_per_hour: 60,
      demand_per_hour: 0,
      drain_seconds: 0,
      keeps_up: true,
      suggested_plan: null,
    })
  })

  it("a backlog drains at what the plan leaves over the arrivals", () => {
    // 60 an hour, 30 arriving: 30 an hour left for a backlog of 45, so an hour and a half.
    const f = forecastQueue(counts({ backlog: 45, arrived_last_hour: 30 }), PLAN_LIMITS.basic)
    expect(f).toMatchObject({ demand_per_hour: 30, drain_seconds: 5400, keeps_up: true })
  })

  it("changes carried by another request cost nothing", () => {
    const f = forecastQueue(counts({ backlog: 10, arrived_last_hour: 100, carried_last_hour: 70 }), PLAN_LIMITS.basic)
    expect(f).toMatchObject({ demand_per_hour: 30, drain_seconds: 1200, keeps_up: true })
  })

  it("arrivals at or over the plan never drain: the plan that would keep up is named", () => {
    const f = forecastQueue(counts({ backlog: 200, arrived_last_hour: 90 }), PLAN_LIMITS.basic)
    expect(f).toMatchObject({ keeps_up: false, drain_seconds: null, suggested_plan: "advanced" })
    expect(forecastQueue(counts({ arrived_last_hour: 60 }), PLAN_LIMITS.basic).keeps_up).toBe(false)
  })

  it("a plan is suggested with room to spare, and beyond the largest one raised limits", () => {
    // 650 an hour: over Advanced (600), so Expert; 550 would fit Advanced, but not with a fifth to spare.
    expect(forecastQueue(counts({ arrived_last_hour: 550 }), PLAN_LIMITS.basic).suggested_plan).toBe("expert")
    expect(forecastQueue(counts({ arrived_last_hour: 650 }), PLAN_LIMITS.advanced).suggested_plan).toBe("expert")
    expect(forecastQueue(counts({ arrived_last_hour: 5000 }), PLAN_LIMITS.expert).suggested_plan).toBe("raised")
  })

  it("a plan's hour is bounded by its second as well", () => {
    expect(forecastQueue(counts({}), { perSecond: 1, perHour: 100_000 }).capacity_per_hour).toBe(3600)
  })
})
