import type { Context } from "@medusajs/framework/types"
import { MedusaService } from "@medusajs/framework/utils"
import * as models from "./models"
import type { WalletPassOptions } from "./options"
import type { AccountsService } from "./services/accounts"
import type { AdminReadsService } from "./services/admin-reads"
import type { CardTextsContainer } from "./services/card-texts"
import type { EnrollmentService } from "./services/enrollment"
import type { HookInboxService } from "./services/hook-inbox"
import type { LedgerService, Redemptions } from "./services/ledger"
import type { OrderSweepContainer } from "./services/order-sweep"
import type { OutboxService } from "./services/outbox"
import type { OverviewService } from "./services/overview"
import type { ProgramService } from "./services/program"
import type { SyncService } from "./services/sync"
import { withoutGeneratedWrites } from "./utils/refused-writes"

/**
 * The walletPass module's facade, as in Medusa's own modules: the generated CRUD of every model
 * models/index.ts exports (without the ledger's, queue's and gate's writes: utils/refused-writes.ts),
 * and one method per operation, delegating to the internal service that owns it (services/).
 */
export default class WalletPassModuleService extends withoutGeneratedWrites(MedusaService(models)) {
  protected readonly options_: WalletPassOptions
  protected readonly ledger_: LedgerService
  protected readonly hooks_: HookInboxService
  protected readonly outbox_: OutboxService
  protected readonly enrollment_: EnrollmentService
  protected readonly accounts_: AccountsService
  protected readonly sync_: SyncService
  protected readonly program_: ProgramService
  protected readonly overview_: OverviewService
  protected readonly adminReads_: AdminReadsService

  constructor(container: Record<string, unknown>) {
    // @ts-ignore MedusaService's constructor takes the container and options as given
    super(...arguments)
    this.options_ = container.walletPassOptions as WalletPassOptions
    this.ledger_ = container.ledgerService as LedgerService
    this.hooks_ = container.hookInboxService as HookInboxService
    this.outbox_ = container.outboxService as OutboxService
    this.enrollment_ = container.enrollmentService as EnrollmentService
    this.accounts_ = container.accountsService as AccountsService
    this.sync_ = container.syncService as SyncService
    this.program_ = container.programService as ProgramService
    this.overview_ = container.overviewService as OverviewService
    this.adminReads_ = container.adminReadsService as AdminReadsService
  }

  /** The validated plugin options (routes, jobs and workflows get them from here). */
  getOptions(): WalletPassOptions {
    return this.options_
  }

  /** A holder's balance in minor units (the database function wallet_pass_balance). */
  async getBalance(holderId: string, sharedContext?: Context): Promise<number> {
    return (await this.ledger_.getBalances([holderId], sharedContext)).get(holderId) ?? 0
  }

  /** Everything known about one customer's pass, level included (the admin's and the store's pass routes); null without a holder. */
  retrieveCustomerPass(...args: Parameters<AccountsService["retrieveCustomerPass"]>) {
    return this.accounts_.retrieveCustomerPass(...args)
  }

  // The ledger (services/ledger.ts)
  /** Balances of several holders at once, minor units. */
  getBalances(...args: Parameters<LedgerService["getBalances"]>) {
    return this.ledger_.getBalances(...args)
  }

  /** One order's bonus: sums by kind and each entry with its request. */
  getOrderBonus(...args: Parameters<LedgerService["getOrderBonus"]>) {
    return this.ledger_.getOrderBonus(...args)
  }

  /** Applies one balance change exactly once. */
  applyLedgerEntry(...args: Parameters<LedgerService["applyLedgerEntry"]>) {
    return this.ledger_.applyLedgerEntry(...args)
  }

  /** Applies a ledger change and queues the request that tells the service, in one transaction. */
  applyLedgerEntryAndEnqueue(...args: Parameters<LedgerService["applyLedgerEntryAndEnqueue"]>) {
    return this.ledger_.applyLedgerEntryAndEnqueue(...args)
  }

  /** Reverses an order's accrual, in full or a share of it, once per dedupe key. */
  reverseOrderAccrual(...args: Parameters<LedgerService["reverseOrderAccrual"]>) {
    return this.ledger_.reverseOrderAccrual(...args)
  }

