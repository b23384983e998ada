/** An amount in a currency, as the shopper's browser writes money (e.g. "€40.00"). */
export function money(amount: number, currencyCode: string | null | undefined): string {
  if (!currencyCode) return amount.toFixed(2)
  return new Intl.NumberFormat(undefined, { style: "currency", currency: currencyCode.toUpperCase() }).format(amount)
}

/** A date as the shopper's browser writes it (e.g. "Dec 25, 2026"). */
export function day(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(iso))
}
