import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { type CountryCode, type CountryPhoneResult, isCountryCode, readMobilePhone } from "../lib/phone"

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

/**
 * The countries the store serves, in the order phones are read in them (docs/phones.md): the
 * store's country (phoneCountry: the option, the default region's first, or the fallback), the
 * default region's other countries, then the other regions' countries. Read each time (two
 * queries): only phones written without their country code need them.
 */
export async function storePhoneCountries(container: MedusaContainer): Promise<CountryCode[]> {
  const [first, regions, stores] = await Promise.all([
    phoneCountry(container),
    container.resolve(Modules.REGION).listRegions({}, { relations: ["countries"] }),
    container.resolve(Modules.STORE).listStores({}, { select: ["default_region_id"] }),
  ])
  const defaultRegion = stores[0]?.default_region_id
  const ordered = [...regions].sort((a, b) => Number(b.id === defaultRegion) - Number(a.id === defaultRegion))
  const countries: CountryCode[] = [first.country]
  for (const region of ordered)
    for (const c of region.countries ?? []) {
      const code = c?.iso_2?.toUpperCase()
      if (code && isCountryCode(code) && !countries.includes(code)) countries.push(code)
    }
  return countries
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

/** How many of a customer's latest carts and orders are looked at for their country. */
const RECENT_PER_CUSTOMER = 3

type Address = { country_code?: string | null } | null | undefined
type Shopped = {
  customer_id?: string | null
  shipping_address?: Address
  billing_address?: Address
  region?: { countries?: ({ iso_2?: string | null } | null)[] | null } | null
}

/**
 * Each customer's own countries, most telling first: their saved addresses (default shipping,
 * default billing, the others), then the addresses of their latest carts and orders and the
 * region they shopped in when it is a single country's. Three queries for the whole batch.
 */
export async function customerCountries(
  container: MedusaContainer,
  customerIds: readonly string[]
): Promise<Map<string, CountryCode[]>> {
  const ids = [...new Set(customerIds)]
  const found = new Map<string, CountryCode[]>(ids.map((id) => [id, []]))
  if (!ids.length) return found
  const add = (customerId: string | null | undefined, code: string | null | undefined) => {
    const country = code?.toUpperCase()
    const list = customerId ? found.get(customerId) : undefined
    if (list && country && isCountryCode(country) && !list.includes(country)) list.push(country)
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const recent = { take: ids.length * RECENT_PER_CUSTOMER }
  const shoppedFields = [
    "customer_id",
    "shipping_address.country_code",
    "billing_address.country_code",
    "region.countries.iso_2",
  ]
  const [customers, carts, orders] = await Promise.all([
    query.graph({
      entity: "customer",
      fields: ["id", "addresses.country_code", "addresses.is_default_shipping", "addresses.is_default_billing"],
      filters: { id: ids },
    }),
    query.graph({
      entity: "cart",
      fields: shoppedFields,
      filters: { customer_id: ids },
      pagination: { ...recent, order: { updated_at: "DESC" } },
    }),
    query.graph({
      entity: "order",
      fields: shoppedFields,
      filters: { customer_id: ids },
      pagination: { ...recent, order: { created_at: "DESC" } },
    }),
  ])
  for (const customer of customers.data) {
    const rank = (a: { is_default_shipping?: boolean | null; is_default_billing?: boolean | null }) =>
      a.is_default_shipping ? 0 : a.is_default_billing ? 1 : 2
    const addresses = [...(customer.addresses ?? [])].filter(Boolean).sort((a, b) => rank(a!) - rank(b!))
    for (const address of addresses) add(customer.id, address!.country_code)
  }
  for (const shopped of [...carts.data, ...orders.data] as Shopped[]) {
    add(shopped.customer_id, shopped.shipping_address?.country_code)
    add(shopped.customer_id, shopped.billing_address?.country_code)
    const regionCountries = (shopped.region?.countries ?? []).filter(Boolean)
    if (regionCountries.length === 1) add(shopped.customer_id, regionCountries[0]!.iso_2)
  }
  return found
}

/**
 * Reads store customers' phones as the plugin enrols them (docs/phones.md): src/lib/phone.ts
 * readMobilePhone, a number with its country code as it is; one without, in the customer's own
 * countries first (customerCountries), then in the store's (storePhoneCountries). A phone that is
 * not one mobile number is a problem (`invalid`, `not_mobile`, `ambiguous_country`, ...), never
 * a guess. Null for a customer with no phone.
 */
export async function readCustomerPhones(
  container: MedusaContainer,
  customers: readonly { id: string; phone?: string | null }[]
): Promise<Map<string, CountryPhoneResult | null>> {
  // A number with its country code reads the same anywhere: no country to look up for it.
  const national = customers.filter((c) => c.phone?.trim() && !/^\s*(\+|00)/.test(c.phone))
  const [store, own] = national.length
    ? await Promise.all([
        storePhoneCountries(container),
        customerCountries(
          container,
          national.map((c) => c.id)
        ),
      ])
    : [[], new Map<string, CountryCode[]>()]
  return new Map(
    customers.map((c) => [
      c.id,
      c.phone?.trim() ? readMobilePhone(c.phone, [...(own.get(c.id) ?? []), ...store]) : null,
    ])
  )
}

/** readCustomerPhones for one customer. */
export async function readCustomerPhone(
  container: MedusaContainer,
  customer: { id: string; phone?: string | null }
): Promise<CountryPhoneResult | null> {
  return (await readCustomerPhones(container, [customer])).get(customer.id) ?? null
}
