/** Revision 2.7.2 against 2.8.2 (docs/service-api.md, "Revisions"): amounts as strings, campaign type `text`. */
import { type WalletPassEmulator, startEmulator } from "../../../emulator"
import { phone } from "../../../emulator/__tests__/support"
import { WalletPassApiError, WalletPassClient, hookBodySchema, lifetimeToSeconds, pushTypeSchema } from ".."

const APP_KEY = "rev-test-key-77a1"

describe("revision 2.7.2", () => {
  let emulator: WalletPassEmulator
  let client: WalletPassClient

  beforeAll(async () => {
    emulator = await startEmulator({ appKey: APP_KEY, limits: "unlimited", revision: "2.7.2" })
    client = new WalletPassClient({ apiUrl: emulator.url, appKey: APP_KEY, revision: "2.7.2" })
  })
  afterAll(async () => {
    await client.close()
    await emulator.close()
  })
  beforeEach(() => emulator.reset())

  it("sends amounts as strings and reads numeric-string amounts as numbers", async () => {
    await client.userCreateOrUpdate({ phone: phone(1), name: "Old", balance: 10, bonus: 5, discount: 2.5 })
    expect(emulator.requests()[0].body).toMatchObject({ balance: "10", bonus: "5", discount: "2.5" })

    const { customer } = await client.readCustomer({ phone: phone(1) })
    expect(emulator.requests()[1].response).toMatchObject({
      customer: { balance: "10", bonus: "5", discount: "2.5" },
    })
    expect(customer).toMatchObject({ balance: 10, bonus: 5, discount: 2.5 })

    const status = await client.status()
    expect(emulator.requests()[2].response).toMatchObject({ balance: "1000" })
    expect(status.balance).toBe(1000)
  })

  it("sends nothing only 2.8.2 documents: balance/add, balance/deduct, event/send, template_uuid, card_track, a card lookup (issue 29 item 4)", async () => {
    await client.userCreateOrUpdate({ phone: phone(1), name: "Old" })
    const refused = [
      client.balanceAdd({ phone: phone(1), sum: 1 }),
      client.balanceDeduct({ phone: phone(1), sum: 1 }),
      client.eventSend({ phone: phone(1), event: "visit" }),
      client.userCreateOrUpdate({ phone: phone(1), template_uuid: "9b2f5c3e-6a71-4f0e-9d7a-0c1e2b3a4d5f" }),
      client.userCreateOrUpdate({ phone: phone(1), card_track: "T" }),
      client.readCustomer({ card: "1000000001" }),
    ]
    for (const call of refused) {
      await expect(call).rejects.toMatchObject({ kind: "local_validation", outcome: "not_applied" })
    }
    expect(emulator.requests()).toHaveLength(1)
  })

  it("the emulator plays 2.7.2's feature set: a 2.8.2 client's balance/add and template_uuid are refused", async () => {
    const modern = new WalletPassClient({ apiUrl: emulator.url, appKey: APP_KEY })
    try {
      await modern.userCreateOrUpdate({ phone: phone(2), name: "New" })
      await expect(modern.balanceAdd({ phone: phone(2), sum: 1 })).rejects.toMatchObject({ status: 404 })
      await expect(modern.eventSend({ phone: phone(2), event: "visit" })).rejects.toMatchObject({ status: 404 })
      await expect(
        modern.userCreateOrUpdate({ phone: phone(2), template_uuid: "9b2f5c3e-6a71-4f0e-9d7a-0c1e2b3a4d5f" })
      ).rejects.toMatchObject({ status: 400, kind: "rejected" })
    } finally {
      await modern.close()
    }
  })

  it("names the wallet campaign type `text`", async () => {
    const { result } = await client.pushCreate({ message: "Hi" })
    expect(emulator.requests()[0].body).toMatchObject({ type: "text" })
    expect(emulator.snapshot().campaigns[0]).toMatchObject({ uuid: result.uuid, type: "push" })
  })

  it("a 2.8.2 client talking to a 2.7.2 service is refused on the campaign type, not applied", async () => {
    const modern = new WalletPassClient({ apiUrl: emulator.url, appKey: APP_KEY })
    try {
      const error = await modern.pushCreate({ message: "Hi" }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WalletPassApiError)
      expect(error).toMatchObject({ kind: "rejected", outcome: "not_applied", serviceCode: "type_not_supported" })
      expect(emulator.snapshot().campaigns).toHaveLength(0)
    } finally {
      await modern.close()
    }
  })
})

describe("lenient readers shared with the hook receiver", () => {
  it("reads `text` as the wallet push type", () => {
    expect(pushTypeSchema.parse("text")).toBe("push")
    expect(pushTypeSchema.parse("webpush")).toBe("webpush")
    expect(pushTypeSchema.safeParse("sms").success).toBe(false)
  })

  it("reads addBalance with string amounts and converts lifetime by its unit (days unless set; 0: no expiry)", () => {
    const hook = hookBodySchema.parse({
      crm_key: "k",
      method: "addBalance",
      customer: { phone: "+79990000001", cardNumbers: [1001], sum: "-12.5", transactionId: 42, lifetime: "30" },
    })
    expect(hook).toMatchObject({
      method: "addBalance",
      customer: { sum: -12.5, transactionId: "42", lifetime: 30, cardNumbers: ["1001"] },
    })
    expect(lifetimeToSeconds(30)).toBe(30 * 86_400)
    expect(lifetimeToSeconds(30, "days")).toBe(30 * 86_400)
    expect(lifetimeToSeconds(3600, "seconds")).toBe(3600)
    expect(lifetimeToSeconds(0)).toBeUndefined()
  })

  it("refuses a non-numeric amount", () => {
    expect(
      hookBodySchema.safeParse({
        method: "addBalance",
        customer: { phone: "+79990000001", sum: "ten", transactionId: "t" },
      }).success
    ).toBe(false)
  })
})
