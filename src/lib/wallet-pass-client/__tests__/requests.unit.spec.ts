/**
 * Contract tests: the client against the emulator over real HTTP, one block per request of
 * docs/service-api.md, "Requests" and per documented rule.
 */
import { clientAgainstEmulator, failure, phone } from "../../../emulator/__tests__/support"
import { WalletPassClient } from ".."

const APP_KEY = "test-app-key-4f9c2a"
const TEMPLATE = "8f14e45f-ceea-467f-a0e6-1d5b2a3c4d5e"

const service = clientAgainstEmulator(
  { appKey: APP_KEY, limits: "unlimited", cardNumberStart: "5000000001" },
  { defaultCountry: "RU" }
)
const { calls } = service

describe("4.1 status", () => {
  it("returns the account name and balance", async () => {
    await expect(service.client.status()).resolves.toEqual({ app: "Emulated account", balance: 1000 })
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ method: "status", path: "/status", status: 200, outcome: "applied", sent: true })
  })
})

describe("4.2 user_create_or_update", () => {
  /** Every profile field of 2.1, as sent and as the service then holds them. */
  const PROFILE = {
    name: "Anna",
    surname: "Ivanova",
    middlename: "Petrovna",
    email: "anna@example.com",
    birthday: "1990-05-07",
    discount: 5,
    bonus: 3,
    balance: 120,
  }

  it("creates a customer with every field of 2.1, custom variables, and issues a card from the configured start", async () => {
    const result = await service.client.userCreateOrUpdate({
      phone: "8 (999) 123-45-67",
      ...PROFILE,
      card_track: "TRACK-1",
      template_uuid: TEMPLATE,
      customerId: "cus_01",
      variables: { level: "gold", visits: 3 },
    })
    expect(result).toMatchObject({
      success: true,
      card: true,
      card_number: "5000000001",
      card_track: "TRACK-1",
      sms_send: false,
    })
    expect(result.user_hash).toMatch(/^[0-9a-f]{16}$/)
    expect(result.card_url).toContain(result.user_hash)
    expect(result.card_gpay_url).toContain(result.user_hash)
    expect(result.form_url).toBe(`${service.emulator.origin}/form?hash=${result.user_hash}`)

    // Normalised to E.164, birthday sent as dd.mm.yyyy, custom variables as top-level fields.
    const sent = service.emulator.requests()[0].body as Record<string, unknown>
    expect(sent).toMatchObject({
      phone: "+79991234567",
      birthday: "07.05.1990",
      level: "gold",
      visits: 3,
      discount: 5,
      balance: 120,
    })
    expect(sent).not.toHaveProperty("variables")

    expect(service.emulator.getCustomer("+79991234567")).toMatchObject({
      ...PROFILE,
      templateUuid: TEMPLATE,
      remoteId: "cus_01",
      variables: { level: "gold", visits: 3 },
      cards: [{ number: "5000000001", track: "TRACK-1", installed: false }],
    })
  })

  it("updates an existing customer without issuing another card", async () => {
    await service.client.userCreateOrUpdate({ phone: phone(1), name: "Boris" })
    const second = await service.client.userCreateOrUpdate({ phone: phone(1), surname: "Petrov", bonus: 7 })
    expect(second).toMatchObject({ success: true, card: false })
    expect(second.card_number).toBeUndefined()
    expect(service.emulator.getCustomer(phone(1))).toMatchObject({
      name: "Boris",
      surname: "Petrov",
      bonus: 7,
      cards: [{ number: "5000000001" }],
    })
  })

  it("sends the install SMS with %link% replaced by the form link plus the customer's hash", async () => {
    const result = await service.client.userCreateOrUpdate({
      phone: phone(2),
      name: "Vera",
      link: "https://shop.example/card-form?src=sms",
      sms: "Your card: %link% (valid 7 days)",
    })
    expect(result.sms_send).toBe(true)
    const personal = `https://shop.example/card-form?src=sms&hash=${result.user_hash}`
    expect(result.form_url).toBe(personal)
    expect(service.emulator.snapshot().sms).toEqual([
      expect.objectContaining({ phone: phone(2), text: `Your card: ${personal} (valid 7 days)` }),
    ])
  })

  it("refuses locally an sms with %link% but no link", async () => {
    const error = await failure(() =>
      service.client.userCreateOrUpdate({ phone: phone(3), name: "X", sms: "Get it: %link%" })
    )
    expect(error).toMatchObject({ kind: "local_validation", outcome: "not_applied" })
    expect(error.issues?.join()).toContain("link")
    expect(service.emulator.requests()).toHaveLength(0)
  })

  it("sends personal push, web push and messaging-app messages", async () => {
    await service.client.userCreateOrUpdate({ phone: phone(4), name: "Gleb" })
    await service.emulator.install({ phone: phone(4) })
    await service.client.userCreateOrUpdate({ phone: phone(4), push: "Hello on the pass" })
    await service.client.userCreateOrUpdate({ phone: phone(4), send_webpush: "Hello in the browser" })
    await service.client.userCreateOrUpdate({ phone: phone(4), send_telegram: "Hello in the messenger" })
    // A push request carries only app_key, phone and the message (4.2 rule 2).
    expect(Object.keys(service.emulator.requests()[1].body as object).sort()).toEqual(["app_key", "phone", "push"])
    expect(service.emulator.snapshot().pushes.map((p) => [p.channel, p.text, p.delivered])).toEqual([
      ["push", "Hello on the pass", true],
      ["webpush", "Hello in the browser", true],
      ["telegram", "Hello in the messenger", true],
    ])
  })

  it("a push to an unknown customer is rejected by the service, not applied", async () => {
    const error = await failure(() => service.client.userCreateOrUpdate({ phone: phone(5), push: "hi" }))
    expect(error).toMatchObject({
      kind: "rejected",
      outcome: "not_applied",
      status: 404,
      serviceError: "Customer not found",
      serviceCode: "customer_not_found",
    })
  })

  it("refuses locally custom variables that shadow request fields, bad uuids and bad birthdays", async () => {
    for (const input of [
      { phone: phone(6), name: "A", variables: { balance: 5 } },
      { phone: phone(6), name: "A", template_uuid: "not-a-uuid" },
      { phone: phone(6), name: "A", birthday: "31.02.1990" },
      { phone: phone(6), name: "A", discount: 150 },
    ]) {
      const error = await failure(() => service.client.userCreateOrUpdate(input))
      expect(error.kind).toBe("local_validation")
    }
    expect(service.emulator.requests()).toHaveLength(0)
    expect(calls.every((c) => c.sent === false && c.outcome === "not_applied")).toBe(true)
  })
})

