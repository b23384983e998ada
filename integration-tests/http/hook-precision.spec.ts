import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { adminHeadersEachTest } from "../support/admin"
import { basicAuth, postHook, storeEnv, waitFor, writtenCounts } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

// Issue 40 items 1 and 5 (docs/service-api.md, "Amounts and percents in hooks"). The service's
// description says only "numbers": a money hook is never refused for its precision. Float
// noise (what 0.1 + 0.2 prints in most JSON serializers) is the amount it means; a real extra
// decimal is rounded half away from zero to the balance currency's smallest unit (cents for
// EUR) and the hook log says so. The hooks are posted here as the service would send them,
// float noise included, signed with the store's HTTP Basic credentials.

const HOOKS = { login: "precision-service", password: "precision-hook-pw" }
const AUTH = { authorization: basicAuth(HOOKS.login, HOOKS.password) }

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_CURRENCY_CODE: "eur",
    // Nothing here needs the service's answers: the hooks are the service.
    WALLET_PASS_DISPATCHER_ENABLED: "false",
  }),
  testSuite: ({ api, getContainer }) => {
    const admin = adminHeadersEachTest(getContainer)
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    const hook = (method: string, customer: Record<string, unknown>) =>
      postHook(api.defaults.baseURL!, { method, customer }, AUTH)
    const holderOf = async (phone: string) => (await walletPass().listWalletPassHolders({ phone }))[0]
    /** The hook log's entry of a delivery, as the admin lists it (recorded just after the answer). */
    const logged = (method: string, phone: string, count = 1) =>
      waitFor(async () => {
        const res = await api.get(`/admin/wallet-pass/hook-deliveries?method=${method}&phone=${phone.slice(1)}`, admin)
        const rows = res.data.hook_deliveries as { status_code: number; dropped: { field: string; reason: string }[] }[]
        return rows.length >= count && rows
      }, `the ${method} delivery in the hook log`)

    /** A pass installed at the service with `balance`; the holder, adopted with that balance. */
    async function installed(phone: string, card: string, balance: unknown) {
      const created = await hook("createCustomer", { phone, name: "Anna", cardNumbers: [card], balance })
      expect(created).toMatchObject({ status: 200, data: { customerId: expect.any(String) } })
      return holderOf(phone)
    }

    it("createCustomer with balance 0.30000000000000004 is accepted and opens the balance at 0.30, with no rounding recorded", async () => {
      const phone = "+79994000001"
      const holder = await installed(phone, "400001", 0.1 + 0.2)
      expect(holder).toMatchObject({ enrollment_state: "enrolled", dropped_fields: null })
      expect(await walletPass().getBalance(holder.id)).toBe(30)
      const [row] = await logged("createCustomer", phone)
      expect(row).toMatchObject({ status_code: 200, dropped: null })
    })

    it("addBalance with sum 0.30000000000000004 credits 0.30; with 10.005 credits 10.01 and the hook log shows the rounding", async () => {
      const phone = "+79994000002"
      const holder = await installed(phone, "400002", 0)
      const noise = await hook("addBalance", {
        phone,
        cardNumbers: ["400002"],
        sum: 0.30000000000000004,
        transactionId: "p-noise",
      })
      expect(noise).toEqual({ status: 200, data: { success: true } })
      expect(await walletPass().getBalance(holder.id)).toBe(30)

      const extra = await hook("addBalance", { phone, cardNumbers: ["400002"], sum: 10.005, transactionId: "p-extra" })
      expect(extra).toEqual({ status: 200, data: { success: true } })
      // Half away from zero to the cent: 10.005 is 10.01.
      expect(await walletPass().getBalance(holder.id)).toBe(30 + 1001)
      // A write-off of the same sum rounds the same way, so the two cancel.
      const back = await hook("addBalance", { phone, cardNumbers: ["400002"], sum: -10.005, transactionId: "p-back" })
      expect(back.status).toBe(200)
      expect(await walletPass().getBalance(holder.id)).toBe(30)
      // The same transactionId again is the same credit: answered, not applied twice.
      const repeat = await hook("addBalance", { phone, cardNumbers: ["400002"], sum: 10.005, transactionId: "p-extra" })
      expect(repeat).toEqual({ status: 200, data: { success: true } })
      expect(await walletPass().getBalance(holder.id)).toBe(30)

      const rows = await logged("addBalance", phone, 4)
      const rounded = rows.map((r) => r.dropped).filter(Boolean)
      expect(rounded).toHaveLength(3) // 10.005, -10.005 and its repeat; not the float noise
      expect(rounded[rounded.length - 1]).toEqual([
        {
          field: "customer.sum",
          reason: "rounded from 10.005 to 10.01 (half away from zero, to the balance currency's smallest unit)",
        },
      ])
      // The holder's record of fields a createCustomer could not keep is not about roundings.
      expect((await holderOf(phone)).dropped_fields).toBeNull()
    })

    it("a sum below the smallest unit is answered and credits nothing; the log says it was rounded to 0.00", async () => {
      const phone = "+79994000003"
      const holder = await installed(phone, "400003", 5)
      const before = await writtenCounts(getContainer())
      const tiny = await hook("addBalance", { phone, cardNumbers: ["400003"], sum: 0.004, transactionId: "p-tiny" })
      expect(tiny).toEqual({ status: 200, data: { success: true } })
      expect(await writtenCounts(getContainer())).toEqual(before)
      expect(await walletPass().getBalance(holder.id)).toBe(500)
      const [row] = await logged("addBalance", phone)
      expect(row.dropped).toEqual([
        { field: "customer.sum", reason: expect.stringContaining("rounded from 0.004 to 0.00") },
      ])
    })

    it("setPrivileges with bonus 33.333 stores 33.33% and the hook log shows the rounding", async () => {
      const phone = "+79994000004"
      await installed(phone, "400004", 0)
      const set = await hook("setPrivileges", { phone, cardNumbers: ["400004"], bonus: 33.333, discount: 0.1 + 0.2 })
      expect(set).toEqual({ status: 200, data: { success: true } })
      expect(await holderOf(phone)).toMatchObject({ bonus_percent_bp: 3333, discount_percent_bp: 30 })
      const [row] = await logged("setPrivileges", phone)
      expect(row).toMatchObject({ status_code: 200 })
      expect(row.dropped).toEqual([
        {
          field: "customer.bonus",
          reason: "rounded from 33.333 to 33.33 (half away from zero, to hundredths of a percent)",
        },
      ])
    })

    it("what is not a number, or a negative percent, is still refused with a description, and nothing is written", async () => {
      const phone = "+79994000005"
      const holder = await installed(phone, "400005", 1)
      const before = await writtenCounts(getContainer())
      const refused = [
        await hook("addBalance", { phone, cardNumbers: ["400005"], sum: "ten", transactionId: "p-bad" }),
        await hook("addBalance", { phone, cardNumbers: ["400005"], sum: 0, transactionId: "p-zero" }),
        await hook("setPrivileges", { phone, cardNumbers: ["400005"], bonus: -0.001 }),
        await hook("setPrivileges", { phone, cardNumbers: ["400005"], discount: -5 }),
        await hook("setPrivileges", { phone, cardNumbers: ["400005"], discount: 100.006 }),
        await hook("createCustomer", { phone: "+79994000006", name: "Ivan", balance: "lots" }),
      ]
      expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400])
      expect(refused.map((r) => r.data.error)).toEqual([
        expect.stringContaining("customer.sum"),
        "customer.sum must not be zero",
        "customer.bonus must be a percent from 0 to 100",
        "customer.discount must be a percent from 0 to 100",
        "customer.discount must be a percent from 0 to 100",
        expect.stringContaining("customer.balance"),
      ])
      expect(await writtenCounts(getContainer())).toEqual(before)
      expect(await holderOf(phone)).toMatchObject({ bonus_percent_bp: holder.bonus_percent_bp, discount_percent_bp: 0 })
    })

    it("a name of 300 emoji (600 UTF-16 units) is 300 characters: stored whole, nothing dropped (item 5)", async () => {
      const phone = "+79994000007"
      const name = "🌷".repeat(300)
      const created = await hook("createCustomer", { phone, name, surname: "😀".repeat(501), cardNumbers: ["400007"] })
      expect(created.status).toBe(200)
      const holder = await holderOf(phone)
      expect(holder.name).toBe(name)
      // Over 500 characters is still over: dropped and recorded as before.
      expect(holder.surname).toBeNull()
      expect((holder.dropped_fields as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
        "customer.surname",
      ])
    })
  },
})
