import type { WalletPassOptions } from "../options"

/**
 * The limits on texts a store route makes the service send (docs/security.md): which windows
 * a text counts against and what the shopper is told. Pure; services/trust.ts applies them to
 * the counts of repositories/texts.ts.
 */

export type TextLimitName =
  "phone_hour" | "phone_day" | "account_minute" | "account_day" | "address_hour" | "address_day" | "store_hour"

export type TextSlot =
  { ok: true; id: string } | { ok: false; limit: TextLimitName; message: string; retry_after_seconds: number }

type Limit = {
  name: TextLimitName
  column: "phone" | "customer_id" | "address" | null
  value: string | null
  seconds: number
  max: number
  message: (wait: string) => string
}

const HOUR = 3600
const DAY = 86400

/** "a minute", "12 minutes", "3 hours": how long the shopper waits, in words. */
export function waitText(seconds: number): string {
  if (seconds <= 90) return "a minute"
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`
  const hours = Math.ceil(seconds / HOUR)
  return hours === 1 ? "an hour" : `${hours} hours`
}

/** The limits a text for `input` is counted against, from the `texts` option. */
export function textLimits(
  texts: WalletPassOptions["texts"],
  input: { phone: string; customer_id: string; address: string | null }
): Limit[] {
  const limits: Limit[] = [
    {
      name: "account_minute",
      column: "customer_id",
      value: input.customer_id,
      seconds: 60,
      max: texts.perAccount.perMinute,
      message: (wait) => `A code was sent moments ago: wait ${wait} before asking again`,
    },
    {
      name: "account_day",
      column: "customer_id",
      value: input.customer_id,
      seconds: DAY,
      max: texts.perAccount.perDay,
      message: (wait) => `At most ${texts.perAccount.perDay} codes a day can be sent to you: try again in ${wait}`,
    },
    {
      name: "phone_hour",
      column: "phone",
      value: input.phone,
      seconds: HOUR,
      max: texts.perPhone.perHour,
      message: (wait) => `Too many codes were sent to this phone: try again in ${wait}`,
    },
    {
      name: "phone_day",
      column: "phone",
      value: input.phone,
      seconds: DAY,
      max: texts.perPhone.perDay,
      message: (wait) => `Too many codes were sent to this phone today: try again in ${wait}`,
    },
    {
      name: "store_hour",
      column: null,
      value: null,
      seconds: HOUR,
      max: texts.storePerHour,
      message: (wait) => `The store is sending too many codes right now: try again in ${wait}`,
    },
  ]
  if (input.address) {
    limits.push(
      {
        name: "address_hour",
        column: "address",
        value: input.address,
        seconds: HOUR,
        max: texts.perAddress.perHour,
        message: (wait) => `Too many codes were asked for from your network: try again in ${wait}`,
      },
      {
        name: "address_day",
        column: "address",
        value: input.address,
        seconds: DAY,
        max: texts.perAddress.perDay,
        message: (wait) => `Too many codes were asked for from your network today: try again in ${wait}`,
      }
    )
  }
  return limits
}
