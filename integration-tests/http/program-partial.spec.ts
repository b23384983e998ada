import { adminHeadersEachTest } from "../support/admin"
import { externalCrmService, requestsAnswered, signUpEnrolled } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// Issue 39, item 3: a program save is partial, as Medusa's admin updates are (docs/program.md,
// "Admin and store"): a top-level field the body leaves out keeps its value, `null` sets it
// back to its default (`pass: null`: no card variables, no designs).
const LEVELS = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Silver", threshold: 100, bonusPercent: 5, discountPercent: 5 },
]
const SILVER_DESIGN = "0b7d6c1e-3333-4a3b-9c55-6a1f0e2d3c4b"
const VARIABLES = { acc_level: "level", acc_to_next: "toNextLevel" }

const { service, env, storeInFront } = externalCrmService("program-partial-key", {
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: "0",
  WALLET_PASS_PROGRAM: JSON.stringify({ timeZone: "Europe/Moscow", tiers: { levels: LEVELS } }),
  WALLET_PASS_PASS: JSON.stringify({
    variables: VARIABLES,
    levelTemplates: { Silver: SILVER_DESIGN },
    locale: "en-US",
  }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const admin = adminHeadersEachTest(getContainer)
    const post = (path: string, body: unknown) => api.post(path, body, admin).catch((e: any) => e.response)
    const programInForce = async () => (await api.get("/admin/wallet-pass/program", admin)).data.program
    const settled = async (holderId: string) => !!(await requestsAnswered(getContainer(), holderId))
    /** The variables of the profile writes the service received for `phone`. */
    const variablesSent = (phone: string) =>
      service.emulator
        .requests()
        .filter((r) => r.endpoint.endsWith("user_create_or_update") && (r.body as any)?.phone === phone)
        .map((r) => r.body as Record<string, unknown>)

    it("a save whose body leaves out pass keeps the card settings, and later cards still get them", async () => {
      const body = { ratesOwner: "program", tiers: { levels: LEVELS } }
      // The preview reads the body the same way: the kept design for Silver still names a level.
      const preview = await post("/admin/wallet-pass/program/preview", body)
      expect(preview.status).toBe(200)
      const saved = await post("/admin/wallet-pass/program", body)
      expect(saved.status).toBe(200)
      expect(saved.data.program.program.pass).toMatchObject({
        variables: VARIABLES,
        levelTemplates: { Silver: SILVER_DESIGN },
      })
      const current = await programInForce()
      expect(current).toMatchObject({ version: 1, source: "admin" })
      expect(current.program).toMatchObject({
        ratesOwner: "program",
        timeZone: "Europe/Moscow",
        pass: { variables: VARIABLES, levelTemplates: { Silver: SILVER_DESIGN } },
      })

      // Every later card update carries the variables: a new customer's enrolment has them.
      await signUpEnrolled(
        api,
        store,
        getContainer(),
        { email: "partial1@example.com", phone: "+79996670001", first_name: "Vera" },
        { ready: async (h) => h.level === "Base" && (await settled(h.id)), what: "enrolment", timeoutMs: 60_000 }
      )
      const writes = variablesSent("+79996670001")
      expect(writes.length).toBeGreaterThan(0)
      expect(writes[0]).toMatchObject({ acc_level: "Base", acc_to_next: "€100" })
    })

    it("pass: null clears the card settings; another field null goes back to its default; the rest is kept", async () => {
      const saved = await post("/admin/wallet-pass/program", { pass: null, timeZone: null })
      expect(saved.status).toBe(200)
      const current = await programInForce()
      expect(current.program.pass).toMatchObject({ variables: {}, levelTemplates: {} })
      expect(current.program.timeZone).toBe("UTC")
      expect(current.program.tiers.levels.map((l: any) => l.name)).toEqual(["Base", "Silver"])

      // A later save without pass keeps it cleared, and one that gives pass replaces it whole.
      expect((await post("/admin/wallet-pass/program", { ratesOwner: "program" })).status).toBe(200)
      expect((await programInForce()).program.pass).toMatchObject({ variables: {}, levelTemplates: {} })
      const given = { variables: { acc_level: "level" } }
      expect((await post("/admin/wallet-pass/program", { pass: given })).status).toBe(200)
      const after = await programInForce()
      expect(after.program.pass).toMatchObject({ variables: { acc_level: "level" }, levelTemplates: {} })
      expect(after.program).toMatchObject({ ratesOwner: "program", timeZone: "UTC" })
      expect(after.version).toBe(3)
    })

    it("a partial body is judged with what it keeps: 400 naming the field, nothing saved, preview alike", async () => {
      // Silver's design is kept, so tiers without Silver leave a design for no level.
      const body = { tiers: { levels: [LEVELS[0]] } }
      for (const path of ["/admin/wallet-pass/program/preview", "/admin/wallet-pass/program"]) {
        const res = await post(path, body)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data" })
        expect(res.data.message).toContain("pass.levelTemplates.Silver")
      }
      for (const bad of [["a", "list"], "not a program"]) {
        const res = await post("/admin/wallet-pass/program", bad)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data" })
      }
      expect(await programInForce()).toMatchObject({ version: 0, source: "options" })
    })
  },
})