describe("4.3 read_customer", () => {
  beforeEach(async () => {
    service.emulator.seedCustomer({
      phone: phone(10),
      name: "Referrer",
      birthday: "1985-12-31",
      balance: 40,
      cards: [{ number: "777001", track: "T1", installed: true }, "777002"],
    })
    service.emulator.seedCustomer({ phone: phone(11), name: "Friend", invitedBy: phone(10) })
    service.emulator.seedCustomer({ phone: phone(12), name: "Friend 2", invitedBy: phone(10) })
  })

  it("reads by phone, birthday as dd.mm.yyyy, without installs or invites unless asked", async () => {
    const { customer } = await service.client.readCustomer({ phone: "+7 999 000-00-10" })
    expect(customer).toMatchObject({
      phone: phone(10),
      name: "Referrer",
      birthday: "31.12.1985",
      balance: 40,
      cardNumbers: ["777001", "777002"],
      cardTracks: [
        { card: "777001", track: "T1" },
        { card: "777002", track: "777002" },
      ],
    })
    expect(customer.cardInstalls).toBeUndefined()
    expect(customer.invites).toBeUndefined()
    expect(customer.email).toBeUndefined() // null from the service reads as absent
  })

  it("reads by card with installs and invites", async () => {
    const { customer } = await service.client.readCustomer({ card: "777002", installs: true, invites: true })
    expect(customer.phone).toBe(phone(10))
    expect(customer.cardInstalls).toEqual([
      { card: "777001", install: true },
      { card: "777002", install: false },
    ])
    expect(customer.invites?.sort()).toEqual([phone(11), phone(12)])
    const friend = await service.client.readCustomer({ phone: phone(11) })
    expect(friend.customer.invitedBy).toBe(phone(10))
  })

  it("refuses locally both or neither identifier; an unknown customer is not applied", async () => {
    expect((await failure(() => service.client.readCustomer({ phone: phone(10), card: "777001" } as never))).kind).toBe(
      "local_validation"
    )
    expect((await failure(() => service.client.readCustomer({} as never))).kind).toBe("local_validation")
    const unknown = await failure(() => service.client.readCustomer({ card: "000" }))
    expect(unknown).toMatchObject({ kind: "rejected", status: 404, serviceError: "Customer not found" })
  })
})

