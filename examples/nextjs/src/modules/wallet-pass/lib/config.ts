// The wallet pass's settings in the storefront, read by the server when it renders (so one
// build serves any shop): where a shopper whose card the store cannot issue is sent, and the
// locale money and dates are written in on the pass page.

/** The shop's contact for a card the store cannot issue: a mailto: or https link (`WALLET_PASS_CONTACT_URL`). */
export const walletPassContactUrl = () => process.env.WALLET_PASS_CONTACT_URL || "mailto:support@example.com"

/** The store's locale (`NEXT_PUBLIC_STORE_LOCALE`), en-US when unset, as `convertToLocale` of `@lib/util/money`. */
export const walletPassLocale = () => process.env.NEXT_PUBLIC_STORE_LOCALE || "en-US"

/** Tailwind classes for the kit's pieces (they take a className and mark their parts with data-wallet-pass). */
export const PIECE_CLASSES = {
  form: [
    "flex flex-wrap items-center gap-2 txt-compact-small text-ui-fg-base",
    "[&_p]:w-full [&_label]:w-full [&_label]:text-ui-fg-subtle",
    "[&_input]:h-10 [&_input]:min-w-0 [&_input]:flex-1 [&_input]:rounded-md [&_input]:border [&_input]:border-ui-border-base [&_input]:bg-ui-bg-field [&_input]:px-3",
    "[&_button]:h-10 [&_button]:rounded-md [&_button]:bg-ui-button-inverted [&_button]:px-4 [&_button]:font-medium [&_button]:text-ui-fg-on-inverted disabled:[&_button]:opacity-50",
    "[&_[role=alert]]:text-ui-fg-error",
  ].join(" "),
  level: [
    "flex flex-col gap-1 txt-compact-small text-ui-fg-subtle",
    "[&_progress]:h-2 [&_progress]:w-full [&_progress]:overflow-hidden [&_progress]:rounded-full",
    "[&_progress::-webkit-progress-bar]:bg-ui-bg-subtle [&_progress::-webkit-progress-value]:bg-ui-fg-interactive",
  ].join(" "),
  addToWallet: [
    "flex flex-col items-start gap-2 txt-compact-small text-ui-fg-subtle",
    "[&_img]:h-48 [&_img]:w-48 [&_img]:rounded-md [&_img]:border [&_img]:border-ui-border-base [&_img]:bg-white [&_img]:p-2",
    "[&_a]:text-ui-fg-interactive [&_a]:underline [&_[role=alert]]:text-ui-fg-error",
  ].join(" "),
}