  /** Cancels an applied entry (a voided checkout reservation, a compensated change). */
  cancelLedgerEntry(...args: Parameters<LedgerService["cancelLedgerEntry"]>) {
    return this.ledger_.cancelLedgerEntry(...args)
  }

  /** Expires the lifetime credits that have lapsed and answers what changed. */
  expireLapsedCredits(...args: Parameters<LedgerService["expireLapsedCredits"]>) {
    return this.ledger_.expireLapsedCredits(...args)
  }

  /** Paying with bonus, each step in one transaction: reserve, void, convert, settle the stale (docs/loyalty.md). */
  redemptions = (): Redemptions => this.ledger_
  // Inbound hooks and logs (services/hook-inbox.ts)
  /** The holder a hook is about, and their balance. */
  findHookHolder(...args: Parameters<HookInboxService["findHookHolder"]>) {
    return this.hooks_.findHookHolder(...args)
  }

  /** Applies a balance change the service reports (addBalance hook) exactly once. */
  applyServiceBalanceHook(...args: Parameters<HookInboxService["applyServiceBalanceHook"]>) {
    return this.hooks_.applyServiceBalanceHook(...args)
  }

  /** Writes one line of the hook delivery log. */
  recordHookDelivery(...args: Parameters<HookInboxService["recordHookDelivery"]>) {
    return this.hooks_.recordHookDelivery(...args)
  }

  /** Counts a hook delivery refused before it was authenticated (401, 403). */
  recordHookRefusal(...args: Parameters<HookInboxService["recordHookRefusal"]>) {
    return this.hooks_.recordHookRefusal(...args)
  }

  /** Writes the refused deliveries counted since the last write now. */
  flushHookRefusals(...args: Parameters<HookInboxService["flushHookRefusals"]>) {
    return this.hooks_.flushHookRefusals(...args)
  }

  /** Deletes API call log, hook delivery log and refused-delivery rows older than `logs.retentionDays`. */
  pruneLogs(...args: Parameters<HookInboxService["pruneLogs"]>) {
    return this.hooks_.pruneLogs(...args)
  }

  // The queue of requests and the rate gate (services/outbox.ts)
  /** Queues a request to the service once per dedupe key (in the caller's transaction when there is one). */
  enqueueOperation(...args: Parameters<OutboxService["enqueueOperation"]>) {
    return this.outbox_.enqueueOperation(...args)
  }

  /** The next request to send, under its send lock, with what it is built from. */
  prepareNextSend(...args: Parameters<OutboxService["prepareNextSend"]>) {
    return this.outbox_.prepareNextSend(...args)
  }
  /** Takes the next request to send, if the rate gate allows one now. */
  claimNextOperation(...args: Parameters<OutboxService["claimNextOperation"]>) {
    return this.outbox_.claimNextOperation(...args)
  }
  /** Records what a request achieved; settleWithheldOperation, that a withheld one ended, never sent. */
  recordSendOutcome(...args: Parameters<OutboxService["recordSendOutcome"]>) {
    return this.outbox_.recordSendOutcome(...args)
  }
  settleWithheldOperation = (id: string, reason: string) => this.outbox_.settleWithheldOperation(id, reason)
  /** An operation as it is now. */
  retrieveOperationRow(...args: Parameters<OutboxService["retrieveOperationRow"]>) {
    return this.outbox_.retrieveOperationRow(...args)
  }

  /** Housekeeping before each drain. */
  runQueueMaintenance(...args: Parameters<OutboxService["runQueueMaintenance"]>) {
    return this.outbox_.runQueueMaintenance(...args)
  }

  /** The balance the service should show now, minor units. */
  getServiceVisibleBalance(...args: Parameters<OutboxService["getServiceVisibleBalance"]>) {
    return this.outbox_.getServiceVisibleBalance(...args)
  }

  /** Queues a profile update for a holder unless one is already waiting. */
  enqueueProfileSync(...args: Parameters<OutboxService["enqueueProfileSync"]>) {
    return this.outbox_.enqueueProfileSync(...args)
  }