describe("4.4 read_customers", () => {
  const day = (d: number, h = 12) => new Date(Date.UTC(2024, 0, d, h)).toISOString()

  it("pages past 100 with the async iterator (100, 100, 50) in registration order", async () => {
    for (let i = 0; i < 250; i++)
      service.emulator.seedCustomer({ phone: phone(1000 + i), registeredAt: Date.UTC(2024, 0, 10) + i * 1000 })
    const pages = []
    for await (const page of service.client.customerPages({ start_date: "01.01.2024", end_date: "31.01.2024" }))
      pages.push(page)
    expect(pages.map((p) => [p.offset, p.customers.length])).toEqual([
      [0, 100],
      [100, 100],
      [200, 50],
    ])
    expect(pages.flatMap((p) => p.customers)).toEqual(Array.from({ length: 250 }, (_, i) => phone(1000 + i)))
    expect(service.emulator.requests().map((r) => (r.body as { offset: number }).offset)).toEqual([0, 100, 200])
  })

  it("stops after an empty page when the last full page ends exactly at 100", async () => {
    for (let i = 0; i < 100; i++) service.emulator.seedCustomer({ phone: phone(2000 + i), registeredAt: day(5) })
    const pages = []
    for await (const page of service.client.customerPages({ start_date: "01.01.2024", end_date: "31.01.2024" }))
      pages.push(page)
    expect(pages).toHaveLength(1)
    expect(service.emulator.requests()).toHaveLength(2)
  })

  it("filters by installed and by the registration window, with a time on the end date", async () => {
    service.emulator.seedCustomer({ phone: phone(1), registeredAt: day(1, 0), installed: true })
    service.emulator.seedCustomer({ phone: phone(2), registeredAt: day(2), installed: false })
    service.emulator.seedCustomer({ phone: phone(3), registeredAt: day(3, 10), installed: true })
    service.emulator.seedCustomer({ phone: phone(4), registeredAt: day(3, 18) })
    service.emulator.seedCustomer({ phone: phone(5), registeredAt: day(4) })
    const window = { start_date: "01.01.2024", end_date: "03.01.2024" }
    expect((await service.client.readCustomers(window)).customers).toEqual([phone(1), phone(2), phone(3), phone(4)])
    expect((await service.client.readCustomers({ ...window, installed: true })).customers).toEqual([phone(1), phone(3)])
    expect((await service.client.readCustomers({ ...window, installed: false })).customers).toEqual([
      phone(2),
      phone(4),
    ])
    expect(
      (await service.client.readCustomers({ start_date: "02.01.2024", end_date: "03.01.2024 12:00:00" })).customers
    ).toEqual([phone(2), phone(3)])
    // Dates as Date objects are written in UTC, the end with a time.
    await service.client.readCustomers({
      start_date: new Date(Date.UTC(2024, 0, 2)),
      end_date: new Date(Date.UTC(2024, 0, 3, 9, 5, 7)),
    })
    expect(service.emulator.requests().at(-1)?.body).toMatchObject({
      start_date: "02.01.2024",
      end_date: "03.01.2024 09:05:07",
    })
  })

  it("refuses locally an impossible date and a time on the start date", async () => {
    expect(
      (await failure(() => service.client.readCustomers({ start_date: "30.02.2024", end_date: "01.03.2024" }))).kind
    ).toBe("local_validation")
    expect(
      (await failure(() => service.client.readCustomers({ start_date: "01.01.2024 10:00:00", end_date: "01.03.2024" })))
        .kind
    ).toBe("local_validation")
    expect(service.emulator.requests()).toHaveLength(0)
  })
})

