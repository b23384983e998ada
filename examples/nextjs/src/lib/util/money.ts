type ConvertToLocaleParams = {
  amount: number
  currency_code: string
  minimumFractionDigits?: number
  maximumFractionDigits?: number
  locale?: string
}

/**
 * Money as the store writes it (the dtc-starter's `convertToLocale`, same arguments): the
 * store's locale is `NEXT_PUBLIC_STORE_LOCALE`, en-US when unset.
 */
export const convertToLocale = ({
  amount,
  currency_code,
  minimumFractionDigits,
  maximumFractionDigits,
  locale = process.env.NEXT_PUBLIC_STORE_LOCALE || "en-US",
}: ConvertToLocaleParams) =>
  currency_code
    ? new Intl.NumberFormat(locale, {
        style: "currency",
        currency: currency_code,
        minimumFractionDigits,
        maximumFractionDigits,
      }).format(amount)
    : amount.toString()
