import { parseWalletPassOptions } from "../options"
import { eventValue, STORE_EVENT_NAMES, storeEventsSchema } from "../rules/store-events"
import { eventValueParts, eventValueText } from "../../../lib/event-values"

const valid = { apiUrl: "https://service.example/v2/", appKey: "secret-app-key" }
const errorOf = (events: unknown) => {
  try {
    parseWalletPassOptions({ ...valid, events })
    return ""
  } catch (e) {
    return (e as Error).message
  }
}

describe("option events", () => {
  it("takes a key or { key, ...params }, fills the parameters' defaults, and takes fractions", () => {
    expect(
      storeEventsSchema.parse({
        "order.placed": "purchase",
        "cart.abandoned": { key: "cart_left", afterMinutes: 0.05 },
        "bonus.expiring": "expiring",
        "pass.not_installed": { key: "install_reminder" },
      })
    ).toEqual({
      "order.placed": { key: "purchase", windowHours: 0 },
      // Once per customer and day by default (docs/store-events.md).
      "cart.abandoned": { key: "cart_left", afterMinutes: 0.05, windowHours: 24 },
      "bonus.expiring": { key: "expiring", daysBefore: 3, windowHours: 0 },
      "pass.not_installed": { key: "install_reminder", afterDays: 2, windowHours: 0 },
    })
    expect(parseWalletPassOptions(valid).events).toEqual({})
  })

  it("refuses an unknown event with the list of supported ones", () => {
    const message = errorOf({ "order.paid": "paid" })
    expect(message).toContain('events.order.paid: unknown store event "order.paid"; supported: ')
    for (const name of STORE_EVENT_NAMES) expect(message).toContain(name)
  })

  it.each([
    [
      { "cart.abandoned": { key: "k", afterDays: 2 } },
      "events.cart.abandoned must be an event key or { key, afterMinutes, windowHours }",
    ],
    [
      { "order.placed": { key: "k", afterMinutes: 5 } },
      "events.order.placed must be an event key or { key, windowHours }",
    ],
    [
      { "cart.abandoned": { key: "k", afterMinutes: -1 } },
      "events.cart.abandoned.afterMinutes must be a number of minutes",
    ],
    [{ birthday: "" }, "events.birthday must be an event key"],
    ["purchase", "events must be a map from store events to event keys"],
  ])("refuses %j naming the event", (events, expected) => {
    expect(errorOf(events)).toContain(expected)
  })
})

describe("an event's value", () => {
  it("is cut to the service's 100 characters, not refused", () => {
    expect(eventValue("x".repeat(100))).toBe("x".repeat(100))
    expect(eventValue("x".repeat(101))).toBe(`${"x".repeat(99)}…`)
    expect(eventValue("  #12 \n 110.00 EUR ")).toBe("#12 110.00 EUR")
  })

  it("is kept as parts and sent as the text the service always got: amounts with two decimals and the currency", () => {
    const order = eventValueParts("order_total", { order: 12, amount: 110, currency: "EUR" })
    expect(order).toEqual({ code: "order_total", values: { order: 12, amount: 110, currency: "eur" } })
    expect(eventValueText(order)).toBe("#12 110.00 EUR")
    expect(eventValueText(eventValueParts("cart", { items: 2, amount: 210, currency: "eur" }))).toBe(
      "2 item(s), 210.00 EUR"
    )
    expect(eventValueText(eventValueParts("expiring", { amount: 25.5, date: "2026-11-27" }))).toBe(
      "25.50 on 2026-11-27"
    )
    expect(eventValueText(eventValueParts("order_returned", { order: 12, items: 1 }))).toBe("#12, 1 item(s) returned")
  })
})