describe("4.5-4.6 push campaigns", () => {
  it("creates a campaign for the whole base and sends it to installed passes", async () => {
    service.emulator.seedCustomer({ phone: phone(1), installed: true })
    service.emulator.seedCustomer({ phone: phone(2), installed: false })
    const { result } = await service.client.pushCreate({ message: "Sale today", name: "Sale" })
    expect(result).toMatchObject({ name: "Sale", message: "Sale today" })
    expect(service.emulator.requests()[0].body).toMatchObject({ type: "push" })
    await expect(service.client.pushSend({ push_uuid: result.uuid })).resolves.toMatchObject({ success: true })
    const campaign = service.emulator.snapshot().campaigns[0]
    expect(campaign).toMatchObject({ uuid: result.uuid, type: "push", sends: [{ recipients: [phone(1)] }] })
  })

  it("targets a segment, and web push and messaging-app campaigns", async () => {
    const segment = "0b9f3f7e-9d0c-4b8e-8f7a-2d1c3b4a5e6f"
    service.emulator.seedCustomer({ phone: phone(1) })
    service.emulator.seedCustomer({ phone: phone(2) })
    service.emulator.defineSegment(segment, [phone(2)])
    const web = await service.client.pushCreate({ message: "Web", type: "webpush", segment_uuid: segment })
    await service.client.pushSend({ push_uuid: web.result.uuid })
    const tg = await service.client.pushCreate({ message: "TG", type: "telegram" })
    await service.client.pushSend({ push_uuid: tg.result.uuid })
    const [webCampaign, tgCampaign] = service.emulator.snapshot().campaigns
    expect(webCampaign).toMatchObject({ type: "webpush", segmentUuid: segment, sends: [{ recipients: [phone(2)] }] })
    expect(tgCampaign).toMatchObject({ type: "telegram", sends: [{ recipients: [phone(1), phone(2)] }] })
  })

  it("an unknown campaign is rejected", async () => {
    const error = await failure(() => service.client.pushSend({ push_uuid: "0b9f3f7e-9d0c-4b8e-8f7a-2d1c3b4a5e6f" }))
    expect(error).toMatchObject({ kind: "rejected", status: 404, serviceError: "Push not found" })
  })
})

