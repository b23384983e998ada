import path from "path"
import { moduleIntegrationTestRunner, SuiteOptions } from "@medusajs/test-utils"
import { WALLET_PASS_MODULE } from ".."
import type WalletPassModuleService from "../service"

/** Runs a module test suite on the module's real migrations (strict indexes included). */
export function walletPassModuleTests(testSuite: (options: SuiteOptions<WalletPassModuleService>) => void) {
  moduleIntegrationTestRunner<WalletPassModuleService>({
    moduleName: WALLET_PASS_MODULE,
    resolve: path.join(__dirname, ".."),
    pathToMigrations: path.join(__dirname, "..", "migrations"),
    moduleOptions: { apiUrl: "http://127.0.0.1:9/v2", appKey: "test-app-key" },
    testSuite,
  })
}
