import { Module } from "@medusajs/framework/utils"
import validateOptionsLoader from "./loaders/validate-options"
import WalletPassModuleService from "./service"

/**
 * The module's face (docs/architecture.md, "The module's face"): everything outside
 * src/modules/wallet-pass imports the module from here (the admin from `./browser`, which this
 * re-exports), never a file inside it; `npm run check:deps` holds the code to that.
 */

/** Container key of the walletPass module: `container.resolve(WALLET_PASS_MODULE)`. */
export const WALLET_PASS_MODULE = "walletPass"

export default Module(WALLET_PASS_MODULE, {
  service: WalletPassModuleService,
  loaders: [validateOptionsLoader],
})

export { WalletPassModuleService }
export * from "./browser"
export * from "./rules/program"
export * from "./options"
export * from "./keys"
export * from "./rules/privileges"
export * from "./rules/bonus-rate"
export * from "./rules/plan"
export * from "./rules/pending"
export * from "./rules/service-record"
export * from "./utils/balance-errors"
export { TEXT_NOT_SENT_MESSAGE } from "./rules/verification"

// `container.resolve(WALLET_PASS_MODULE)` is typed as the service everywhere the module is
// imported: Medusa's container looks keys up in ModuleImplementations.
declare module "@medusajs/framework/types" {
  interface ModuleImplementations {
    [WALLET_PASS_MODULE]: WalletPassModuleService
  }
}
