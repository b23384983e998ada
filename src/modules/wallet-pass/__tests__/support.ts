import path from "path"
import { moduleIntegrationTestRunner, SuiteOptions } from "@medusajs/test-utils"
import { WALLET_PASS_MODULE } from ".."
import { OPERATION_PRIORITY } from "../constants"
import type WalletPassModuleService from "../service"

// This run's database for this jest worker (integration-tests/support/database.js).
const { moduleTestDatabaseName } = require("../../../../integration-tests/support/database") as {
  moduleTestDatabaseName: () => string
}

/**
 * Runs a module test suite on the module's real migrations (strict indexes included);
 * `options` adds plugin options to the minimal ones.
 */
export function walletPassModuleTests(
  testSuite: (options: SuiteOptions<WalletPassModuleService>) => void,
  options: Record<string, unknown> = {}
) {
  moduleIntegrationTestRunner<WalletPassModuleService>({
    moduleName: WALLET_PASS_MODULE,
    dbName: moduleTestDatabaseName(),
    resolve: path.join(__dirname, ".."),
    pathToMigrations: path.join(__dirname, "..", "migrations"),
    moduleOptions: { apiUrl: "http://127.0.0.1:9/v2", appKey: "test-app-key", ...options },
    testSuite,
  })
}

type EnrollInput = Parameters<WalletPassModuleService["createHolderForEnrollment"]>[0]

/** A store signup of `customer_id` with `phone`, as the signup subscriber records it. */
export function enrollSignup(
  service: WalletPassModuleService,
  customer_id: string,
  phone: string | null,
  extra: Partial<EnrollInput> = {}
) {
  return service.createHolderForEnrollment({
    customer_id,
    phone,
    source: "signup",
    profile: { name: "Anna" },
    priority: OPERATION_PRIORITY.money,
    ...extra,
  })
}

/**
 * Claims and completes, as applied by the service, every operation the queue hands out within
 * `limits`; answers their dedupe keys in claim order.
 */
export async function sendAllAsApplied(
  service: WalletPassModuleService,
  limits: { perSecond: number; perHour: number }
): Promise<string[]> {
  const order: string[] = []
  for (;;) {
    const claim = await service.claimNextOperation(limits)
    if (claim.kind !== "send") return order
    order.push(claim.operation.dedupe_key)
    await service.recordSendOutcome({
      operation_id: claim.operation.id,
      api_call_id: claim.api_call_id,
      call: { status: 200, outcome: "applied", duration_ms: 1, request: null, response: null, error: null },
      settle: { state: "done" },
    })
  }
}
