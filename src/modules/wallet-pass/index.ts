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
