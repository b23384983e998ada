import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { isCountryCode, type CountryCode } from "../lib/phone"

/** The country assumed when neither the option nor the store's default region names one. */
export const FALLBACK_PHONE_COUNTRY: CountryCode = "RU"

/** Where the country of phones written without "+" came from. */
export type PhoneCountrySource = "option" | "store_region" | "fallback"
export type PhoneCountry = { country: CountryCode; source: PhoneCountrySource }

/** A fallback is looked at again after this long: a store may get its default region after boot. */
const FALLBACK_RECHECK_MS = 60_000

let known: { value: PhoneCountry; at: number } | undefined
let looking: Promise<PhoneCountry> | undefined
let logged: string | undefined

/**
 * The country used to read phones written without "+" (signups, the import, hooks, the
 * client): the `defaultCountry` option, else the first country of the store's default
 * region, else RU. Cached per process (a fallback for a minute only); the country assumed is
 * logged once, and again if it changes.
 */
export async function phoneCountry(container: MedusaContainer): Promise<PhoneCountry> {
  const option = container.resolve(WALLET_PASS_MODULE).getOptions().defaultCountry
  if (option) return remember(container, { country: option as CountryCode, source: "option" })
  if (known && (known.value.source !== "fallback" || Date.now() - known.at < FALLBACK_RECHECK_MS)) return known.value
  looking ??= storeRegionCountry(container)
    .then((country) =>
      remember(
        container,
        country ? { country, source: "store_region" } : { country: FALLBACK_PHONE_COUNTRY, source: "fallback" }
      )
    )
    .finally(() => {
      looking = undefined
    })
  return looking
}

/** The first country of the store's default region (as the region lists them), or null. */
async function storeRegionCountry(container: MedusaContainer): Promise<CountryCode | null> {
  try {
    const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["default_region_id"] })
    if (!store?.default_region_id) return null
    const [region] = await container
      .resolve(Modules.REGION)
      .listRegions({ id: store.default_region_id }, { relations: ["countries"] })
    const code = region?.countries?.[0]?.iso_2?.toUpperCase()
    return code && isCountryCode(code) ? code : null
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`wallet-pass: could not read the store's default region: ${(e as Error).message}`)
    return null
  }
}

function remember(container: MedusaContainer, value: PhoneCountry): PhoneCountry {
  known = { value, at: Date.now() }
  const said = `${value.country}:${value.source}`
  if (logged !== said) {
    logged = said
    const why = {
      option: "the defaultCountry option",
      store_region: "the first country of the store's default region; set defaultCountry to choose another",
      fallback: "the store has no default region and defaultCountry is not set",
    }[value.source]
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`wallet-pass: phones written without a country code are read as ${value.country} numbers (${why})`)
  }
  return value
}
