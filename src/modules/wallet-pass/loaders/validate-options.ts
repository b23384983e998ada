import type { LoaderOptions } from "@medusajs/framework/types"
import { asValue } from "@medusajs/framework/awilix"
import { parseWalletPassOptions } from "../options"

/**
 * Stops boot on a bad option, with a message naming each option and what it accepts, and
 * registers the parsed options in the module's container as `walletPassOptions`, where the
 * internal services (services/) take them from.
 */
export default async function validateOptionsLoader({ options, container }: LoaderOptions): Promise<void> {
  container.register("walletPassOptions", asValue(parseWalletPassOptions(options)))
}
