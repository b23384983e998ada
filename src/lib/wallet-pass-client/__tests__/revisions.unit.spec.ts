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

    const added = await client.balanceAdd({ phone: phone(1), sum: 15.25 })
    expect(emulator.requests()[1].body).toMatchObject({ sum: "15.25" })
    expect(emulator.requests()[1].response).toMatchObject({ balance: "25.25" }) // the service answered a string
    expect(added).toEqual({ success: true, balance: 25.25 })

    const { customer } = await client.readCustomer({ phone: phone(1) })
    expect(emulator.requests()[2].response).toMatchObject({
      customer: { balance: "25.25", bonus: "5", discount: "2.5" },
    })
    expect(customer).toMatchObject({ balance: 25.25, bonus: 5, discount: 2.5 })

    const status = await client.status()
    expect(emulator.requests()[3].response).toMatchObject({ balance: "1000" })
    expect(status.balance).toBe(1000)
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
