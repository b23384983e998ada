/**
 * The service's date formats for read_customers (docs/service-api.md, "Requests"): `dd.mm.yyyy`, and for the end of
 * the window also `dd.mm.yyyy hh:mm:ss`. The spec names no time zone; `Date` values are
 * written in UTC (the emulator reads them in UTC too).
 */
import { isCalendarDate } from "../phone"

/** A parsed service date; `time` is absent for a day-only value. */
export type ServiceDateTime = {
  year: number
  month: number
  day: number
  time?: { hour: number; minute: number; second: number }
}

const DATE_TIME = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/

/** Parses `dd.mm.yyyy` or `dd.mm.yyyy hh:mm:ss`; undefined for another format or a day that does not exist. */
export function parseServiceDateTime(text: string): ServiceDateTime | undefined {
  const match = DATE_TIME.exec(text.trim())
  if (!match) return undefined
  const result: ServiceDateTime = { day: +match[1], month: +match[2], year: +match[3] }
  if (!isCalendarDate(result)) return undefined
  if (match[4] !== undefined) {
    const time = { hour: +match[4], minute: +match[5], second: +match[6] }
    if (time.hour > 23 || time.minute > 59 || time.second > 59) return undefined
    result.time = time
  }
  return result
}

/**
 * The UTC epoch milliseconds a window bound covers: the start of the day for a start bound,
 * and for an end bound the last millisecond of the day (day-only) or of the named second.
 */
export function serviceDateToEpochMs(value: ServiceDateTime, bound: "start" | "end"): number {
  const { year, month, day, time } = value
  if (time) {
    const ms = Date.UTC(year, month - 1, day, time.hour, time.minute, time.second)
    return bound === "end" ? ms + 999 : ms
  }
  const ms = Date.UTC(year, month - 1, day)
  return bound === "end" ? ms + 86_400_000 - 1 : ms
}

const pad = (n: number) => String(n).padStart(2, "0")

/** Formats a `Date` (UTC) as `dd.mm.yyyy`, or `dd.mm.yyyy hh:mm:ss` with `withTime`. */
export function formatServiceDate(date: Date, withTime = false): string {
  const day = `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`
  if (!withTime) return day
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
}
