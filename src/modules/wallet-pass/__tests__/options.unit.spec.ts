import { parseWalletPassOptions } from "../options"
import { eventsPerDay, planLimits } from "../rules/plan"

const valid = { apiUrl: "https://service.example/v2/", appKey: "secret-app-key" }

function errorOf(raw: unknown): string {
  try {
    parseWalletPassOptions(raw)
  } catch (e) {
    return (e as Error).message
  }
  throw new Error("expected the options to be refused")
}

describe("plugin options", () => {
  it("fills the documented defaults", () => {
    const o = parseWalletPassOptions(valid)
    expect(o).toMatchObject({
      apiUrl: "https://service.example/v2",
      plan: "basic",
      revision: "2.8.2",
      lifetimeUnit: "days",
      accrual: { on: "order.placed", bonusPercent: 0, base: "subtotal", pendingDays: 0 },
      redemption: { maxOrderPercent: 0 },
      discount: { enabled: true },
      logs: { retentionDays: 30 },
      sweep: { enabled: true, graceSeconds: 120, everySeconds: 60, lookBackDays: 30, batchSize: 100 },
    })
    expect(o.currencyCode).toBeUndefined()
    expect(o.defaultCountry).toBeUndefined() // the store's default region decides, else RU
    expect(planLimits(o.plan)).toEqual({ perSecond: 1, perHour: 60 })
  })

  it("the lifetime unit follows the revision unless set: days in 2.8.2, seconds in 2.7.2 (issue 40 item 2)", () => {
    expect(parseWalletPassOptions({ ...valid, revision: "2.7.2" }).lifetimeUnit).toBe("seconds")
    expect(parseWalletPassOptions({ ...valid, revision: "2.8.2" }).lifetimeUnit).toBe("days")
    expect(parseWalletPassOptions({ ...valid, revision: "2.7.2", lifetimeUnit: "days" }).lifetimeUnit).toBe("days")
    expect(parseWalletPassOptions({ ...valid, lifetimeUnit: "seconds" }).lifetimeUnit).toBe("seconds")
  })

  it("accepts accrual.pendingDays from 0 to 365 whole days (docs/options.md)", () => {
    for (const days of [0, 1, 14, 365]) {
      expect(parseWalletPassOptions({ ...valid, accrual: { pendingDays: days } }).accrual.pendingDays).toBe(days)
    }
  })

  it("accepts a custom plan and normalises codes", () => {
    const o = parseWalletPassOptions({
      ...valid,
      plan: { perSecond: 2, perHour: 5000 },
      defaultCountry: "de",
      currencyCode: "EUR",
      hooks: { crmKey: "k" },
    })
    expect(planLimits(o.plan)).toEqual({ perSecond: 2, perHour: 5000 })
    expect(o.defaultCountry).toBe("DE")
    expect(o.currencyCode).toBe("eur")
    expect(o.hooks).toMatchObject({ crmKey: "k", trustProxy: false })
  })

  it("ignores the keys Medusa adds to module options", () => {
    expect(() => parseWalletPassOptions({ ...valid, database: {}, definition: {} })).not.toThrow()
  })

  it.each([
    [{ appKey: "x" }, "apiUrl: is required"],
    [{ ...valid, apiUrl: "ftp://x" }, "apiUrl: apiUrl must be an http(s) URL"],
    [{ apiUrl: valid.apiUrl }, "appKey: is required"],
    [{ ...valid, plan: "gold" }, 'plan: plan must be one of "basic", "advanced", "expert", "exclusive"'],
    [{ ...valid, plan: { perSecond: 0, perHour: 10 } }, "plan.perSecond: plan.perSecond must be a positive integer"],
    // A fraction where a whole number belongs is a wrong value, not a missing one.
    [{ ...valid, sync: { windowDays: 1.5 } }, "- sync.windowDays: sync.windowDays must be a whole number of days"],
    [{ ...valid, plan: { perSecond: 5, perHour: 2 } }, "plan.perHour must be at least plan.perSecond"],
    [{ ...valid, revision: "3.0" }, 'revision: revision must be one of "2.8.2", "2.7.2"'],
    [{ ...valid, defaultCountry: "XX" }, "defaultCountry: defaultCountry must be an ISO 3166-1 alpha-2"],
    [{ ...valid, templateUuid: "abc" }, "templateUuid: templateUuid must be a UUID"],
    [
      { ...valid, installLink: { formUrl: "https://f.example", sms: "no token" } },
      "installLink.sms: installLink.sms must contain %link%",
    ],
    [{ ...valid, hooks: {} }, "hooks needs a credential"],
    [{ ...valid, hooks: { login: "l" } }, "hooks.login and hooks.password must be set together"],
    [{ ...valid, hooks: { login: "l", password: "p", crmKey: "k" } }, "not both"],
    [{ ...valid, hooks: { crmKey: "k", allowedIp: "10.0.0" } }, "hooks.allowedIp must be a single IPv4 address"],
    [{ ...valid, accrual: { on: "order.paid" } }, 'accrual.on: accrual.on must be one of "order.placed"'],
    [{ ...valid, accrual: { bonusPercent: 120 } }, "accrual.bonusPercent must be a number from 0 to 100"],
    [{ ...valid, accrual: { bonusPercent: 1.234 } }, "accrual.bonusPercent accepts at most two decimal places"],
    [{ ...valid, accrual: { base: "net" } }, 'accrual.base: accrual.base must be "subtotal" or "total"'],
    [{ ...valid, accrual: { pendingDays: -1 } }, "accrual.pendingDays must be a whole number of days from 0 to 365"],
    [{ ...valid, accrual: { pendingDays: 366 } }, "accrual.pendingDays must be a whole number of days from 0 to 365"],
    [{ ...valid, accrual: { pendingDays: 1.5 } }, "accrual.pendingDays must be a whole number of days from 0 to 365"],
    [{ ...valid, accrual: { pendingDays: "14" } }, "accrual.pendingDays must be a whole number of days from 0 to 365"],
    [{ ...valid, currencyCode: "euro" }, "currencyCode: currencyCode must be a three-letter ISO 4217 code"],
    [{ ...valid, redemption: { maxOrderPercent: -1 } }, "redemption.maxOrderPercent must be a number from 0 to 100"],
    [{ ...valid, discount: { enabled: "yes" } }, "discount.enabled must be true or false"],
    [
      { ...valid, dispatcher: { echoGraceSeconds: 0 } },
      "dispatcher.echoGraceSeconds: dispatcher.echoGraceSeconds must be a number of seconds from 1 to 3600",
    ],
    [
      { ...valid, dispatcher: { sendingLeaseSeconds: "60" } },
      "dispatcher.sendingLeaseSeconds must be a number of seconds from 1 to 3600",
    ],
    [
      { ...valid, logs: { retentionDays: 0 } },
      "logs.retentionDays: logs.retentionDays must be a whole number of days from 1 to 3650",
    ],
    [{ ...valid, logs: { retentionDays: 1.5 } }, "logs.retentionDays must be a whole number of days"],
    [{ ...valid, sweep: { everySeconds: 1 } }, "sweep.everySeconds must be a whole number of seconds from 5 to 86400"],
    [{ ...valid, sweep: { lookBackDays: 0.5 } }, "sweep.lookBackDays must be a whole number of days"],
    [{ ...valid, sweep: { since: "2026-01-01" } }, 'unknown option(s) "since"'],
    [{ ...valid, apiKey: "typo" }, 'unknown option(s) "apiKey"'],
    // Issue 29 item 4: revision 2.7.2 has no event/send and no template_uuid.
    [
      { ...valid, revision: "2.7.2", events: { "order.placed": "order" } },
      "events: store events go out as event/send, which revision 2.7.2 does not have",
    ],
    [
      { ...valid, revision: "2.7.2", templateUuid: "9b2f5c3e-6a71-4f0e-9d7a-0c1e2b3a4d5f" },
      "templateUuid: revision 2.7.2 has no template_uuid",
    ],
    [{ ...valid, lifetimeUnit: "hours" }, 'lifetimeUnit: lifetimeUnit must be "days" or "seconds"'],
  ])("refuses %j naming the option", (raw, expected) => {
    expect(errorOf(raw)).toContain(expected)
  })

  it("the queue's classes: class c's share, profile spacing and the longest Retry-After, with defaults", () => {
    expect(parseWalletPassOptions(valid).dispatcher).toMatchObject({
      openShare: 0.5,
      profileSpacingSeconds: 300,
      maxRetryAfterSeconds: 60,
    })
    expect(errorOf({ ...valid, dispatcher: { openShare: 0 } })).toContain(
      "dispatcher.openShare must be a number from 0.01 to 1"
    )
    expect(errorOf({ ...valid, dispatcher: { profileSpacingSeconds: -1 } })).toContain(
      "dispatcher.profileSpacingSeconds must be a number of seconds from 0 to 86400"
    )
    expect(errorOf({ ...valid, dispatcher: { maxRetryAfterSeconds: 0 } })).toContain(
      "dispatcher.maxRetryAfterSeconds must be a number of seconds from 1 to 3600"
    )
  })

  it("store events get a daily cap whenever one is mapped: a tenth of the plan's day unless eventsPerDay says", () => {
    expect(eventsPerDay(parseWalletPassOptions(valid))).toBeNull()
    const mapped = { ...valid, events: { "cart.abandoned": "cart_left" } }
    expect(eventsPerDay(parseWalletPassOptions(mapped))).toBe(144) // basic: 60 an hour
    expect(eventsPerDay(parseWalletPassOptions({ ...mapped, plan: "expert" }))).toBe(8640)
    expect(eventsPerDay(parseWalletPassOptions({ ...mapped, eventsPerDay: 20 }))).toBe(20)
  })

  it("never echoes a secret in its error", () => {
    const message = errorOf({ apiUrl: "not a url", appKey: "s3cr3t-app-key", hooks: { password: "hunter2-pw" } })
    expect(message).not.toContain("s3cr3t-app-key")
    expect(message).not.toContain("hunter2-pw")
    expect(message).toMatch(/^Invalid medusa-plugin-wallet-pass options:\n- /)
  })

  // texts.forwardedBy (docs/options.md): the servers whose X-Forwarded-For is believed.
  it("defaults to none and takes addresses and CIDR prefixes of both families", () => {
    expect(parseWalletPassOptions(valid).texts.forwardedBy).toEqual([])
    const list = ["10.0.0.5", " 10.1.0.0/16 ", "2001:db8::/64", "::1"]
    expect(parseWalletPassOptions({ ...valid, texts: { forwardedBy: list } }).texts.forwardedBy).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "2001:db8::/64",
      "::1",
    ])
  })

  it.each([
    ["10.0.0", "not an address"],
    ["10.0.0.0/33", "an IPv4 prefix longer than 32"],
    ["2001:db8::/129", "an IPv6 prefix longer than 128"],
    ["10.0.0.0/16/8", "two prefixes"],
    ["storefront.example", "a host name"],
    [42, "not a string"],
  ] as [unknown, string][])("refuses %p (%s) with a message naming the option", (entry) => {
    expect(errorOf({ ...valid, texts: { forwardedBy: [entry] } })).toContain(
      "texts.forwardedBy must be a list of IP addresses or CIDR prefixes"
    )
  })

  it("refuses a value that is no list", () => {
    expect(errorOf({ ...valid, texts: { forwardedBy: "10.0.0.5" } })).toContain(
      "texts.forwardedBy must be a list of IP addresses or CIDR prefixes"
    )
  })

  it("refuses it beside texts.trustProxy, which believes every caller", () => {
    expect(errorOf({ ...valid, texts: { trustProxy: true, forwardedBy: ["10.0.0.5"] } })).toContain(
      "texts.trustProxy and texts.forwardedBy exclude each other"
    )
  })
})
