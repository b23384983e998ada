import { formatServiceDate } from "../../../lib/wallet-pass-client/dates"
import type { SyncWindow } from "../types"

/** Registration-date windows from `since` (yyyy-mm-dd) to `until`, `days` long, for read_customers. */
export function syncWindows(since: string, days: number, until: Date): SyncWindow[] {
  const windows: SyncWindow[] = []
  const dayMs = 86_400_000
  for (let start = Date.parse(`${since}T00:00:00Z`); start <= until.getTime(); start += days * dayMs) {
    const lastDay = start + (days - 1) * dayMs
    const isLast = lastDay + dayMs > until.getTime()
    windows.push({
      start: formatServiceDate(new Date(start)),
      end: isLast ? formatServiceDate(until, true) : formatServiceDate(new Date(lastDay)),
    })
    if (isLast) break
  }
  return windows
}