  /** Queue and rate-gate health for the admin. */
  getQueueHealth(...args: Parameters<OutboxService["getQueueHealth"]>) {
    return this.outbox_.getQueueHealth(...args)
  }
  /** Whether the queue keeps up at the last hour's pace, and when its backlog is gone. */
  getQueueForecast(...args: Parameters<OutboxService["getQueueForecast"]>) {
    return this.outbox_.getQueueForecast(...args)
  }

  /** An admin's decision on a request that needs one. */
  reviewOperation(...args: Parameters<OutboxService["reviewOperation"]>) {
    return this.outbox_.reviewOperation(...args)
  }

  /** Withdraws queued requests before they are sent (a step's compensation). */
  withdrawOperations = (...a: Parameters<OutboxService["withdrawOperations"]>) => this.outbox_.withdrawOperations(...a)
  /** Puts an operation back as it was (compensation of reviewOperation). */
  restoreOperationState(...args: Parameters<OutboxService["restoreOperationState"]>) {
    return this.outbox_.restoreOperationState(...args)
  }

  // Enrolment and what the service says about a holder (services/enrollment.ts)
  /** Records a store customer in the program and queues their enrolment, in one transaction. */
  createHolderForEnrollment(...args: Parameters<EnrollmentService["createHolderForEnrollment"]>) {
    return this.enrollment_.createHolderForEnrollment(...args)
  }

  /** How far bulk enrolment has come: its holders by enrolment state. */
  getBulkEnrollmentProgress(...args: Parameters<EnrollmentService["getBulkEnrollmentProgress"]>) {
    return this.enrollment_.getBulkEnrollmentProgress(...args)
  }

  /** Takes back what createHolderForEnrollment did (a workflow's compensation). */
  undoEnrollment(...args: Parameters<EnrollmentService["undoEnrollment"]>) {
    return this.enrollment_.undoEnrollment(...args)
  }

  /** Stores what the service answered to an enrolment or profile update, in one transaction. */
  recordProfileResponse(...args: Parameters<EnrollmentService["recordProfileResponse"]>) {
    return this.enrollment_.recordProfileResponse(...args)
  }

  /** Stores what read_customer said about a holder: cards, install flags, invites, referrer. */
  recordServiceCustomer(...args: Parameters<EnrollmentService["recordServiceCustomer"]>) {
    return this.enrollment_.recordServiceCustomer(...args)
  }

  // Adoption, verification and moves (services/accounts.ts)
  /** Takes what the service holds for a holder's phone, once (docs/adoption.md). */
  adoptHolder(...args: Parameters<AccountsService["adoptHolder"]>) {
    return this.accounts_.adoptHolder(...args)
  }

  /** Takes an adoption back (a workflow's compensation). */
  undoAdoption(...args: Parameters<AccountsService["undoAdoption"]>) {
    return this.accounts_.undoAdoption(...args)
  }

  /** Sends a code to a holder's phone for a store account. */
  requestVerification(...args: Parameters<AccountsService["requestVerification"]>) {
    return this.accounts_.requestVerification(...args)
  }

  /** The text of a verification. */
  verificationText(...args: Parameters<AccountsService["verificationText"]>) {
    return this.accounts_.verificationText(...args)
  }

  /** Checks a code an account typed. */
  confirmVerification(...args: Parameters<AccountsService["confirmVerification"]>) {
    return this.accounts_.confirmVerification(...args)
  }

  /** Moves a pass to another store customer, audited. */
  moveHolder(...args: Parameters<AccountsService["moveHolder"]>) {
    return this.accounts_.moveHolder(...args)
  }

  /** What store accounts may see and spend of their holders' balances. */
  getAccountBalances(...args: Parameters<AccountsService["getAccountBalances"]>) {
    return this.accounts_.getAccountBalances(...args)
  }