describe("4.7 event/send", () => {
  beforeEach(() => {
    service.emulator.seedCustomer({ phone: phone(1), remoteId: "crm-1", cards: ["880001"] })
  })

  it("sends an event by phone, card or remoteId with a value of exactly 100 characters", async () => {
    const value = "v".repeat(100)
    await expect(service.client.eventSend({ event: "visit", phone: phone(1), value })).resolves.toEqual({
      success: true,
    })
    await service.client.eventSend({ event: "visit", card: "880001" })
    await service.client.eventSend({ event: "visit", remoteId: "crm-1" })
    expect(service.emulator.snapshot().events.map((e) => [e.event, e.phone, e.value?.length])).toEqual([
      ["visit", phone(1), 100],
      ["visit", phone(1), undefined],
      ["visit", phone(1), undefined],
    ])
  })

  it("refuses a 101-character value locally: nothing is sent", async () => {
    const error = await failure(() =>
      service.client.eventSend({ event: "visit", phone: phone(1), value: "v".repeat(101) })
    )
    expect(error).toMatchObject({ kind: "local_validation", outcome: "not_applied", refusedLocally: true })
    expect(error.status).toBeUndefined()
    expect(service.emulator.requests()).toHaveLength(0)
    expect(calls).toEqual([
      expect.objectContaining({
        method: "eventSend",
        sent: false,
        outcome: "not_applied",
        errorKind: "local_validation",
      }),
    ])
  })

  it("counts characters, not UTF-16 units: 100 emoji pass", async () => {
    await expect(
      service.client.eventSend({ event: "visit", phone: phone(1), value: "🎉".repeat(100) })
    ).resolves.toEqual({
      success: true,
    })
  })

  it("refuses locally a request with two identifiers", async () => {
    const error = await failure(() =>
      service.client.eventSend({ event: "visit", phone: phone(1), card: "880001" } as never)
    )
    expect(error.kind).toBe("local_validation")
  })
})

describe("4.8-4.9 balance/add and balance/deduct (built-in base)", () => {
  it("changes the balance and answers the new balance", async () => {
    service.emulator.seedCustomer({ phone: phone(1), cards: ["990001"] })
    await expect(service.client.balanceAdd({ phone: phone(1), sum: 150 })).resolves.toEqual({
      success: true,
      balance: 150,
    })
    await expect(service.client.balanceDeduct({ card: "990001", sum: 49.5 })).resolves.toEqual({
      success: true,
      balance: 100.5,
    })
    expect(service.emulator.getCustomer(phone(1))?.balance).toBe(100.5)
    expect(service.emulator.requests()[0].body).toMatchObject({ sum: 150, phone: phone(1) })
  })

  it("refuses a non-positive sum locally and an overdraft at the service", async () => {
    service.emulator.seedCustomer({ phone: phone(1) })
    expect((await failure(() => service.client.balanceAdd({ phone: phone(1), sum: 0 }))).kind).toBe("local_validation")
    expect((await failure(() => service.client.balanceDeduct({ phone: phone(1), sum: -5 }))).kind).toBe(
      "local_validation"
    )
    const overdraft = await failure(() => service.client.balanceDeduct({ phone: phone(1), sum: 1 }))
    expect(overdraft).toMatchObject({
      kind: "rejected",
      outcome: "not_applied",
      status: 400,
      serviceCode: "insufficient_balance",
    })
  })
})

describe("phones", () => {
  it("refuses an impossible phone locally for every request that carries one", async () => {
    const bad = "+7999"
    const attempts: (() => Promise<unknown>)[] = [
      () => service.client.userCreateOrUpdate({ phone: bad, name: "A" }),
      () => service.client.readCustomer({ phone: bad }),
      () => service.client.eventSend({ event: "e", phone: bad }),
      () => service.client.balanceAdd({ phone: bad, sum: 1 }),
      () => service.client.balanceDeduct({ phone: bad, sum: 1 }),
    ]
    for (const attempt of attempts) {
      const error = await failure(attempt)
      expect(error).toMatchObject({ kind: "local_validation", outcome: "not_applied" })
      expect(error.issues?.[0]).toMatch(/^phone: /)
    }
    expect(service.emulator.requests()).toHaveLength(0)
  })
})

describe("service errors", () => {
  it("a wrong key is a 401 rejection carrying the service's text and code", async () => {
    const wrong = new WalletPassClient({ apiUrl: service.emulator.url, appKey: "wrong-key" })
    try {
      const error = await failure(() => wrong.status())
      expect(error).toMatchObject({
        kind: "rejected",
        outcome: "not_applied",
        status: 401,
        serviceError: "Invalid app_key",
        serviceCode: "invalid_app_key",
        path: "/status",
      })
      expect(error.rawBody).toContain("Invalid app_key")
    } finally {
      await wrong.close()
    }
  })
})
