import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { OPERATION_PRIORITY, type SyncRunKind } from "../constants"
import { ImportRepository } from "../repositories/import"
import { SyncRepository } from "../repositories/sync"
import { SyncReadsRepository } from "../repositories/sync-reads"
import { QueueRepository } from "../repositories/queue"
import { ledgerKeys, operationKeys } from "../keys"
import { type Reason, reason, storedReason } from "../../../lib/reasons"
import { READ_CUSTOMERS_PAGE_SIZE } from "../../../lib/constants"
import { LedgerRepository } from "../repositories/ledger"
import { syncWindows } from "../rules/sync-windows"
import type { ImportItemsQuery, ListedPhone, SyncRunProgress, SyncRunRow } from "../types"
import { InternalService, type InternalServiceDeps, type ModelServices } from "../utils/internal-service"
import { BalanceDoor } from "./balance-door"

type Deps = InternalServiceDeps & Pick<ModelServices, "walletPassImportItemService">

/**
 * Background sweeps of the service's customers: the import of an existing base, the install
 * checks and the drift checks (docs/adoption.md). A run is a row whose requests go through
 * the queue at background priority; each answer's effect records what it learned and queues
 * the run's next request. The steps are decided here; their SQL is repositories/sync.ts and
 * import.ts, on the transaction of the method.
 */
export class SyncService extends InternalService<Deps> {
  protected readonly importItemService_ = this.deps_.walletPassImportItemService

  /** Import items of a run, oldest first, optionally of some states (the admin's list of skipped ones). */
  @InjectManager()
  async listImportItems(input: ImportItemsQuery, @MedusaContext() sharedContext: Context = {}) {
    return this.importItemService_.listAndCount(
      { run_id: input.run_id, ...(input.states?.length ? { state: input.states } : {}) },
      { take: input.limit, skip: input.offset, order: { created_at: "ASC" } },
      sharedContext
    )
  }