  // Import, install and drift sweeps (services/sync.ts)
  /** Starts a background sweep (import, installs, drift), or resumes the one of that kind running. */
  startSyncRun(...args: Parameters<SyncService["startSyncRun"]>) {
    return this.sync_.startSyncRun(...args)
  }
  /** The background checks due now. */
  dueSyncRuns(...args: Parameters<SyncService["dueSyncRuns"]>) {
    return this.sync_.dueSyncRuns(...args)
  }
  /** Cancels a run and withdraws its queued requests (a start taken back). */
  cancelSyncRun(...args: Parameters<SyncService["cancelSyncRun"]>) {
    return this.sync_.cancelSyncRun(...args)
  }
  /** Records a read_customers page of a sweep and queues what follows. */
  recordSyncPage(...args: Parameters<SyncService["recordSyncPage"]>) {
    return this.sync_.recordSyncPage(...args)
  }
  /** Takes over a pass the import skipped as another CRM's: read again, adopted as the store's. */
  takeOverImportItem(...args: Parameters<SyncService["takeOverImportItem"]>) {
    return this.sync_.takeOverImportItem(...args)
  }
  /** Records how an import item ended. */
  finishImportItem(...args: Parameters<SyncService["finishImportItem"]>) {
    return this.sync_.finishImportItem(...args)
  }
  /** Starts an import's final refresh. */
  startImportRefresh(...args: Parameters<SyncService["startImportRefresh"]>) {
    return this.sync_.startImportRefresh(...args)
  }
  /** Records a refreshed import item. */
  recordImportRefresh(...args: Parameters<SyncService["recordImportRefresh"]>) {
    return this.sync_.recordImportRefresh(...args)
  }
  /** Records a drift read. */
  recordDrift(...args: Parameters<SyncService["recordDrift"]>) {
    return this.sync_.recordDrift(...args)
  }

  /** Import items of a run, oldest first, optionally of some states (the admin's list of skipped ones). */
  listImportItems(...args: Parameters<SyncService["listImportItems"]>) {
    return this.sync_.listImportItems(...args)
  }

  /** The latest run of a kind with its progress, null when none ran. */
  getSyncProgress(...args: Parameters<SyncService["getSyncProgress"]>) {
    return this.sync_.getSyncProgress(...args)
  }

  /** Install states and recorded drifts over the enrolled holders. */
  getInstallAndDriftCounts(...args: Parameters<SyncService["getInstallAndDriftCounts"]>) {
    return this.sync_.getInstallAndDriftCounts(...args)
  }

  /** Moves a sweep on once its phase's requests are done. */
  settleSyncRun(...args: Parameters<SyncService["settleSyncRun"]>) {
    return this.sync_.settleSyncRun(...args)
  }

  // The loyalty program: versions, spend and levels (services/program.ts)
  /** The program in force: the last saved version, else plugin option `program`. */
  getProgram(...args: Parameters<ProgramService["getProgram"]>) {
    return this.program_.getProgram(...args)
  }

  /** Saves a new version of the program, or with `dry_run` answers only whom it would move. */
  saveProgram(...args: Parameters<ProgramService["saveProgram"]>) {
    return this.program_.saveProgram(...args)
  }

  /** Records an order's spend (placed, canceled, returned) and puts holders on their level and its rates. */
  updateLevels(...args: Parameters<ProgramService["updateLevels"]>) {
    return this.program_.updateLevels(...args)
  }

  // The admin's filtered lists and figures (services/admin-reads.ts)
  /** Requests to the service, filtered by state, method, kind, customer and phone, paged. */
  listAdminOperations = (...a: Parameters<AdminReadsService["listOperations"]>) => this.adminReads_.listOperations(...a)
  /** Hook deliveries, filtered by method, outcome and phone, paged. */
  listAdminHookDeliveries = (...a: Parameters<AdminReadsService["listHookDeliveries"]>) =>
    this.adminReads_.listHookDeliveries(...a)
  /** The latest request the service answered; the cards a campaign for the whole base would reach. */
  getLatestServiceAnswer = () => this.adminReads_.getLatestServiceAnswer()
  getCampaignAudience = () => this.adminReads_.getCampaignAudience()

  // The admin's program overview (services/overview.ts)
  /** Holders, what the store owes, bonus flows per day and requests per hour (docs/overview.md). */
  getProgramOverview(...args: Parameters<OverviewService["getProgramOverview"]>) {
    return this.overview_.getProgramOverview(...args)
  }
  /** The order sweep (services/order-sweep.ts), and the card's texts and design (services/card-texts.ts). */
  orderSweep = () => (this as unknown as OrderSweepContainer).__container__.orderSweepService
  cardTexts = () => (this as unknown as CardTextsContainer).__container__.cardTextsService
}
