// The wallet pass's settings in the storefront, read by the server when it renders (so one
// build serves any shop): where a shopper whose card the store cannot issue is sent, and the
// store's locale (texts of the kit's pieces, money and dates).

/** The shop's contact for a card the store cannot issue: a mailto: or https link (`WALLET_PASS_CONTACT_URL`). */
export const walletPassContactUrl = () => process.env.WALLET_PASS_CONTACT_URL || "mailto:support@example.com"

/** The store's locale (`NEXT_PUBLIC_STORE_LOCALE`), en-US when unset, as `convertToLocale` of `@lib/util/money`. */
export const walletPassLocale = () => process.env.NEXT_PUBLIC_STORE_LOCALE || "en-US"
