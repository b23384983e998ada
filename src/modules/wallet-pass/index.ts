import { Module } from "@medusajs/framework/utils"
import validateOptionsLoader from "./loaders/validate-options"
import WalletPassModuleService from "./service"

/** Container key of the walletPass module: `container.resolve(WALLET_PASS_MODULE)`. */
export const WALLET_PASS_MODULE = "walletPass"

export default Module(WALLET_PASS_MODULE, {
  service: WalletPassModuleService,
  loaders: [validateOptionsLoader],
})

export { WalletPassModuleService }
export * from "./constants"
export * from "./options"

// `container.resolve(WALLET_PASS_MODULE)` is typed as the service everywhere the module is
// imported: Medusa's container looks keys up in ModuleImplementations.
declare module "@medusajs/framework/types" {
  interface ModuleImplementations {
    [WALLET_PASS_MODULE]: WalletPassModuleService
  }
}