  /**
   * Starts a background sweep (import, install sync, drift check), or resumes the one of
   * that kind that is running: never two at once (a kind's starter holds its lock,
   * repositories/sync.ts lockRunningRun; resumed, not doubled).
   */
  @InjectTransactionManager()
  async startSyncRun(
    input: { kind: SyncRunKind; requested_by?: string | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ run: SyncRunRow; created: boolean }> {
    const { since, windowDays, drift } = this.options_.sync
    const sync = new SyncRepository(this.knex_(sharedContext))
    const running = await sync.lockRunningRun(input.kind)
    if (running) {
      await this.resumeRun_(sync, running)
      return { run: running, created: false }
    }
    // A sweep that lists the base starts at its first page (the registration-date windows up to
    // now, rules/sync-windows.ts); a drift check queues its reads.
    const until = new Date(Math.floor(Date.now() / 1000) * 1000)
    const lists = input.kind !== "drift"
    const run = await sync.insertRun({
      kind: input.kind,
      phase: lists ? "list" : "read",
      cursor: lists ? { windows: syncWindows(since, windowDays, until), window: 0, offset: 0, listed: 0 } : {},
      until,
      requested_by: input.requested_by ?? null,
    })
    if (lists) {
      await sync.queuePage(run, 0, 0)
    } else {
      await sync.queueDriftReads(run, drift.batchSize ?? 200)
      await this.settleRunPhase_(sync, run.id)
    }
    return { run, created: true }
  }

  /**
   * The background checks due now: enabled, none of the kind running, and the last run of the
   * kind started `everyHours` ago or more (with none yet: the first holder enrolled that long
   * ago, so a new store does not sweep the service on its first minute).
   */
  @InjectManager()
  async dueSyncRuns(@MedusaContext() sharedContext: Context = {}): Promise<("installs" | "drift")[]> {
    const reads = new SyncReadsRepository(this.knex_(sharedContext))
    const due: ("installs" | "drift")[] = []
    for (const kind of ["installs", "drift"] as const) {
      const { enabled, everyHours } = this.options_.sync[kind]
      if (!enabled) continue
      if (await reads.isDue(kind, everyHours * 3600)) due.push(kind)
    }
    return due
  }

  /** Cancels a run and withdraws its queued requests (a start taken back). */
  @InjectTransactionManager()
  async cancelSyncRun(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await new SyncRepository(this.knex_(sharedContext)).cancelRun(runId)
  }

  /**
   * Records one read_customers page of a sweep and queues what follows: the next page, or the
   * end of listing. Import: each phone the store does not know becomes an item and gets its
   * read; a phone the store knows is an item skipped as "already in the store"; a phone that
   * is not one is skipped with its problem. Install sync: the phones seen are marked.
   */
  @InjectTransactionManager()
  async recordSyncPage(
    input: { run_id: string; window: number; offset: number; phones: ListedPhone[]; operation_id: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const sync = new SyncRepository(this.knex_(sharedContext))
    const run = await sync.lockRun(input.run_id)
    if (!run || run.state !== "running" || run.phase !== "list") return
    if (run.kind === "import") {
      await this.recordImportPage_(sync, run, input.phones)
    } else if (run.kind === "installs") {
      await sync.markInstallsSeen(
        run,
        input.phones.flatMap((p) => (p.phone ? [p.phone] : []))
      )
    }
    const full = input.phones.length >= READ_CUSTOMERS_PAGE_SIZE
    const windows = run.cursor!.windows!
    const next = full
      ? { window: input.window, offset: input.offset + input.phones.length }
      : { window: input.window + 1, offset: 0 }
    const listed = (run.cursor?.listed ?? 0) + input.phones.length
    if (next.window < windows.length) {
      await sync.moveCursor(run.id, { ...next, listed }, false)
      await sync.queuePage({ ...run, cursor: { ...run.cursor, windows } }, next.window, next.offset)
      return
    }
    await sync.moveCursor(run.id, { window: windows.length, offset: 0, listed }, true)
    if (run.kind === "installs") await sync.finishInstallSweep(run)
    await this.settleRunPhase_(sync, run.id, input.operation_id)
  }

  private async recordImportPage_(sync: SyncRepository, run: SyncRunRow, phones: ListedPhone[]): Promise<void> {
    if (!phones.length) return
    // Known phones are skipped without a request; unknown ones (or holders still waiting for
    // their adoption) are read.
    const known = await sync.knownPhones(phones.flatMap((p) => (p.phone ? [p.phone] : [])))
    const items = phones.map((p) => ({
      id: generateEntityId(undefined, "wpimp"),
      phone: p.phone ?? p.raw.slice(0, 64),
      state: !p.phone ? "skipped" : known.has(p.phone) ? "skipped" : "found",
      ...storedReason(
        !p.phone
          ? reason("import_invalid_phone", { problem: p.problem ?? "?" })
          : known.has(p.phone)
            ? reason("import_in_store")
            : null
      ),
    }))
    for (const item of await sync.insertImportItems(run.id, items)) {
      if (item.state !== "found") continue
      await sync.queueImportRead(run.id, item)
    }
  }

  /** Records how an import item ended (import.ts finishImportItem) and moves its run on. */
  @InjectTransactionManager()
  async finishImportItem(
    input: Parameters<ImportRepository["finishImportItem"]>[0],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const imports = new ImportRepository(this.knex_(sharedContext))
    const runId = await imports.finishImportItem(input)
    if (runId) await this.settleRunPhase_(imports, runId, input.operation_id)
  }

  /**
   * The merchant takes over a pass the import skipped because the service links it to another
   * CRM (docs/adoption.md, "Passes of another CRM"): the item is found again and read once
   * more, marked so that its adoption ignores the other CRM's id. Answers false for an item
   * that was not skipped for that reason (nothing written).
   */
  @InjectTransactionManager()
  async takeOverImportItem(itemId: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const imports = new ImportRepository(this.knex_(sharedContext))
    const item = await imports.reopenRemoteCrmItem(itemId)
    if (!item) return false
    await imports.queueTakeOverRead(item, itemId)
    return true
  }

  /**
   * The import's final refresh (docs/adoption.md, the gap before the switch): every adopted
   * item's phone is read once more. Only from `ready`.
   */
  @InjectTransactionManager()
  async startImportRefresh(
    runId: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<SyncRunRow | undefined> {
    const imports = new ImportRepository(this.knex_(sharedContext))
    const run = await imports.lockRun(runId)
    if (!run || run.kind !== "import" || run.state !== "running" || run.phase !== "ready") return run
    for (const item of await imports.adoptedItems(runId)) {
      await imports.queueRefreshRead(runId, item)
    }
    await imports.markRefreshPhase(runId)
    await this.settleRunPhase_(imports, runId)
    return imports.lockRun(runId)
  }

  /**
   * A refreshed import item: a difference between the service's balance and the store's, for
   * a holder the store has not changed since adoption (only its opening entry), is a change
   * the service made on its own and becomes a `sync_adjustment` entry (the service has it
   * already: nothing is sent). Any other difference is left for review. Under the holder's
   * lock; the run moves on once this was its last read.
   */
  @InjectTransactionManager()
  async recordImportRefresh(
    input: { item_id: string; holder_id: string; service_balance: number | null; operation_id: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<"same" | "adjusted" | "review" | "gone"> {
    const knex = this.knex_(sharedContext)
    const imports = new ImportRepository(knex)
    const item = await imports.lockForRefresh(input.holder_id, input.item_id)
    if (!item || item.refreshed_at) return "same"
    const done = async <T extends "same" | "adjusted" | "review" | "gone">(
      outcome: T,
      fields: { state?: string; reason?: Reason } = {}
    ): Promise<T> => {
      await imports.markRefreshed(input.item_id, input.service_balance, fields)
      await this.settleRunPhase_(imports, item.run_id, input.operation_id)
      return outcome
    }
    if (input.service_balance === null) return done("gone", { state: "review", reason: reason("import_unknown_phone") })
    const store = await imports.balanceSinceAdoption(input.holder_id)
    const difference = input.service_balance - store.balance
    if (difference === 0) return done("same")
    if (store.changed || store.busy) {
      return done("review", {
        state: "review",
        reason: reason("import_changed_on_both", {
          service: input.service_balance / 100,
          store: store.balance / 100,
        }),
      })
    }
    // Through the balance door (services/balance-door.ts); lockForRefresh holds the holder's lock.
    await new BalanceDoor(knex, { currencyCode: this.options_.currencyCode }).change({
      kind: "entry",
      entry: {
        holder_id: input.holder_id,
        amount: difference,
        kind: "sync_adjustment",
        reason: reason("import_refresh"),
        dedupe_key: ledgerKeys.importRefresh(item.run_id, input.holder_id),
        metadata: { run_id: item.run_id, service_balance: input.service_balance },
      },
      locked: true,
      answer: true,
    })
    return done("adjusted")
  }

  /**
   * A drift read's answer for a holder, compared with what the store last sent (queue.ts
   * serviceVisibleBalance). Skipped when anything of the holder's moved since the read went
   * out (a request in flight or done since, a ledger entry since). A mismatch is recorded on
   * the holder and healed by an absolute balance set (the ledger is the record), unless an
   * import waits for its final refresh (then the service may still hold changes the store must
   * take first). Counted in the run, which moves on once this was its last read.
   */
  @InjectTransactionManager()
  async recordDrift(
    input: { run_id: string; holder_id: string; operation_id: string; service_balance: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<"match" | "mismatch" | "skipped"> {
    const knex = this.knex_(sharedContext)
    const heal = !(await new SyncReadsRepository(knex).importAwaitingRefresh())
    const sync = new SyncRepository(knex)
    const counted = async <T extends "match" | "mismatch" | "skipped">(outcome: T, key: string): Promise<T> => {
      await sync.countInRun(input.run_id, key)
      await this.settleRunPhase_(sync, input.run_id, input.operation_id)
      return outcome
    }
    if (!(await new LedgerRepository(knex).lockHolder(input.holder_id))) return counted("skipped", "skipped")
    const moved = await sync.movedSinceRead(input.operation_id, input.holder_id)
    await sync.markServiceChecked(input.holder_id)
    if (moved) return counted("skipped", "skipped")
    const queue = new QueueRepository(knex)
    const store = await queue.serviceVisibleBalance(input.holder_id, null)
    if (store === input.service_balance) {
      await sync.setDrift(input.holder_id, null)
      return counted("match", "matched")
    }
    const healed = heal
      ? await queue.insertOperation({
          method: "user_create_or_update",
          holder_id: input.holder_id,
          payload: { type: "balance_sync", reason: `drift found by ${input.run_id}` },
          dedupe_key: operationKeys.syncHeal(input.run_id, input.holder_id),
          priority: OPERATION_PRIORITY.money,
        })
      : null
    await sync.setDrift(input.holder_id, {
      service: input.service_balance,
      store,
      at: new Date().toISOString(),
      run_id: input.run_id,
      healed_by: healed?.operation.id ?? null,
      ...(heal ? {} : { not_healed: reason("drift_import_waiting") }),
    })
    return counted("mismatch", "mismatched")
  }

  /** The latest run of a kind with its progress, null when none ran. */
  @InjectManager()
  async getSyncProgress(
    kind: SyncRunKind,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<SyncRunProgress | null> {
    const knex = this.knex_(sharedContext)
    const run = await new SyncReadsRepository(knex).latestRun(kind)
    return run ? new SyncReadsRepository(knex).runProgress(run) : null
  }

  /** Install states and recorded drifts over the enrolled holders. */
  @InjectManager()
  async getInstallAndDriftCounts(@MedusaContext() sharedContext: Context = {}) {
    return new SyncReadsRepository(this.knex_(sharedContext)).installAndDriftCounts()
  }

  /** Moves a sweep on once its phase's requests are done (settleRunPhase_). */
  @InjectTransactionManager()
  async settleSyncRun(
    runId: string,
    answering: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await this.settleRunPhase_(new SyncRepository(this.knex_(sharedContext)), runId, answering)
  }

  /**
   * Moves a run on once the requests of its phase are done: an import's reads end in `ready`
   * (waiting for the final refresh the admin starts), its refresh in `done`; an install sync or
   * a drift check ends `done`. `answering`: the request whose answer is being recorded (still
   * "sending" until then).
   */
  private async settleRunPhase_(sync: SyncRepository, runId: string, answering: string | null = null): Promise<void> {
    const run = await sync.lockRun(runId)
    if (!run || run.state !== "running" || run.phase === "list" || run.phase === "ready") return
    if ((await sync.openRequestsBut(runId, answering)) > 0) return
    if (run.kind === "import" && run.phase === "read") {
      await sync.markReady(runId)
      return
    }
    await sync.markDone(runId)
  }

  /**
   * A running run whose next request is missing (its request failed for good, or an admin
   * resolved it) gets it again: a failed page is queued again under a new key.
   */
  private async resumeRun_(sync: SyncRepository, run: SyncRunRow): Promise<void> {
    if ((await sync.openRequests(run.id)) > 0) return
    if (run.phase === "list") {
      await sync.queuePage(run, run.cursor?.window ?? 0, run.cursor?.offset ?? 0, true)
    } else {
      await this.settleRunPhase_(sync, run.id)
    }
  }
}
