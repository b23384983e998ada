import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { type CardFormat, WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { balanceCurrency } from "./currency"

/** The store's settings are read again after this long (a merchant who adds a locale). */
const READ_AGAIN_MS = 60_000
let cached: { at: number; locale: string; currency: string | null } | null = null

/**
 * How the card's texts are written (docs/program.md, "On the card"): option `pass.locale`,
 * else the store's first supported locale, else "en"; money in the balance currency; dates in
 * the program's time zone.
 */
export async function cardFormat(container: MedusaContainer, timeZone: string): Promise<CardFormat> {
  return { ...(await storeCardFormat(container)), timeZone }
}

/** The store's part of how the card's texts are written (cardFormat without the program's time zone). */
export async function storeCardFormat(container: MedusaContainer): Promise<Omit<CardFormat, "timeZone">> {
  if (!cached || Date.now() - cached.at > READ_AGAIN_MS) {
    const configured = container.resolve(WALLET_PASS_MODULE).getOptions().pass.locale
    const locale = configured ?? (await storeLocale(container)) ?? "en"
    cached = { at: Date.now(), locale, currency: await balanceCurrency(container) }
  }
  return { locale: cached.locale, currency: cached.currency }
}

async function storeLocale(container: MedusaContainer): Promise<string | null> {
  try {
    const [store] = await container
      .resolve(Modules.STORE)
      .listStores({}, { select: ["id"], relations: ["supported_locales"] })
    const code = (store as { supported_locales?: { locale_code?: string | null }[] } | undefined)
      ?.supported_locales?.[0]?.locale_code
    return code && Intl.getCanonicalLocales(code).length ? code : null
  } catch {
    return null
  }
}
