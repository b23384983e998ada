import { userCreateOrUpdateInputSchema } from "../../../../lib/wallet-pass-client/schemas"
import { parseHook, ParseHookOptions } from "../parse-hook"

const opts: ParseHookOptions = { defaultCountry: "RU", revision: "2.8.2" }
const ok = (raw: unknown, o = opts) => {
  const r = parseHook(raw, o)
  if (!r.ok) throw new Error(`expected ok, got: ${r.error}`)
  return r.command
}

describe("parseHook", () => {
  it("createCustomer: E.164 phone, birthday as yyyy-mm-dd, cards with tracks, percents in basis points", () => {
    expect(
      ok({
        method: "createCustomer",
        crm_key: "k",
        customer: {
          phone: "8 (999) 123-45-67",
          name: " Anna ",
          email: "anna@example.com",
          birthday: "17.05.1990",
          cardNumbers: ["100001", 100002],
          cardTracks: [{ card: "100001", track: "T1" }],
          bonus: "5",
          discount: 2.5,
          referCustomerPhone: "+79990000000",
          extra: { gender: "f" },
          user_hash: "h",
          promo: "P1",
        },
      })
    ).toEqual({
      method: "createCustomer",
      phone: "+79991234567",
      cards: [{ number: "100001", track: "T1" }, { number: "100002" }],
      fields: {
        name: "Anna",
        surname: undefined,
        middlename: undefined,
        email: "anna@example.com",
        birthday: "1990-05-17",
        extra: { gender: "f" },
        promo: "P1",
        user_hash: "h",
        referrer_phone: "+79990000000",
      },
      bonus_percent_bp: 500,
      discount_percent_bp: 250,
      dropped: [],
      rounded: [],
    })
  })

  it("addBalance: signed minor units; lifetime in the lifetimeUnit option's unit, else the revision's (days in 2.8.2, seconds in 2.7.2)", () => {
    const body = {
      method: "addBalance",
      customer: { phone: "+79991234567", cardNumbers: ["1"], sum: "-12.5", transactionId: "t1", lifetime: 2 },
    }
    expect(ok(body)).toMatchObject({ amount: -1250, transaction_id: "t1", lifetime_seconds: 172800 })
    // Issue 40 item 2: the description gives the lifetime in seconds in 2.7.2.
    expect(ok(body, { ...opts, revision: "2.7.2" })).toMatchObject({ lifetime_seconds: 2 })
    expect(ok(body, { ...opts, revision: "2.7.2", lifetimeUnit: "days" })).toMatchObject({ lifetime_seconds: 172800 })
    expect(ok(body, { ...opts, lifetimeUnit: "seconds" })).toMatchObject({ lifetime_seconds: 2 })
  })

  // Issue 40 item 1 (docs/service-api.md, "Amounts and percents in hooks"): no money hook is
  // refused for its precision. Float noise is the amount it means; a real extra decimal is
  // rounded half away from zero to the currency's unit and recorded.
  it("float noise is the amount it means, with no record", () => {
    const create = ok({ method: "createCustomer", customer: { phone: "+79991234567", balance: 0.1 + 0.2 } })
    expect(create).toMatchObject({ balance: 30, rounded: [] })
    const add = ok({
      method: "addBalance",
      customer: { phone: "+79991234567", sum: 0.30000000000000004, transactionId: "t" },
    })
    expect(add).toMatchObject({ amount: 30, rounded: [] })
    const set = ok({ method: "setPrivileges", customer: { phone: "+79991234567", bonus: 5.000000001 } })
    expect(set).toMatchObject({ bonus_percent_bp: 500, rounded: [] })
  })

  it("a real extra decimal is rounded half away from zero and recorded with what was sent", () => {
    const add = (sum: unknown) =>
      ok({ method: "addBalance", customer: { phone: "+79991234567", sum, transactionId: "t" } })
    expect(add(10.005)).toMatchObject({
      amount: 1001,
      rounded: [
        { field: "customer.sum", reason: expect.stringContaining("rounded from 10.005 to 10.01 (half away from zero") },
      ],
    })
    expect(add(-10.005)).toMatchObject({ amount: -1001 })
    expect(add("10.015")).toMatchObject({ amount: 1002 })
    expect(add(10.004)).toMatchObject({ amount: 1000 })
    const set = ok({ method: "setPrivileges", customer: { phone: "+79991234567", bonus: 33.333, discount: 10.005 } })
    expect(set).toMatchObject({ bonus_percent_bp: 3333, discount_percent_bp: 1001 })
    expect(set.rounded.map((r) => r.field)).toEqual(["customer.bonus", "customer.discount"])
    const create = ok({
      method: "createCustomer",
      customer: { phone: "+79991234567", balance: "12.3456", bonus: 2.505 },
    })
    expect(create).toMatchObject({ balance: 1235, bonus_percent_bp: 251, dropped: [] })
    expect(create.rounded.map((r) => r.field)).toEqual(["customer.bonus", "customer.balance"])
  })

  it("rounds amounts to the currency's unit when it has no cents (amountStep 100), percents still to hundredths", () => {
    const jpy = { ...opts, amountStep: 100 }
    const add = ok({ method: "addBalance", customer: { phone: "+79991234567", sum: 10.5, transactionId: "t" } }, jpy)
    expect(add).toMatchObject({ amount: 1100, rounded: [{ field: "customer.sum" }] })
    const set = ok({ method: "setPrivileges", customer: { phone: "+79991234567", bonus: 2.5 } }, jpy)
    expect(set).toMatchObject({ bonus_percent_bp: 250, rounded: [] })
  })

  it("a sum rounded to nothing is a command of 0 (answered, nothing credited); one sent as 0 is refused", () => {
    expect(
      ok({ method: "addBalance", customer: { phone: "+79991234567", sum: 0.004, transactionId: "t" } })
    ).toMatchObject({
      amount: 0,
      rounded: [{ field: "customer.sum" }],
    })
    for (const sum of [0, "0.00", 1e-9]) {
      const result = parseHook(
        { method: "addBalance", customer: { phone: "+79991234567", sum, transactionId: "t" } },
        opts
      )
      expect(!result.ok && result.error).toBe("customer.sum must not be zero")
    }
  })

  it("text caps count characters (code points), not UTF-16 units (issue 40 item 5)", () => {
    const emoji = "😀".repeat(300) // 300 characters, 600 UTF-16 units
    const command = ok({ method: "createCustomer", customer: { phone: "+79991234567", name: emoji } })
    expect(command).toMatchObject({ fields: { name: emoji }, dropped: [] })
    const tooLong = ok({ method: "createCustomer", customer: { phone: "+79991234567", name: "😀".repeat(501) } })
    expect(tooLong).toMatchObject({ fields: { name: undefined }, dropped: [{ field: "customer.name" }] })
  })

  it("addBalance: lifetime 0 is a credit that never expires (issue 29 item 3)", () => {
    const body = {
      method: "addBalance",
      customer: { phone: "+79991234567", cardNumbers: ["1"], sum: 5, transactionId: "t0", lifetime: 0 },
    }
    const command = ok(body)
    expect(command).toMatchObject({ amount: 500, transaction_id: "t0" })
    expect(command).toHaveProperty("lifetime_seconds", undefined)
    expect(ok({ ...body, customer: { ...body.customer, lifetime: "0" } })).toHaveProperty("lifetime_seconds", undefined)
  })

  it("createCustomer keeps what is valid and records what it dropped (issue 29 item 1)", () => {
    const command = ok({
      method: "createCustomer",
      customer: {
        phone: "+79991234567",
        name: "Anna",
        surname: "x".repeat(501),
        email: "not an address",
        birthday: "1990-02-30",
        referCustomerPhone: "12",
        cardNumbers: ["100001", " ", { bad: true }],
        cardTracks: "nope",
        bonus: 250,
      },
    })
    expect(command).toMatchObject({
      method: "createCustomer",
      phone: "+79991234567",
      cards: [{ number: "100001" }],
      fields: { name: "Anna", surname: undefined, email: undefined, birthday: undefined, referrer_phone: undefined },
      bonus_percent_bp: undefined,
    })
    const dropped = command.method === "createCustomer" ? command.dropped.map((d) => d.field) : []
    expect(dropped.sort()).toEqual(
      [
        "customer.bonus",
        "customer.birthday",
        "customer.cardNumbers[1]",
        "customer.cardNumbers[2]",
        "customer.cardTracks",
        "customer.email",
        "customer.referCustomerPhone",
        "customer.surname",
      ].sort()
    )
  })

  it("createCustomer still refuses what the rules need: the phone and the balance it would adopt", () => {
    expect(parseHook({ method: "createCustomer", customer: { phone: "12", email: "bad" } }, opts).ok).toBe(false)
    expect(parseHook({ method: "createCustomer", customer: { phone: "+79991234567", balance: "x" } }, opts).ok).toBe(
      false
    )
  })

  it.each(["a@b.c", "анна@пример.рф", "o'neil+tag@sub.example.co.uk"])(
    "one e-mail rule (issue 29 item 2): the hook stores %s and the client would send it",
    (email) => {
      const command = ok({ method: "createCustomer", customer: { phone: "+79991234567", email } })
      expect(command.method === "createCustomer" && command.fields.email).toBe(email)
      expect(userCreateOrUpdateInputSchema.safeParse({ phone: "+79991234567", email }).success).toBe(true)
    }
  )

  it.each(["nope", "a@b", "a b@c.d", "a@@b.c", "@b.c"])("neither side takes %s", (email) => {
    const command = ok({ method: "createCustomer", customer: { phone: "+79991234567", email } })
    expect(command.method === "createCustomer" && command.fields.email).toBeUndefined()
    expect(userCreateOrUpdateInputSchema.safeParse({ phone: "+79991234567", email }).success).toBe(false)
  })

  it("setPrivileges keeps only what was sent", () => {
    expect(ok({ method: "setPrivileges", customer: { phone: "+79991234567", discount: 10 } })).toEqual({
      method: "setPrivileges",
      phone: "+79991234567",
      card_numbers: [],
      bonus_percent_bp: undefined,
      discount_percent_bp: 1000,
      rounded: [],
    })
  })

  it.each([
    [null, "body must be a JSON object"],
    [[], "body must be a JSON object"],
    [{ customer: {} }, "method is required"],
    [{ method: "deleteEverything", customer: {} }, 'unknown method "deleteEverything"'],
    [{ method: "readBalance" }, "customer must be an object"],
    [{ method: "readBalance", customer: { phone: "12" } }, "customer.phone is not a valid phone number"],
    [{ method: "readBalance", customer: { phone: 79991234567 } }, "customer.phone"],
    [
      { method: "readBalance", customer: { phone: "+79991234567", cardNumbers: [""] } },
      "customer.cardNumbers[0] must not be empty",
    ],
    [{ method: "addBalance", customer: { phone: "+79991234567", sum: "NaN", transactionId: "t" } }, "customer.sum"],
    [
      { method: "addBalance", customer: { phone: "+79991234567", sum: 1e308, transactionId: "t" } },
      "customer.sum must be at most 20,000,000 in size",
    ],
    [
      { method: "addBalance", customer: { phone: "+79991234567", sum: 0, transactionId: "t" } },
      "customer.sum must not be zero",
    ],
    [{ method: "addBalance", customer: { phone: "+79991234567", sum: true, transactionId: "t" } }, "customer.sum"],
    [
      { method: "addBalance", customer: { phone: "+79991234567", sum: 1e20, transactionId: "t" } },
      "customer.sum must be at most 20,000,000 in size",
    ],
    [
      { method: "setPrivileges", customer: { phone: "+79991234567", bonus: -0.001 } },
      "customer.bonus must be a percent from 0 to 100",
    ],
    [
      { method: "setPrivileges", customer: { phone: "+79991234567", bonus: -5 } },
      "customer.bonus must be a percent from 0 to 100",
    ],
    [{ method: "setPrivileges", customer: { phone: "+79991234567", bonus: "five" } }, "customer.bonus"],
    [
      { method: "addBalance", customer: { phone: "+79991234567", sum: 1, transactionId: " " } },
      "customer.transactionId must not be empty",
    ],
    [
      { method: "addBalance", customer: { phone: "+79991234567", sum: 1, transactionId: "t", lifetime: -1 } },
      "customer.lifetime must be 0 (no expiry) or a positive number of days",
    ],
    [{ method: "addBalance", customer: { phone: "+79991234567", sum: 1 } }, "customer.transactionId"],
    [{ method: "setPrivileges", customer: { phone: "+79991234567" } }, "needs customer.bonus and/or customer.discount"],
    [
      { method: "setPrivileges", customer: { phone: "+79991234567", discount: 101 } },
      "customer.discount must be a percent from 0 to 100",
    ],
  ])("refuses %j with a clear error", (raw, expected) => {
    const result = parseHook(raw, opts)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toContain(expected)
  })
})

describe("parseHook createCustomer rates", () => {
  it("ignores the service's zero defaults so the program rate keeps applying", () => {
    const r = parseHook(
      { method: "createCustomer", customer: { phone: "+79991234567", bonus: 0, discount: "0" } },
      { defaultCountry: "RU", revision: "2.8.2" }
    )
    expect(r.ok && r.command).toMatchObject({ bonus_percent_bp: undefined, discount_percent_bp: undefined })
  })
})
