import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { holdBackgroundWork } from "../../src/utils/background-work"

type RunnerOptions = Parameters<typeof medusaIntegrationTestRunner>[0]

/** The part of tarn's pool (knex's) used here: its idle connections, the reaping that closes them, and its count of connections in use. */
type IdlePool = {
  min: number
  idleTimeoutMillis: number
  check(): void
  numUsed(): number
  numPendingAcquires(): number
  numPendingCreates(): number
  numPendingValidations(): number
}

/**
 * medusaIntegrationTestRunner, with the database restore that starts each test made quiet.
 * The runner gives every test a fresh database by dropping it and creating it again from a
 * template, which ends every connection to it. Around it:
 * - the plugin's scheduled jobs are held (src/utils/background-work.ts) from the end of one
 *   test to the start of the next, and a running one is waited for, so none is cut off
 *   mid-transaction ("terminating connection due to administrator command");
 * - the restore waits (bounded) until the store's pool has no connection in use, being
 *   opened or waited for: Medusa's scheduler still starts the held jobs' workflows, which
 *   read their executions, and the emulator may still deliver a hook; a connection opened
 *   or in use when the database is dropped would go back to the pool dead;
 * - the store's idle connections are closed by their owner, the pool, before and after the
 *   restore, so knex does not find them dead later ("Connection ended unexpectedly").
 */
/** How long a test waits for a running job before the restore: a request to a stalled emulator may take longer. */
const HOLD_WAIT_MS = 5_000
/** How long the restore waits for the store's running queries. */
const QUIET_POOL_WAIT_MS = 5_000

/** How often the template copy is tried when Postgres finds the source database still in use. */
const SNAPSHOT_ATTEMPTS = 3

type TemplateCopy = ((input: { databaseName: string; templateName: string }) => Promise<void>) & { retries?: true }

/** The module whose export the runner reads through a getter of its index: wrapping it is seen by the runner. */
export const TEMPLATE_MODULE = "@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template"

/**
 * `copy`, tried again (at most `attempts` times in all) while it fails because Postgres finds
 * the source database in use (55006); any other error at once.
 */
export function retryWhileInUse(copy: TemplateCopy, attempts = SNAPSHOT_ATTEMPTS): TemplateCopy {
  if (copy.retries) return copy
  const retrying = async (input: { databaseName: string; templateName: string }) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await copy(input)
      } catch (e) {
        if ((e as { code?: string }).code !== "55006" || attempt >= attempts) throw e
        console.warn(
          `[store-runner] the template of ${input.databaseName}: ${(e as Error).message}; ` +
            `trying again (${attempt + 1} of ${attempts})`
        )
      }
    }
  }
  return Object.assign(retrying, { retries: true as const })
}

/**
 * Before its first test the runner copies the spec's database into a template: it ends the
 * database's other sessions, then runs CREATE DATABASE … TEMPLATE, which Postgres refuses
 * ("source database … is being accessed by other users", 55006) when a session it ended has
 * not exited within Postgres's own 5 s wait. On a loaded machine one sometimes has not (once
 * in three full runs on 2 vCPU): the copy is tried again, only for that error.
 */
function retryTemplateCopyWhileInUse(): void {
  const templates = require(TEMPLATE_MODULE) as { createPostgresDatabaseTemplate: TemplateCopy }
  templates.createPostgresDatabaseTemplate = retryWhileInUse(templates.createPostgresDatabaseTemplate)
}

retryTemplateCopyWhileInUse()

export function storeTestRunner(options: RunnerOptions): void {
  let container: (() => MedusaContainer) | undefined
  let release: (() => void) | undefined
  const hold = async () => {
    release ??= await holdBackgroundWork({ waitMs: HOLD_WAIT_MS })
  }
  // Registered outside the runner's describe: it runs before the runner's own beforeEach (the restore).
  beforeEach(async () => {
    await hold()
    await waitForQuietPool(container?.())
    closeIdleConnections(container?.())
  })
  medusaIntegrationTestRunner({
    ...options,
    testSuite: (suite) => {
      container = suite.getContainer
      // After the restore: connections that were busy during it went back to the pool dead.
      beforeEach(() => {
        closeIdleConnections(container?.())
        release?.()
        release = undefined
      })
      afterEach(hold)
      return options.testSuite(suite)
    },
  })
}

function storePool(container: MedusaContainer | undefined): IdlePool | undefined {
  return (container?.resolve(ContainerRegistrationKeys.PG_CONNECTION) as { client?: { pool?: IdlePool } } | undefined)
    ?.client?.pool
}

async function waitForQuietPool(container: MedusaContainer | undefined): Promise<void> {
  const pool = storePool(container)
  const deadline = Date.now() + QUIET_POOL_WAIT_MS
  const busy = (p: IdlePool) =>
    p.numUsed() + p.numPendingAcquires() + p.numPendingCreates() + p.numPendingValidations() > 0
  while (pool && busy(pool) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
}

function closeIdleConnections(container: MedusaContainer | undefined): void {
  const pool = storePool(container)
  if (!pool) return
  const { min, idleTimeoutMillis } = pool
  pool.min = 0
  pool.idleTimeoutMillis = 0
  try {
    pool.check() // destroys every free connection now
  } finally {
    pool.min = min
    pool.idleTimeoutMillis = idleTimeoutMillis
  }
}
