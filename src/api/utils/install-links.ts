import UAParser from "ua-parser-js"

/** Where a customer installs their card: Apple Wallet, Google Wallet, or the service's form (both). */
export const INSTALL_PLATFORMS = ["ios", "android", "form"] as const
export type InstallPlatform = (typeof INSTALL_PLATFORMS)[number]

/** The store path of the redirect to the right link (docs/storefront.md). */
export const INSTALL_PATH = "/store/customers/me/wallet-pass/install"

export type InstallLinks = Record<InstallPlatform, string | null>

/**
 * The install links a store account may see (docs/adoption.md, trust): the personalised
 * ones open the phone's card, so only once the account has verified the phone; before,
 * only the generic form (`installLink.formUrl`), where the customer signs up with their phone.
 */
export function installLinks(
  holder: { card_url: string | null; card_gpay_url: string | null; form_url: string | null },
  verified: boolean,
  genericFormUrl: string | null
): InstallLinks {
  return {
    ios: verified ? holder.card_url : null,
    android: verified ? holder.card_gpay_url : null,
    form: (verified ? holder.form_url : null) ?? genericFormUrl,
  }
}

/** The platform of a browser's user agent: iOS and iPadOS → ios, Android → android, anything else → form. */
export function platformOf(userAgent: string | undefined): InstallPlatform {
  const os = new UAParser(userAgent ?? "").getOS().name ?? ""
  if (os === "iOS") return "ios"
  if (os === "Android") return "android"
  return "form"
}
