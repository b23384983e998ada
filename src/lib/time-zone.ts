/** True for an IANA time zone name the runtime knows ("Europe/Moscow", "UTC"); Intl refuses any other. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name })
    return true
  } catch {
    return false
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** How far `timeZone`'s wall clock is ahead of UTC at instant `ms`, in milliseconds (whole seconds). */
function offsetAt(ms: number, timeZone: string): number {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
    formatters.set(timeZone, format)
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]))
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second)
  )
  return wall - Math.floor(ms / 1000) * 1000
}

const LOCAL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** A wall-clock "YYYY-MM-DDTHH:mm" as milliseconds of the same digits read in UTC; null when not such a time. */
export function localMinuteMs(local: string): number | null {
  const m = LOCAL_MINUTE.exec(local)
  if (!m) return null
  const [year, month, day, hour, minute] = m.slice(1).map(Number)
  const ms = Date.UTC(year, month - 1, day, hour, minute)
  const back = new Date(ms)
  // 2026-02-30 or 24:00 roll over: not a time of the calendar.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || back.getUTCHours() !== hour) return null
  return ms
}

/**
 * The instant a wall-clock time "YYYY-MM-DDTHH:mm" of `timeZone` names (docs/program.md,
 * "Campaigns"). Around a daylight-saving change: a time the clocks skip (02:30 when they jump
 * from 02:00 to 03:00) is the first instant after the gap (the jump itself, 03:00 new time); a
 * time they repeat (01:30 when they fall back from 02:00 to 01:00) is its first occurrence.
 * Null when `local` is not such a time.
 */
export function localTimeToInstant(local: string, timeZone: string): Date | null {
  const wall = localMinuteMs(local)
  if (wall === null) return null
  const DAY = 86_400_000
  // Offsets a day either side cover any single change (zones change at most twice a year).
  const offsets = [
    ...new Set([offsetAt(wall - DAY, timeZone), offsetAt(wall, timeZone), offsetAt(wall + DAY, timeZone)]),
  ]
  const fits = offsets.map((o) => wall - o).filter((t) => offsetAt(t, timeZone) === wall - t)
  if (fits.length) return new Date(Math.min(...fits))
  // In a gap: the change lies between the candidates; find its minute (changes fall on whole minutes).
  let lo = Math.min(...offsets.map((o) => wall - o))
  let hi = Math.max(...offsets.map((o) => wall - o))
  const before = offsetAt(lo, timeZone)
  while (hi - lo > 60_000) {
    const mid = lo + Math.max(60_000, Math.floor((hi - lo) / 120_000) * 60_000)
    if (mid >= hi) break
    if (offsetAt(mid, timeZone) === before) lo = mid
    else hi = mid
  }
  return new Date(hi)
}
