import { fromMinorUnits } from "../../lib/amounts"
import type { SyncRunProgress } from "../../modules/wallet-pass/browser"
import { presentReason, type StoredReason } from "../../lib/reasons"

/**
 * A background run as the admin shows it, with an estimate of when it ends at the rate the
 * plan leaves background work (`perHour`: the plan's hourly limit times `sync.budgetShare`).
 */
export function presentSyncRun(progress: SyncRunProgress | null, backgroundPerHour: number) {
  if (!progress) return null
  const { run } = progress
  const running = run.state === "running"
  return {
    id: run.id,
    kind: run.kind,
    state: run.state,
    phase: run.phase,
    started_at: run.created_at,
    finished_at: run.finished_at,
    requested_by: run.requested_by,
    error: run.error,
    customers: {
      found: progress.items.found + progress.items.adopted + progress.items.skipped + progress.items.review,
      waiting: progress.items.found,
      adopted: progress.items.adopted,
      linked: progress.items.linked,
      created: progress.items.created,
      skipped: progress.items.skipped,
      review: progress.items.review,
    },
    skipped_reasons: progress.reasons,
    counts: run.counts ?? {},
    windows: progress.windows,
    requests: {
      spent: progress.requests.spent,
      remaining: running ? progress.requests.remaining : 0,
      per_hour: backgroundPerHour,
    },
    eta_seconds: running ? Math.ceil((progress.requests.remaining / backgroundPerHour) * 3600) : 0,
  }
}

export function presentImportItem(
  item: {
    id: string
    phone: string
    state: string
    outcome: string | null
    customer_id: string | null
    service_balance: number | null
    refreshed_balance: number | null
    remote_id?: string | null
  } & Partial<StoredReason>
) {
  return {
    id: item.id,
    phone: item.phone,
    state: item.state,
    outcome: item.outcome,
    customer_id: item.customer_id,
    ...presentReason(item),
    service_balance: item.service_balance === null ? null : fromMinorUnits(item.service_balance),
    refreshed_balance: item.refreshed_balance === null ? null : fromMinorUnits(item.refreshed_balance),
    /** The other CRM's id the service links this pass to (read_customer `remoteId`), null when none. */
    remote_id: item.remote_id ?? null,
  }
}
