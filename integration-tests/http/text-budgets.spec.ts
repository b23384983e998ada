import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { emulatedServiceBeforeStore, storeEnv, TEST_PASSWORD, waitFor, waitForHolder } from "../support/hooks"
import { placeOrder, registerCustomer, SeededStore, seedStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const APP_KEY = "text-budgets-key"
const LIMITS = { perSecond: 50, perHour: 100_000 }
const VERIFY = "/store/customers/me/wallet-pass/verification"
/** The store's texts an hour (docs/security.md): half for accounts with a stake, half for new signups. */
const STORE_PER_HOUR = 12

// Texts: every class of sender keeps a share nobody else can use up (docs/security.md, "Texts").
// The store serves Germany (its one region); the spec plays many clients through X-Forwarded-For.
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: LIMITS })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify(LIMITS),
    WALLET_PASS_CURRENCY_CODE: "eur",
    WALLET_PASS_TEXTS: JSON.stringify({ trustProxy: true, perAddress: { perHour: 2 }, storePerHour: STORE_PER_HOUR }),
  }),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    let signups = 0
    let networks = 0

    beforeAll(async () => {
      store = await seedStore(getContainer(), { countryCode: "de" })
    })
    beforeEach(() => {
      service.emulator.reset()
    })

    /** A mobile number of the German range `range` (the first four digits of the national number), the `n`th. */
    const mobile = (range: string, n: number) => `+49${range}${String(n).padStart(range.startsWith("15") ? 7 : 6, "0")}`
    /** An address of a /24 of its own. */
    const newNetwork = () => `100.64.${++networks}.1`
    const signUp = (phone: string) =>
      registerCustomer(
        api,
        store,
        { email: `texts-${++signups}@example.com`, password: TEST_PASSWORD, phone, first_name: "Web" },
        { container: getContainer() }
      )
    const askCode = (headers: Record<string, string>, address: string) =>
      api.post(VERIFY, {}, { headers: { ...headers, "x-forwarded-for": address } }).catch((e: any) => e.response)
    /** Signs `phone` up and asks its code from `address`: the answer's status and message. */
    const signUpAndAsk = async (phone: string, address: string) => {
      const { headers } = await signUp(phone)
      const answer = await askCode(headers, address)
      return { status: answer.status as number, message: answer.data?.message as string | undefined }
    }
    const textsTo = (phone: string) => service.emulator.snapshot().sms.filter((s) => s.phone === phone)
    const settled = async () =>
      (await walletPass().listWalletPassOperations({ state: ["pending", "sending", "unknown"] }, { select: ["id"] }))
        .length === 0
    const STORE_FULL = /^The store is sending too many codes right now: try again in/

    describe("new signups cannot use up what others need", () => {
      it("bots from one address prefix (/24) fill only its share: a new shopper from another prefix still gets a code", async () => {
        const ranges = ["1511", "1512", "1514", "1515", "1516", "1517", "1520", "1521", "1522", "1523", "1525", "1526"]
        const bots = []
        // Six addresses of one /24, two codes each (the per-address limit), each bot its own range.
        for (const [i, range] of ranges.entries())
          bots.push(await signUpAndAsk(mobile(range, 1), `203.0.113.${1 + (i >> 1)}`))
        const sent = bots.filter((b) => b.status === 202).length
        expect(sent).toBeLessThan(STORE_PER_HOUR / 2)
        expect(bots.find((b) => b.status === 429)?.message).toMatch(/^Too many codes were asked for from your network/)

        const shopper = await signUpAndAsk(mobile("1761", 1), newNetwork())
        expect(shopper).toEqual({ status: 202, message: undefined })
      })

      it("bots with phones of one range fill only its share: a new shopper of another range still gets a code", async () => {
        const bots = []
        for (let i = 1; i <= STORE_PER_HOUR; i++) bots.push(await signUpAndAsk(mobile("1590", i), newNetwork()))
        expect(bots.filter((b) => b.status === 202).length).toBeLessThan(STORE_PER_HOUR / 2)
        expect(bots.find((b) => b.status === 429)?.message).toMatch(
          /^Too many codes were asked for phones like this one: try again in/
        )

        const shopper = await signUpAndAsk(mobile("1701", 1), newNetwork())
        expect(shopper).toEqual({ status: 202, message: undefined })
      })

      it("bots from a few address prefixes use up all but the reserve: a new shopper from a prefix that asked nothing this hour still gets a code", async () => {
        // Six addresses of three /24s, two codes each; every bot a range of its own. Of the new
        // signups' 6 an hour, a /24 takes at most 2, and the last 2 are kept for /24s that have
        // asked nothing this hour (docs/security.md): the third /24 gets one of them.
        const ranges = ["1511", "1512", "1514", "1515", "1516", "1517", "1520", "1521", "1522", "1523", "1525", "1526"]
        const addresses = ["203.0.113", "198.51.100", "192.0.2"].flatMap((net) => [`${net}.1`, `${net}.2`])
        const bots = []
        for (const [i, range] of ranges.entries()) bots.push(await signUpAndAsk(mobile(range, 3), addresses[i >> 1]))
        expect(bots.filter((b) => b.status === 202)).toHaveLength(5)
        expect(bots.at(-1)).toEqual({ status: 429, message: expect.stringMatching(STORE_FULL) })

        const shopper = await signUpAndAsk(mobile("1761", 3), newNetwork())
        expect(shopper).toEqual({ status: 202, message: undefined })
      })

      it("bots from many prefixes and ranges use up the new signups' budget: a shopper with an order and one who proved the phone earlier still get codes", async () => {
        // One who proved the phone: enrolled, asked a code, typed it.
        const proverPhone = mobile("1791", 1)
        const prover = await signUp(proverPhone)
        await waitForHolder(getContainer(), prover.customer.id, (h) => h.enrollment_state === "enrolled", "enrolment")
        expect((await askCode(prover.headers, newNetwork())).status).toBe(202)
        const sms = await waitFor(async () => textsTo(proverPhone)[0], "the prover's code", 15_000)
        const confirmed = await api.post(
          `${VERIFY}/confirm`,
          { code: /(\d{6})/.exec(sms.text)![1] },
          { headers: prover.headers }
        )
        expect(confirmed.data.verified).toBe(true)
        // Two minutes pass (the per-account minute), without a sleep.
        await getContainer()
          .resolve(ContainerRegistrationKeys.PG_CONNECTION)
          .raw(`UPDATE wallet_pass_text SET created_at = created_at - interval '2 minutes' WHERE customer_id = ?`, [
            prover.customer.id,
          ])
        // One with an order.
        const buyer = await signUp(mobile("1751", 1))
        await placeOrder(api, store, buyer.headers)

        // Bots, each from a /24 and a range of its own, until the store refuses.
        const ranges = ["1511", "1512", "1514", "1515", "1516", "1517", "1520", "1521", "1522", "1523", "1525", "1526"]
        let last = { status: 202, message: undefined as string | undefined }
        for (let i = 0; i < ranges.length && last.status === 202; i++)
          last = await signUpAndAsk(mobile(ranges[i], 2), newNetwork())
        expect(last).toEqual({ status: 429, message: expect.stringMatching(STORE_FULL) })
        // A new signup meets the spent budget too ...
        expect(await signUpAndAsk(mobile("1573", 1), newNetwork())).toEqual({
          status: 429,
          message: expect.stringMatching(STORE_FULL),
        })

        // ... but the accounts with a stake draw from their own.
        expect((await askCode(buyer.headers, newNetwork())).status).toBe(202)
        expect((await askCode(prover.headers, newNetwork())).status).toBe(202)
        await waitFor(
          async () => textsTo(proverPhone).length === 2 && (await settled()),
          "the prover's second code",
          15_000
        )
      })
    })

    describe("only mobiles are texted", () => {
      it.each([
        ["a Berlin landline", "+493012345678"],
        ["a +49 900 premium number", "+499001234567"],
        ["a +49 137 shared-cost number", "+491371234567"],
      ])("%s: 400 in Medusa's error shape, no text, nothing counted", async (_, phone) => {
        const { headers, customer } = await signUp(phone)
        const refused = await askCode(headers, newNetwork())
        expect(refused.status).toBe(400)
        expect(refused.data).toEqual({
          type: "not_allowed",
          message: "Codes are texted only to mobile phones: put a mobile number in your account",
        })
        expect(await walletPass().listWalletPassVerifications({ customer_id: customer.id })).toEqual([])
        expect(await walletPass().listWalletPassTexts({ customer_id: customer.id })).toEqual([])
        expect(textsTo(phone)).toEqual([])
      })
    })

    describe("the per-address limit keys one client once", () => {
      const fromAddresses = async (addresses: string[], range: string) => {
        const answers = []
        for (const [i, address] of addresses.entries()) answers.push(await signUpAndAsk(mobile(range, i + 1), address))
        return answers
      }
      const NETWORK = /^Too many codes were asked for from your network: try again in/

      it("two IPv6 addresses of one /64 are one address", async () => {
        const answers = await fromAddresses(["2001:db8:5:7::1", "2001:db8:5:7::2", "2001:db8:5:7:ab:cd:ef:3"], "1520")
        expect(answers.map((a) => a.status)).toEqual([202, 202, 429])
        expect(answers[2].message).toMatch(NETWORK)
      })

      it("::1 and 127.0.0.1 are one address", async () => {
        const answers = await fromAddresses(["127.0.0.1", "::1", "::ffff:127.0.0.1"], "1521")
        expect(answers.map((a) => a.status)).toEqual([202, 202, 429])
        expect(answers[2].message).toMatch(NETWORK)
      })
    })
  },
})
