/**
 * An amount of the balance unit or of a cart, as the shopper's locale writes money
 * ("€40.00", "40,00 €"); without a currency, the number with two decimals. Pure: usable in a
 * server component as in the browser (docs/storefront.md).
 */
export function formatAmount(amount: number, currencyCode: string | null | undefined, locale?: string): string {
  if (!currencyCode) return new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(amount)
  return new Intl.NumberFormat(locale, { style: "currency", currency: currencyCode.toUpperCase() }).format(amount)
}
