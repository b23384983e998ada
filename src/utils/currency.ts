import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"

/** The one currency balances are kept in: the `currencyCode` option, else the store's default currency. */
export async function balanceCurrency(container: MedusaContainer): Promise<string | null> {
  const configured = container.resolve(WALLET_PASS_MODULE).getOptions().currencyCode
  if (configured) return configured
  const [store] = await container
    .resolve(Modules.STORE)
    .listStores({}, { select: ["id"], relations: ["supported_currencies"] })
  const currencies = store?.supported_currencies ?? []
  return (currencies.find((c) => c.is_default) ?? currencies[0])?.currency_code?.toLowerCase() ?? null
}
