import http from "http"
import { emulatedServiceBeforeStore, storeEnv, TEST_PASSWORD } from "../support/hooks"
import { registerCustomer, SeededStore, seedStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const APP_KEY = "text-forwarder-key"
const LIMITS = { perSecond: 50, perHour: 100_000 }
const VERIFY = "/store/customers/me/wallet-pass/verification"
/** `texts.perAddress.perHour`'s default (docs/options.md): codes asked for from one client address an hour. */
const PER_ADDRESS_HOUR = 10
const FROM_YOUR_NETWORK = /^Too many codes were asked for from your network: try again in/

// A storefront server calls the store for every shopper (docs/storefront.md, step 11): with
// `texts.forwardedBy` naming it, the client counted is the last X-Forwarded-For entry it sends;
// any other caller is counted by its connection's address, whatever it writes
// (docs/security.md, "Texts"). Linux routes all of 127.0.0.0/8 to loopback, so the spec plays
// the storefront server from 127.0.0.1 and a direct caller from 127.0.0.2.
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: LIMITS })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify(LIMITS),
    WALLET_PASS_CURRENCY_CODE: "eur",
    WALLET_PASS_TEXTS: JSON.stringify({ forwardedBy: ["127.0.0.1"] }),
  }),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let signups = 0
    const ranges = ["1511", "1512", "1514", "1515", "1516", "1517", "1520", "1521", "1522", "1523", "1525", "1526"]

    beforeAll(async () => {
      store = await seedStore(getContainer(), { countryCode: "de" })
    })
    beforeEach(() => {
      service.emulator.reset()
    })

    /** A new account with a German mobile number of its own (ranges taken in turn, so no range fills up). */
    const signUp = () => {
      const n = ++signups
      const range = ranges[n % ranges.length]
      const phone = `+49${range}${String(n).padStart(7, "0")}`
      return registerCustomer(
        api,
        store,
        { email: `forwarder-${n}@example.com`, password: TEST_PASSWORD, phone, first_name: "Web" },
        { container: getContainer() }
      )
    }

    /** Asks a code over a connection from `localAddress`, with `forwardedFor` as X-Forwarded-For when given. */
    function askFrom(
      localAddress: string,
      headers: Record<string, string>,
      forwardedFor?: string
    ): Promise<{ status: number; message?: string }> {
      const url = new URL(`${api.defaults.baseURL!.replace("localhost", "127.0.0.1")}${VERIFY}`)
      const extra: Record<string, string> = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: "POST",
            localAddress,
            timeout: 15_000,
            headers: { ...headers, ...extra, "content-type": "application/json", "content-length": 2 },
          },
          (res) => {
            let text = ""
            res.on("data", (c) => (text += c))
            res.on("end", () => resolve({ status: res.statusCode ?? 0, message: JSON.parse(text || "{}").message }))
          }
        )
        req.on("timeout", () => req.destroy(new Error("verification request timed out")))
        req.on("error", reject)
        req.end("{}")
      })
    }
    const signUpAndAsk = async (localAddress: string, forwardedFor?: string) =>
      askFrom(localAddress, (await signUp()).headers, forwardedFor)

    it("from the forwarder, each shopper's address has its own limit: the 11th code from one is refused, another's still goes", async () => {
      const shopper = "203.0.113.7"
      for (let i = 1; i <= PER_ADDRESS_HOUR; i++) {
        expect(await signUpAndAsk("127.0.0.1", shopper)).toEqual({ status: 202 })
      }
      const eleventh = await signUpAndAsk("127.0.0.1", shopper)
      expect(eleventh).toEqual({ status: 429, message: expect.stringMatching(FROM_YOUR_NETWORK) })

      // Another shopper behind the same server.
      expect(await signUpAndAsk("127.0.0.1", "198.51.100.7")).toEqual({ status: 202 })
      // The LAST entry is the one counted: what the shopper wrote before it is not.
      expect(await signUpAndAsk("127.0.0.1", `${shopper}, 192.0.2.9`)).toEqual({ status: 202 })
      expect(await signUpAndAsk("127.0.0.1", `192.0.2.10, ${shopper}`)).toEqual({
        status: 429,
        message: expect.stringMatching(FROM_YOUR_NETWORK),
      })
    })

    it("a caller the option does not name is counted by its own address, whatever X-Forwarded-For it writes; the forwarder without a usable header is counted as itself", async () => {
      // Each test starts from the seeded store: no code asked yet. Eight callers from 127.0.0.2,
      // each naming another address: all counted as loopback (docs/security.md: one address).
      for (let i = 1; i <= PER_ADDRESS_HOUR - 2; i++) {
        expect(await signUpAndAsk("127.0.0.2", `100.64.${i}.1`)).toEqual({ status: 202 })
      }
      // The forwarder sending no header, then an entry that is no IP address: loopback's 9th and 10th.
      expect(await signUpAndAsk("127.0.0.1")).toEqual({ status: 202 })
      expect(await signUpAndAsk("127.0.0.1", "unknown")).toEqual({ status: 202 })
      const over = await signUpAndAsk("127.0.0.2", "100.64.200.1")
      expect(over).toEqual({ status: 429, message: expect.stringMatching(FROM_YOUR_NETWORK) })
    })
  },
})
