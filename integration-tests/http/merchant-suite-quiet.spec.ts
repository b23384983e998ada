import { logger } from "@medusajs/framework/logger"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createCustomersWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Client } from "pg"
import { externalCrmService, waitFor } from "../support/hooks"

// Issue 42, item 8: a merchant's own integration suite, run with Medusa's runner as it comes
// (not our store-runner, which holds the plugin's work around the restore): the runner drops
// the database and creates it again from its template before every test, and shuts the store
// down after the file. The plugin's jobs and subscribers caught by that must say nothing
// (docs/operations.md, "When the database goes away"); an error of theirs while the database
// is up is still logged (the control).
jest.setTimeout(240_000)

const { env, deliverHooksTo } = externalCrmService("merchant-quiet-key", {})

/** What the store logged at error, warn or debug level, with the time (ms) it was logged. */
const lines: { at: number; level: string; text: string }[] = []
const text = (args: unknown[]) =>
  args.map((a) => (a instanceof Error ? `${a.message}` : typeof a === "string" ? a : JSON.stringify(a))).join(" ")
beforeAll(() => {
  for (const level of ["error", "warn", "debug"] as const)
    jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
      lines.push({ at: Date.now(), level, text: text(args) })
      return undefined as never
    })
})
afterAll(() => jest.restoreAllMocks())

/**
 * The plugin's lines: Medusa's line for a failed scheduled job of ours, the plugin's own
 * (`wallet-pass:`), and the event bus's for a failed subscriber (only the plugin's subscribers
 * run here: a bare store has none of its own on customer.created), with the error it logs next.
 */
const pluginLines = (since = 0) =>
  lines.filter(
    (l) =>
      l.at >= since &&
      l.level !== "debug" &&
      (/Scheduled job wallet-pass-/.test(l.text) ||
        /wallet-pass/.test(l.text) ||
        /An error occurred while processing/.test(l.text) ||
        /terminating connection|Unable to acquire a connection|does not exist|not currently accepting/.test(l.text))
  )

const knexOf = (container: MedusaContainer) =>
  container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as import("knex").Knex

/** Sessions of the store's database waiting on a lock (the plugin's work, blocked by the test). */
async function waitingOnLocks(container: MedusaContainer): Promise<number> {
  const { rows } = await knexOf(container).raw(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
  )
  return rows[0].n
}

let shutDownAt = 0

describe("a merchant's suite with the plugin", () => {
  medusaIntegrationTestRunner({
    env,
    testSuite: ({ api, getContainer }) => {
      deliverHooksTo(() => api.defaults.baseURL!)

      it("a subscriber and a job of the plugin are running when the test ends (the runner then drops the database)", async () => {
        const container = getContainer()
        // The plugin's tables locked by a transaction the test never ends, in a session of its
        // own (outside the store's pool): the dispatcher's next tick and the new customer's
        // enrolment wait on them until the runner's restore ends every session of the database.
        const locker = new Client(knexOf(container).client.config.connection)
        locker.on("error", () => undefined)
        await locker.connect()
        await locker.query("BEGIN")
        await locker.query("LOCK TABLE wallet_pass_holder, wallet_pass_operation IN ACCESS EXCLUSIVE MODE")
        await createCustomersWorkflow(container).run({
          input: { customersData: [{ email: "caught@teardown.example", phone: "+4915112340001" }] },
        })
        await waitFor(
          async () => (await waitingOnLocks(container)) >= 2,
          "the plugin's work waiting on the lock",
          20_000
        )
      })

      it("the next test starts on a fresh database: the plugin said nothing about the sessions the runner ended", async () => {
        // The failures of the ended sessions surface while the restore runs and just after.
        await new Promise((r) => setTimeout(r, 3_000))
        expect(pluginLines().map((l) => `${l.level}: ${l.text}`)).toEqual([])
        // They were caught (not spared): the plugin said so at debug, once per stand-down.
        const said = lines.filter((l) => l.level === "debug" && /^wallet-pass: .* stood down/.test(l.text))
        expect(said.length).toBeGreaterThan(0)
      })

      it("control: an error of the plugin's while the database is up is still logged", async () => {
        const container = getContainer()
        const since = Date.now()
        // Real errors with the database up: the dispatcher's table missing, a holder refused.
        await knexOf(container).raw("ALTER TABLE wallet_pass_operation RENAME TO wallet_pass_operation_gone")
        await knexOf(container).raw(
          "ALTER TABLE wallet_pass_holder ADD CONSTRAINT control_refused CHECK (false) NOT VALID"
        )
        try {
          await createCustomersWorkflow(container).run({
            input: { customersData: [{ email: "real@error.example", phone: "+4915112340002" }] },
          })
          const seen = () => pluginLines(since).map((l) => l.text)
          await waitFor(
            async () =>
              seen().some((t) => /Scheduled job wallet-pass-dispatch-queue failed/.test(t)) &&
              seen().some((t) => /An error occurred while processing customer\.created/.test(t)),
            "the job's and the subscriber's errors logged",
            20_000
          )
        } finally {
          await knexOf(container).raw("ALTER TABLE wallet_pass_holder DROP CONSTRAINT control_refused")
          await knexOf(container).raw("ALTER TABLE wallet_pass_operation_gone RENAME TO wallet_pass_operation")
        }
      })
    },
  })
  afterAll(() => {
    shutDownAt = Date.now()
  })
})

describe("after the runner shut the store down", () => {
  it("the plugin's jobs stay quiet: nothing runs against the closed database", async () => {
    expect(shutDownAt).toBeGreaterThan(0)
    // Longer than the schedule watch's 30 s (src/utils/schedule-watch.ts) and one of its looks.
    await new Promise((r) => setTimeout(r, 42_000))
    expect(pluginLines(shutDownAt).map((l) => `${l.level}: ${l.text}`)).toEqual([])
  })
})
