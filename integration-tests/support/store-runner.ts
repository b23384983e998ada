import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"

type RunnerOptions = Parameters<typeof medusaIntegrationTestRunner>[0]

/** The part of tarn's pool (knex's) used here: its idle connections and the reaping that closes them. */
type IdlePool = { min: number; idleTimeoutMillis: number; check(): void }

/**
 * medusaIntegrationTestRunner, closing the store's idle database connections around the
 * database restore that starts each test. The runner gives every test a fresh database by dropping it and creating it again
 * from a template, which ends every connection to it; knex would find each dead one the next
 * time it is taken and print "Connection Error: Connection ended unexpectedly". Closed first
 * by their owner, the pool, they are not found dead, and the output keeps to what a reader
 * needs.
 */
export function storeTestRunner(options: RunnerOptions): void {
  let container: (() => MedusaContainer) | undefined
  // Registered outside the runner's describe: it runs before the runner's own beforeEach (the restore).
  beforeEach(() => closeIdleConnections(container?.()))
  medusaIntegrationTestRunner({
    ...options,
    testSuite: (suite) => {
      container = suite.getContainer
      // And once more after it: a connection busy during the restore (a background job's)
      // went back to the pool dead.
      beforeEach(() => closeIdleConnections(container?.()))
      return options.testSuite(suite)
    },
  })
}

function closeIdleConnections(container: MedusaContainer | undefined): void {
  const pool = (
    container?.resolve(ContainerRegistrationKeys.PG_CONNECTION) as { client?: { pool?: IdlePool } } | undefined
  )?.client?.pool
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
