import { useTranslation } from "react-i18next"
import { WALLET_PASS_NS } from "../i18n"
import { formatMoney, parseAmount } from "./amount-input"
import { REASON_VALUE_KINDS } from "../../lib/reasons"

/**
 * How the plugin's admin writes money, dates and the names of things, the way the dashboard
 * writes its own on the same page (issue 41, item 7):
 * - money, numbers and percents through Intl in the browser's locale, as the dashboard's own
 *   `formatCurrency`, `getLocaleAmount` and `formatPercentage` do (`Intl.NumberFormat` with
 *   no locale): an order page shows the plugin's "€14.00" beside Medusa's "€4.00", whatever
 *   language the admin picked; amounts typed in the admin are read the same way
 *   (lib/amount-input.ts);
 * - dates in the dashboard's language, as its own `useDate` writes them ("Nov 23, 2026";
 *   "23 нояб. 2026 г."), with the time in 24 hours where a log needs it;
 * - ledger kinds, request states and methods, hook methods: the texts of `common.*` in the
 *   `wallet-pass` namespace (src/admin/i18n/common.ts), never the identifiers.
 */

/** The dashboard's language code as Intl reads it: "en", "ru", "ptBR" → "pt-BR". */
export function intlLocale(language: string | undefined): string | undefined {
  return language ? language.replace(/^([a-z]{2})([A-Z]{2})$/, "$1-$2") : undefined
}

type DateInput = string | Date | null | undefined

const toDate = (value: DateInput): Date | null => {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** A date as the dashboard shows one: "Nov 23, 2026" in English, "23 нояб. 2026 г." in Russian. */
export function formatDate(value: DateInput, locale?: string): string {
  const date = toDate(value)
  return date ? new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(date) : "—"
}

/**
 * A date with its time, for logs: "Nov 23, 2026, 20:34"; "23 нояб. 2026 г., 20:34" (in the
 * browser's zone, or `timeZone`).
 */
export function formatDateTime(value: DateInput, locale?: string, timeZone?: string): string {
  const date = toDate(value)
  return date
    ? new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone,
      }).format(date)
    : "—"
}

/** A count or a plain number in the admin's language: "3,600" / "3 600". */
export function formatNumber(value: number, locale?: string, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value)
}

/** A percent given in percent units (7.5 for 7.5 %) in the admin's language: "7.5%" / "7,5 %". */
export function formatPercent(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(value / 100)
}

/** An amount in the balance unit (as the API answers it) as money: "€1,050.00", "1 050,00 €". */
export function formatAmount(amount: number, currency: string | null, numberLocale?: string): string {
  return formatMoney(Math.round(amount * 100), currency, numberLocale)
}

/** A ledger amount with its sign: "+€12.50" for a credit, "-€3.00" for a debit. */
export function formatSignedAmount(amount: number, currency: string | null, numberLocale?: string): string {
  const text = formatAmount(Math.abs(amount), currency, numberLocale)
  return amount > 0 ? `+${text}` : amount < 0 ? `-${text}` : text
}

let regionNames: { locale: string | undefined; names: Intl.DisplayNames | null } | undefined
/** "Germany" / "Германия" for "DE" in the admin's language; the code where Intl has no names. */
export function countryName(code: string, locale: string | undefined): string {
  if (!regionNames || regionNames.locale !== locale) {
    let names: Intl.DisplayNames | null = null
    try {
      names = new Intl.DisplayNames(locale ? [locale] : [], { type: "region" })
    } catch {
      names = null
    }
    regionNames = { locale, names }
  }
  const { names } = regionNames
  try {
    return names?.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/**
 * A plugin reason's values as the admin writes them (src/lib/reasons.ts REASON_VALUE_KINDS):
 * amounts through Intl in the balance currency, numbers in the locale's way, countries by
 * name and phone problems in words (`t`, `common.phoneProblem.*`); words and ids as they are.
 */
export function reasonValues(
  values: Record<string, unknown>,
  currency: string | null,
  locale: string | undefined,
  t?: T,
  /** How numbers and money are written: the browser's (undefined) in the admin, as the dashboard writes them. */
  numberLocale: string | undefined = locale
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, raw]) => {
      const value = String(raw ?? "")
      const kind = REASON_VALUE_KINDS[name]
      if (kind === "country") return [name, countryName(value, locale)]
      if (kind === "phone_problem")
        return [name, t ? t(`common.phoneProblem.${value}`, { defaultValue: value.replace(/_/g, " ") }) : value]
      const n = Number(value)
      if (!kind || value.trim() === "" || !Number.isFinite(n)) return [name, value]
      if (name === "percent") return [name, formatPercent(n, numberLocale)]
      return [name, kind === "money" ? formatAmount(n, currency, numberLocale) : formatNumber(n, numberLocale)]
    })
  )
}

/** A row's reason as admin responses carry it (src/lib/reasons.ts presentReason). */
export type ReasonFields = {
  reason?: string | null
  reason_code?: string | null
  reason_values?: Record<string, unknown> | null
}

/** Medusa ids (`cus_01J…`, `wpop_01J…`) are no words for a merchant: cut out of a server's message. */
export function withoutIds(message: string): string {
  return message
    .replace(/\s*\b[a-z]{2,12}_[0-9A-Z]{26}\b/g, "")
    .replace(/\s+([,.:;)])/g, "$1")
    .trim()
}

