import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { OPERATION_PRIORITY, type SyncRunKind } from "../constants"
import { ImportRepository } from "../repositories/import"
import { SyncRepository } from "../repositories/sync"
import { SyncReadsRepository } from "../repositories/sync-reads"
import type { ImportItemsQuery, ListedPhone, SyncRunProgress, SyncRunRow } from "../types"
import { InternalService, type InternalServiceDeps, type ModelServices } from "../utils/internal-service"

type Deps = InternalServiceDeps & Pick<ModelServices, "walletPassImportItemService">

/**
 * Background sweeps of the service's customers: the import of an existing base, the install
 * checks and the drift checks (docs/adoption.md). Their SQL is repositories/sync.ts.
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
   * that kind that is running: never two at once (see sync.ts startRun).
   */
  @InjectTransactionManager()
  async startSyncRun(
    input: { kind: SyncRunKind; requested_by?: string | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ run: SyncRunRow; created: boolean }> {
    const { since, windowDays, drift } = this.options_.sync
    return new SyncRepository(this.knex_(sharedContext)).startRun({
      kind: input.kind,
      requested_by: input.requested_by ?? null,
      since,
      windowDays,
      driftBatch: drift.batchSize,
    })
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

  /** Records a read_customers page of a sweep and queues what follows (sync.ts recordListPage). */
  @InjectTransactionManager()
  async recordSyncPage(
    input: { run_id: string; window: number; offset: number; phones: ListedPhone[]; operation_id: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await new SyncRepository(this.knex_(sharedContext)).recordListPage(input)
  }

  /** Records how an import item ended (import.ts finishImportItem). */
  @InjectTransactionManager()
  async finishImportItem(
    input: Parameters<ImportRepository["finishImportItem"]>[0],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await new ImportRepository(this.knex_(sharedContext)).finishImportItem(input)
  }

  /** Takes over a pass the import skipped as another CRM's (import.ts takeOverImportItem). */
  @InjectTransactionManager()
  async takeOverImportItem(itemId: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    return new ImportRepository(this.knex_(sharedContext)).takeOverImportItem(itemId)
  }

  /** Starts an import's final refresh (import.ts startImportRefresh). */
  @InjectTransactionManager()
  async startImportRefresh(
    runId: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<SyncRunRow | undefined> {
    return new ImportRepository(this.knex_(sharedContext)).startImportRefresh(runId)
  }

  /** Records a refreshed import item (import.ts recordImportRefresh). */
  @InjectTransactionManager()
  async recordImportRefresh(
    input: Parameters<ImportRepository["recordImportRefresh"]>[0],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Awaited<ReturnType<ImportRepository["recordImportRefresh"]>>> {
    return new ImportRepository(this.knex_(sharedContext)).recordImportRefresh(input)
  }

  /**
   * Records a drift read (sync.ts recordDrift); heals a mismatch unless an import waits for
   * its final refresh (then the service may still hold changes the store must take first).
   */
  @InjectTransactionManager()
  async recordDrift(
    input: { run_id: string; holder_id: string; operation_id: string; service_balance: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<"match" | "mismatch" | "skipped"> {
    const knex = this.knex_(sharedContext)
    const heal = !(await new SyncReadsRepository(knex).importAwaitingRefresh())
    return new SyncRepository(knex).recordDrift({ ...input, heal, healPriority: OPERATION_PRIORITY.money })
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

  /** Moves a sweep on once its phase's requests are done (sync.ts settleRunPhase). */
  @InjectTransactionManager()
  async settleSyncRun(
    runId: string,
    answering: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await new SyncRepository(this.knex_(sharedContext)).settleRunPhase(runId, answering)
  }
}
