import type { LoaderOptions } from "@medusajs/framework/types"
import { parseWalletPassOptions } from "../options"

/** Stops boot on a bad option, with a message naming each option and what it accepts. */
export default async function validateOptionsLoader({ options }: LoaderOptions): Promise<void> {
  parseWalletPassOptions(options)
}
