import { WalletPassClient, WalletPassCallRecord } from "../lib/wallet-pass-client"
import type { CountryCode } from "../lib/phone"
import type { WalletPassOptions } from "../modules/wallet-pass/options"

type Cached = { key: string; client: WalletPassClient; last: { record?: WalletPassCallRecord } }
let cached: Cached | undefined

/**
 * The process's client for the configured service, with the redacted record of its last
 * call (the dispatcher sends one request at a time per process, so "last" is unambiguous).
 * `defaultCountry` reads phones written without "+" (see phoneCountry).
 */
export function serviceClient(options: WalletPassOptions, defaultCountry: CountryCode): Cached {
  const key = JSON.stringify([options.apiUrl, options.appKey, options.revision, defaultCountry])
  if (cached?.key !== key) {
    void cached?.client.close()
    const last: Cached["last"] = {}
    const client = new WalletPassClient({
      apiUrl: options.apiUrl,
      appKey: options.appKey,
      revision: options.revision,
      defaultCountry,
      onCall: (record) => {
        last.record = record
      },
    })
    cached = { key, client, last }
  }
  return cached
}
