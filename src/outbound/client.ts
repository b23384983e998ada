import { WalletPassClient } from "../lib/wallet-pass-client"
import type { CountryCode } from "../lib/phone"
import type { WalletPassOptions } from "../modules/wallet-pass"

let cached: { key: string; client: WalletPassClient } | undefined

/**
 * The process's client for the configured service (one connection pool, kept across
 * drains). `defaultCountry` reads phones written without "+" (see phoneCountry). The
 * dispatcher takes a view of it per request (`withOnCall`) for that call's record.
 */
export function serviceClient(options: WalletPassOptions, defaultCountry: CountryCode): WalletPassClient {
  const key = JSON.stringify([options.apiUrl, options.appKey, options.revision, defaultCountry])
  if (cached?.key !== key) {
    void cached?.client.close()
    cached = {
      key,
      client: new WalletPassClient({
        apiUrl: options.apiUrl,
        appKey: options.appKey,
        revision: options.revision,
        defaultCountry,
      }),
    }
  }
  return cached.client
}