type T = (key: string, options?: Record<string, unknown>) => string

/** What a failed admin request says in a toast: the store's reason without ids, or why there is none. */
export function errorText(error: unknown, t: T): string {
  const status = (error as { status?: number } | null)?.status
  if (status === 404) return t("common.toast.notFound")
  if (typeof status === "number" && status >= 500) return t("common.toast.serverError")
  if (error instanceof TypeError) return t("common.toast.offline")
  const message = error instanceof Error ? withoutIds(error.message) : ""
  return message ? t("common.toast.failed", { reason: message }) : t("common.toast.failedPlain")
}

/** "45 s", "3 min", "1.5 h" in the admin's language. */
export function formatAge(seconds: number | null, t: T, locale?: string): string {
  if (seconds === null) return "—"
  const number = (value: number, digits = 0) => formatNumber(value, locale, digits)
  if (seconds < 60) return t("common.units.seconds", { value: number(seconds) })
  if (seconds < 3600) return t("common.units.minutes", { value: number(seconds / 60) })
  return t("common.units.hours", { value: number(seconds / 3600, 1) })
}

/** The groups of `common.*` that name a value of one of the module's enums. */
export type LabelGroup =
  | "ledgerKind"
  | "ledgerState"
  | "operationState"
  | "operationMethod"
  | "hookMethod"
  | "hookOutcome"
  | "enrollmentState"
  | "pushType"
  | "campaignState"
  | "importItemState"
  | "syncRunState"

/**
 * The admin's words and formats in one hook: `t` of the plugin's namespace, money, dates,
 * ages, and `label(group, value)` for an enum's value (the value itself when a newer server
 * sends one this admin does not know yet).
 */
export function useWalletPassFormat() {
  const { t, i18n } = useTranslation(WALLET_PASS_NS)
  // Words, names and dates in the admin's language; numbers and money as the browser writes
  // them, like the dashboard's own panels on the same page (undefined: Intl's default, the browser's).
  const locale = intlLocale(i18n.language)
  const numberLocale: string | undefined = undefined
  const label = (group: LabelGroup, value: string | null | undefined): string => {
    if (value === null || value === undefined || value === "") return t("common.none")
    const key = `common.${group}.${value}`
    return i18n.exists(key, { ns: WALLET_PASS_NS }) ? t(key) : value
  }
  /**
   * Why something happened: a reason the plugin wrote (its code and values, src/lib/reasons.ts)
   * in the admin's language, its amounts in `currency` and its numbers as the locale writes
   * them; anything else (an admin's own words, a reason this admin does not know) as written.
   */
  const reason = (row: ReasonFields | null | undefined, { currency = null }: { currency?: string | null } = {}) => {
    const key = row?.reason_code ? `common.reason.${row.reason_code}` : null
    if (!key || !i18n.exists(key, { ns: WALLET_PASS_NS })) return row?.reason ?? ""
    return t(key, reasonValues(row!.reason_values ?? {}, currency, locale, t, numberLocale))
  }
  /**
   * A store event's value (src/lib/event-values.ts) in the admin's language, amounts in their
   * currency (the balance's, `currency`, when the value names none) and dates as the dashboard
   * writes them; a value without parts as the service got it.
   */
  const eventValue = (
    row: { value?: string | null; value_code?: string | null; value_values?: Record<string, unknown> | null },
    currency: string | null
  ) => {
    const key = row.value_code ? `common.eventValue.${row.value_code}` : null
    if (!key || !i18n.exists(key, { ns: WALLET_PASS_NS })) return row.value ?? ""
    const values = row.value_values ?? {}
    const shown: Record<string, string> = {}
    for (const [name, raw] of Object.entries(values)) {
      if (name === "amount")
        shown.amount = formatAmount(Number(raw), (values.currency as string) ?? currency, numberLocale)
      else if (name === "items") shown.items = formatNumber(Number(raw), numberLocale)
      else if (name === "date") shown.date = formatDate(String(raw), locale)
      else shown[name] = String(raw ?? "")
    }
    return t(key, shown)
  }
  return {
    t,
    language: i18n.language,
    locale,
    /** The locale numbers and money are written in: the browser's (undefined), as the dashboard's. */
    numberLocale,
    date: (value: DateInput) => formatDate(value, locale),
    dateTime: (value: DateInput) => formatDateTime(value, locale),
    money: (amount: number, currency: string | null) => formatAmount(amount, currency, numberLocale),
    signedMoney: (amount: number, currency: string | null) => formatSignedAmount(amount, currency, numberLocale),
    /** Minor units as money (a typed amount's preview). */
    minorMoney: (minor: number, currency: string | null) => formatMoney(minor, currency, numberLocale),
    number: (value: number, digits = 2) => formatNumber(value, numberLocale, digits),
    percent: (value: number) => formatPercent(value, numberLocale),
    /** An amount typed by the admin, read the way their language writes one ("1 234,56" in Russian). */
    parseAmount: (text: string) => parseAmount(text, numberLocale),
    age: (seconds: number | null) => formatAge(seconds, t, numberLocale),
    error: (error: unknown) => errorText(error, t),
    label,
    reason,
    eventValue,
  }
}

export type WalletPassFormat = ReturnType<typeof useWalletPassFormat>
