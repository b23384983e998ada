import { eventsPerDay, type WalletPassModuleService, type WalletPassOptions } from "../../modules/wallet-pass"
import type { StoreEventsSummary } from "../types"

const DAY = 86_400_000
/** Store events' requests carry keys of their own (keys.ts operationKeys.storeEvent). */
const STORE_EVENT_OPERATIONS = { method: "event_send", dedupe_key: { $like: "event:%" } }
/** Records read for the last day's counts: beyond this the counts say "at least". */
const SUMMARY_LIMIT = 20_000

/**
 * The store events as the Wallet pass page shows them (docs/store-events.md): the mapping,
 * the daily cap with today's (UTC) sent requests and those waiting, and per event key what
 * the last 24 hours sent, skipped, left waiting or failed.
 */
export async function storeEventsSummary(
  walletPass: WalletPassModuleService,
  options: WalletPassOptions
): Promise<StoreEventsSummary> {
  // Sent today: requests whose latest attempt was since midnight UTC, each once however many
  // attempts it took, as the queue's daily cap counts them (repositories/event-cap.ts STORE_EVENTS_SENT_TODAY).
  const today = new Date()
  today.setUTCHours(0, 0, 0, 0)
  const [[, sentToday], [, waiting], records] = await Promise.all([
    walletPass.listAndCountWalletPassOperations(
      { ...STORE_EVENT_OPERATIONS, sending_at: { $gte: today } },
      { take: 1 }
    ),
    walletPass.listAndCountWalletPassOperations({ ...STORE_EVENT_OPERATIONS, state: "pending" }, { take: 1 }),
    walletPass.listWalletPassStoreEvents(
      { created_at: { $gt: new Date(Date.now() - DAY) } },
      { select: ["key", "state", "operation_id"], take: SUMMARY_LIMIT }
    ),
  ])
  const operationIds = records.map((r) => r.operation_id).filter((id): id is string => !!id)
  const states = new Map(
    operationIds.length
      ? (await walletPass.listWalletPassOperations({ id: operationIds }, { select: ["id", "state"] })).map((o) => [
          o.id,
          o.state,
        ])
      : []
  )
  const byKey = new Map<string, { key: string; sent: number; skipped: number; waiting: number; failed: number }>()
  for (const r of records) {
    const row = byKey.get(r.key) ?? { key: r.key, sent: 0, skipped: 0, waiting: 0, failed: 0 }
    const state = r.operation_id ? states.get(r.operation_id) : null
    if (r.state === "skipped") row.skipped++
    else if (state === "done" || state === "resolved") row.sent++
    else if (state === "pending" || state === "sending") row.waiting++
    else row.failed++
    byKey.set(r.key, row)
  }
  const perDay = eventsPerDay(options)
  return {
    mapping: Object.entries(options.events).map(([event, { key, ...params }]) => ({ event, key, params })),
    per_day: perDay,
    sent_today: sentToday,
    waiting,
    /** True when today's cap is used up: what waits goes tomorrow, oldest first. */
    capped: perDay !== null && sentToday >= perDay,
    last_24h: [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key)),
  }
}
