import { execFile } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { promisify } from "util"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import expireWalletPassCredits from "../../src/jobs/expire-wallet-pass-credits"
import updateWalletPassLevels from "../../src/jobs/update-wallet-pass-levels"
import { cardFormat } from "../../src/utils/card-format"
import { adminHeadersEachTest } from "../support/admin"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitForHolder } from "../support/hooks"
import { placeOrder } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { createTestDatabase } from "../support/store-process"

jest.setTimeout(180_000)

// Base from 0, Silver from 100, Gold from 300 (euros); one item is 100, shipping 10.
const LEVELS = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Silver", threshold: 100, bonusPercent: 5, discountPercent: 5 },
  { name: "Gold", threshold: 300, bonusPercent: 10, discountPercent: 10 },
]
const NEW_CARD = "0b7d6c1e-1111-4a3b-9c55-6a1f0e2d3c4b"
const BASE_DESIGN = "0b7d6c1e-2222-4a3b-9c55-6a1f0e2d3c4b"
const SILVER_DESIGN = "0b7d6c1e-3333-4a3b-9c55-6a1f0e2d3c4b"
const VARIABLES = { tier: "level", to_next: "toNextLevel", lapsing: "expiringAmount", hello: "firstName" }

const { service, env, storeInFront } = externalCrmService("card-texts-key", {
  WALLET_PASS_TEMPLATE_UUID: NEW_CARD,
  // Profile updates one after another: no spacing here (queue-classes.spec.ts tests it).
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: "0",
  WALLET_PASS_PROGRAM: JSON.stringify({
    ratesOwner: "program",
    tiers: { levels: LEVELS },
    bonuses: { welcome: { amount: 5, lifetimeDays: 30 } },
  }),
  WALLET_PASS_PASS: JSON.stringify({
    variables: VARIABLES,
    levelTemplates: { Base: BASE_DESIGN, Silver: SILVER_DESIGN },
    locale: "en-US",
  }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const admin = adminHeadersEachTest(getContainer)
    const settled = async (holderId: string) => !!(await requestsAnswered(getContainer(), holderId))
    /** The profile writes (user_create_or_update) the service received for `phone`, from request `from` on. */
    const writes = (phone: string, from = 0) =>
      service.emulator
        .requests()
        .slice(from)
        .filter((r) => r.endpoint.endsWith("user_create_or_update") && (r.body as any)?.phone === phone)
        .map((r) => r.body as Record<string, unknown>)
    const signUp = (phone: string, email: string) =>
      signUpEnrolled(
        api,
        store,
        getContainer(),
        { email, phone, first_name: "Vera" },
        {
          // The program's welcome bonus (5, 30 days) follows the enrolment, and its lapsing text
          // goes to the card after the enrolment's request was answered: every test starts from a
          // card that carries it, so no test counts that later update as its own.
          ready: async (h) => h.level !== null && h.card_texts?.lapsing === "€5" && (await settled(h.id)),
          what: "enrolment and the welcome bonus on the card",
          timeoutMs: 60_000,
        }
      )
    /** Waits until the holder's requests are all answered and `check` holds of the holder. */
    const settledWith = (customerId: string, check: (h: any) => boolean, what: string) =>
      // Bounded well inside the test's 180 s: a signup's requests go at the service's pace, and
      // beside another spec file (two workers) the drain's ticks come slower (20 s ran out once).
      waitForHolder(getContainer(), customerId, async (h) => check(h) && (await settled(h.id)), what, {
        timeoutMs: 60_000,
      })

    it("a new card gets the level's design; a level change sends the new level's name and design in one request, an order on the same level only the new texts", async () => {
      const phone = "+79996670001"
      const { customer, headers, holder } = await signUp(phone, "card1@example.com")
      const enrolment = writes(phone)[0]
      expect(enrolment).toMatchObject({ template_uuid: BASE_DESIGN, hello: "Vera" })
      expect(holder).toMatchObject({ level: "Base", card_level: "Base" })

      // The first order reaches Silver: the rates, the level's name, what is left to Gold and
      // Silver's design go in one profile update.
      let from = service.emulator.requests().length
      await placeOrder(api, store, headers)
      await settledWith(
        customer.id,
        (h) => h.level === "Silver" && h.card_texts?.tier === "Silver",
        "Silver on the card"
      )
      expect(writes(phone, from)).toEqual([
        expect.objectContaining({ tier: "Silver", to_next: "€190", template_uuid: SILVER_DESIGN, bonus: 5 }),
      ])

      // The second order stays on Silver: what is left to Gold changes, sent once, without a design.
      from = service.emulator.requests().length
      await placeOrder(api, store, headers)
      await settledWith(
        customer.id,
        (h) => !!h.card_texts?.to_next && h.card_texts.to_next !== "€190",
        "a new amount to Gold on the card"
      )
      // What is left is what the store shows (the order was 5% off on Silver).
      const { data } = await api.get(`/admin/customers/${customer.id}/wallet-pass`, admin)
      const toGold = `€${data.wallet_pass.level.next.missing}`
      const sent = writes(phone, from)
      expect(sent).toEqual([expect.objectContaining({ tier: "Silver", to_next: toGold })])
      expect(sent[0]).not.toHaveProperty("template_uuid")

      // The emulator's card holds the texts and the design.
      const card = service.emulator.getCustomer(phone)!
      expect(card.variables).toMatchObject({ tier: "Silver", to_next: toGold, hello: "Vera" })
      expect(card.templateUuid).toBe(SILVER_DESIGN)

      // The store route says what the card does, once the account has proven its phone.
      const route = () => api.get("/store/customers/me/wallet-pass", { headers }).then((r: any) => r.data.wallet_pass)
      expect((await route()).card_texts).toBeNull()
      await walletPass().updateWalletPassHolders({
        id: holder.id,
        verified_customer_id: customer.id,
        verified_at: new Date(),
      })
      expect((await route()).card_texts).toEqual(card.variables)

      // Nothing changed since: the daily pass and a check of the holder send nothing.
      from = service.emulator.requests().length
      await updateWalletPassLevels(getContainer())
      const { program } = await walletPass().getProgram()
      const again = await walletPass().queueChangedCards({
        holder_ids: [holder.id],
        program,
        format: await cardFormat(getContainer(), program.timeZone),
      })
      expect(again).toEqual({ queued: 0 })
      await settledWith(customer.id, () => true, "nothing waiting")
      expect(service.emulator.requests().slice(from)).toEqual([])
    })

    it("template_uuid is not sent on an ordinary profile update", async () => {
      const phone = "+79996670002"
      const { customer, headers } = await signUp(phone, "card2@example.com")
      const from = service.emulator.requests().length
      await api.post("/store/customers/me", { last_name: "Petrova" }, { headers })
      await settledWith(customer.id, () => true, "the profile update")
      await waitForHolder(
        getContainer(),
        customer.id,
        async (h) => (await settled(h.id)) && writes(phone, from).length > 0,
        "the profile update sent",
        { timeoutMs: 20_000 }
      )
      const sent = writes(phone, from)
      expect(sent).toEqual([expect.objectContaining({ surname: "Petrova", tier: "Base" })])
      expect(sent[0]).not.toHaveProperty("template_uuid")
    })

    it("a credit lapsing changes expiringAmount on the card", async () => {
      const phone = "+79996670003"
      const { customer, holder } = await signUp(phone, "card3@example.com")
      // The welcome bonus (5, 30 days) is the credit that lapses first (signUp waited for it).
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(
        `UPDATE wallet_pass_ledger_entry SET expires_at = now() - interval '1 second'
          WHERE holder_id = ? AND expires_at IS NOT NULL`,
        [holder.id]
      )
      const from = service.emulator.requests().length
      await expireWalletPassCredits(getContainer())
      await settledWith(customer.id, (h) => h.card_texts?.lapsing === "", "nothing lapsing on the card")
      // One request: the balance set that tells the service, carrying the new text.
      const sent = service.emulator.requests().slice(from)
      expect(sent).toHaveLength(1)
      expect(sent[0].body).toMatchObject({ phone, balance: 0, lapsing: "" })
      expect(service.emulator.getCustomer(phone)!.variables).toMatchObject({ lapsing: "" })
    })

    it("a write-off or a service credit that moves the credit lapsing first reaches the card in a profile update", async () => {
      const phone = "+79996670005"
      const { customer } = await signUp(phone, "card5@example.com")
      // A write-off of 3 is taken from the welcome credit: €2 of it is left to lapse. The
      // balance/deduct carries no texts, so the card catches up once it is done.
      let from = service.emulator.requests().length
      await api.post(`/admin/customers/${customer.id}/wallet-pass/adjust`, { amount: -3, reason: "correction" }, admin)
      await settledWith(customer.id, (h) => h.card_texts?.lapsing === "€2", "€2 lapsing on the card")
      expect(writes(phone, from)).toEqual([expect.objectContaining({ lapsing: "€2" })])

      // The service's own credit of 7 for one day (its addBalance hook) now lapses first.
      from = service.emulator.requests().length
      await service.emulator.adjustBalance({ phone, sum: 7, lifetime: 1 })
      await settledWith(customer.id, (h) => h.card_texts?.lapsing === "€7", "€7 lapsing on the card")
      expect(writes(phone, from)).toEqual([expect.objectContaining({ lapsing: "€7" })])
      expect(service.emulator.getCustomer(phone)!.variables).toMatchObject({ lapsing: "€7" })
    })

    it("the admin sets the card's texts with the program, versioned; previews a customer's card; a bad name is 400", async () => {
      const phone = "+79996670004"
      const { customer } = await signUp(phone, "card4@example.com")
      const { data: current } = await api.get("/admin/wallet-pass/program", admin)
      const program = current.program.program
      expect(program.pass.variables).toEqual(VARIABLES) // the option's, version 0

      const bad = await api
        .post("/admin/wallet-pass/program", { ...program, pass: { variables: { "bad name": "level" } } }, admin)
        .catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain('pass.variables.bad name: variable name "bad name" must start with a letter')

      // The preview answers what this customer's card would get under the edited program.
      const next = { ...program, pass: { ...program.pass, variables: { ...program.pass.variables, spent: "spend" } } }
      const preview = await api.post(
        "/admin/wallet-pass/program/card-preview",
        { customer_id: customer.id, program: next },
        admin
      )
      expect(preview.data.card_preview).toMatchObject({
        level: "Base",
        texts: { tier: "Base", spent: "€0", hello: "Vera", to_next: "€100" },
        changed: ["spent"],
        template_uuid: null,
      })
      const unknown = await api
        .post("/admin/wallet-pass/program/card-preview", { customer_id: "cus_nobody" }, admin)
        .catch((e: any) => e.response)
      expect(unknown.status).toBe(404)

      // Saved: a version of the program, its history names the change, and the new text goes
      // to the card once.
      const from = service.emulator.requests().length
      const saved = await api.post("/admin/wallet-pass/program", next, admin)
      expect(saved.data.program).toMatchObject({ version: 1, program: { pass: { variables: { spent: "spend" } } } })
      const { data: history } = await api.get("/admin/wallet-pass/program/history", admin)
      expect(history.versions[0].changes).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: "pass.variables" })])
      )
      await settledWith(customer.id, (h) => h.card_texts?.spent === "€0", "the new variable on the card")
      expect(writes(phone, from)).toEqual([expect.objectContaining({ spent: "€0", tier: "Base" })])
    })
  },
})

it("a bad template variable name stops the store at boot, naming it", async () => {
  const db = await createTestDatabase("card_boot")
  const script = path.join(os.tmpdir(), `card-boot-${process.pid}.js`)
  fs.writeFileSync(script, "exports.default = async function () {}\n")
  try {
    const run = promisify(execFile)("npx", ["medusa", "exec", script], {
      cwd: path.resolve(__dirname, "../.."),
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        MEDUSA_DISABLE_TELEMETRY: "true",
        WALLET_PASS_PASS: JSON.stringify({ variables: { "bad-name": "level", tier: "rank" } }),
      },
      timeout: 180_000,
    })
    const failure = await run.then(
      () => null,
      (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ""}${e.stderr ?? ""}`
    )
    expect(failure).toContain('variable name "bad-name" must start with a letter')
    expect(failure).toContain("pass.variables.tier: a variable's source must be one of")
  } finally {
    fs.rmSync(script, { force: true })
    await db.drop()
  }
})
