import type { Context } from "@medusajs/framework/types"
import { MedusaService } from "@medusajs/framework/utils"
import * as models from "./models"
import type { WalletPassOptions } from "./options"
import type { AccountsService } from "./services/accounts"
import type { AdminReadsService } from "./services/admin-reads"
import type { CardTextsService } from "./services/card-texts"
import type { CheckCallsService } from "./services/check-calls"
import type { EnrollmentService } from "./services/enrollment"
import type { HookInboxService } from "./services/hook-inbox"
import type { LedgerService } from "./services/ledger"
import type { OrderDecisionService } from "./services/order-decisions"
import type { OrderSweepService } from "./services/order-sweep"
import type { OutboxService } from "./services/outbox"
import type { OverviewService } from "./services/overview"
import type { ProgramService } from "./services/program"
import type { QueueListenerService } from "./services/queue-listener"
import type { SyncService } from "./services/sync"
import { delegate } from "./utils/facade"
import { withoutGeneratedWrites } from "./utils/refused-writes"

/*
 * The module's face for what it does (docs/architecture.md, "The module's face"): one list per
 * internal service of the methods the facade offers of it. Each is the internal service's own
 * method, typed and documented there, called with the same arguments (utils/facade.ts); the
 * service, its repositories and its transactions stay inside the module.
 */

/** The ledger (services/ledger.ts): balances, entries, expiry, reversals, and paying with bonus (docs/loyalty.md). */
const LEDGER = [
  "getBalances",
  "getOrderBonus",
  "applyLedgerEntry",
  "applyLedgerEntryAndEnqueue",
  "reverseOrderAccrual",
  "cancelLedgerEntry",
  "expireLapsedCredits",
  "reserveCartRedemption",
  "voidCartRedemption",
  "convertCartRedemption",
  "settleStaleRedemptions",
] as const satisfies readonly (keyof LedgerService)[]

/** Inbound hooks and the logs (services/hook-inbox.ts). */
const HOOKS = [
  "findHookHolder",
  "applyServiceBalanceHook",
  "recordHookDelivery",
  "recordHookRefusal",
  "flushHookRefusals",
  "pruneLogs",
] as const satisfies readonly (keyof HookInboxService)[]

/** The queue of requests and the rate gate (services/outbox.ts); sendNext is the drain's. */
const QUEUE = [
  "enqueueOperation",
  "sendNext",
  "claimNextOperation",
  "recordSendOutcome",
  "settleWithheldOperation",
  "retrieveOperationRow",
  "runQueueMaintenance",
  "getServiceVisibleBalance",
  "enqueueProfileSync",
  "getQueueHealth",
  "getQueueForecast",
  "reviewOperation",
  "withdrawOperations",
  "restoreOperationState",
] as const satisfies readonly (keyof OutboxService)[]

/** Word of queued requests as they commit (services/queue-listener.ts), for the dispatcher. */
const QUEUE_LISTENER = ["listenForQueuedRequests"] as const satisfies readonly (keyof QueueListenerService)[]

/** The connection check's requests through the gate, the 429s logged, the database's clock (services/check-calls.ts). */
const CHECK_CALLS = [
  "reserveCheckCall",
  "completeCheckCall",
  "countRateLimitedCalls",
  "getDatabaseTime",
] as const satisfies readonly (keyof CheckCallsService)[]

/** Enrolment and what the service says about a holder (services/enrollment.ts). */
const ENROLLMENT = [
  "createHolderForEnrollment",
  "getBulkEnrollmentProgress",
  "undoEnrollment",
  "recordProfileResponse",
  "recordServiceCustomer",
] as const satisfies readonly (keyof EnrollmentService)[]

/** A customer's pass, adoption, verification and moves (services/accounts.ts). */
const ACCOUNTS = [
  "retrieveCustomerPass",
  "adoptHolder",
  "undoAdoption",
  "requestVerification",
  "verificationText",
  "confirmVerification",
  "moveHolder",
  "getAccountBalances",
] as const satisfies readonly (keyof AccountsService)[]

/** Import, install and drift sweeps (services/sync.ts). */
const SYNC = [
  "startSyncRun",
  "dueSyncRuns",
  "cancelSyncRun",
  "recordSyncPage",
  "takeOverImportItem",
  "finishImportItem",
  "startImportRefresh",
  "recordImportRefresh",
  "recordDrift",
  "listImportItems",
  "getSyncProgress",
  "getInstallAndDriftCounts",
  "settleSyncRun",
] as const satisfies readonly (keyof SyncService)[]

/** The loyalty program: versions, spend and levels (services/program.ts). */
const PROGRAM = [
  "getProgram",
  "getProgramAt",
  "getEarnCampaigns",
  "saveProgram",
  "updateLevels",
] as const satisfies readonly (keyof ProgramService)[]

/** The order sweep (services/order-sweep.ts, docs/operations.md "The order sweep"). */
const ORDER_SWEEP = [
  "getOrderSweepState",
  "claimOrderSweepRun",
  "findOrderSweepCandidates",
  "countOrdersWaiting",
  "recordOrderSweepRun",
  "listOrderSweepItems",
] as const satisfies readonly (keyof OrderSweepService)[]

/** An order's bonus decided once, at placement rates (services/order-decisions.ts, docs/loyalty.md). */
const ORDER_DECISIONS = [
  "retrieveHolderRatesAt",
  "retrieveOrderDecision",
  "recordOrderDecision",
  "takePendingBonus",
  "maturePendingBonus",
  "listDuePendingBonuses",
  "getPendingBonuses",
] as const satisfies readonly (keyof OrderDecisionService)[]

/** What a holder's card shows and was last given (services/card-texts.ts, docs/program.md "On the card"). */
const CARD_TEXTS = [
  "getHolderCards",
  "queueChangedCards",
  "catchUpDueCards",
  "recordCardSent",
] as const satisfies readonly (keyof CardTextsService)[]

/** The admin's filtered lists and figures (services/admin-reads.ts), and its program overview (services/overview.ts, docs/overview.md). */
const ADMIN_READS = [
  "listAdminOperations",
  "listAdminHookDeliveries",
  "getLatestServiceAnswer",
  "getCampaignAudience",
] as const satisfies readonly (keyof AdminReadsService)[]
const OVERVIEW = ["getProgramOverview"] as const satisfies readonly (keyof OverviewService)[]

/**
 * The walletPass module's facade, as in Medusa's own modules: the generated CRUD of every model
 * models/index.ts exports (without the ledger's, queue's and gate's writes: utils/refused-writes.ts),
 * and the methods of the lists above, each delegating to the internal service that owns it (services/).
 */
class WalletPassModuleService extends withoutGeneratedWrites(MedusaService(models)) {
  protected readonly options_: WalletPassOptions
  protected readonly ledger_: LedgerService
  protected readonly hooks_: HookInboxService
  protected readonly outbox_: OutboxService
  protected readonly queueListener_: QueueListenerService
  protected readonly checkCalls_: CheckCallsService
  protected readonly enrollment_: EnrollmentService
  protected readonly accounts_: AccountsService
  protected readonly sync_: SyncService
  protected readonly program_: ProgramService
  protected readonly orderSweep_: OrderSweepService
  protected readonly orderDecisions_: OrderDecisionService
  protected readonly cardTexts_: CardTextsService
  protected readonly adminReads_: AdminReadsService
  protected readonly overview_: OverviewService

  constructor(container: Record<string, unknown>) {
    // @ts-ignore MedusaService's constructor takes the container and options as given
    super(...arguments)
    this.options_ = container.walletPassOptions as WalletPassOptions
    this.ledger_ = container.ledgerService as LedgerService
    this.hooks_ = container.hookInboxService as HookInboxService
    this.outbox_ = container.outboxService as OutboxService
    this.queueListener_ = container.queueListenerService as QueueListenerService
    this.checkCalls_ = container.checkCallsService as CheckCallsService
    this.enrollment_ = container.enrollmentService as EnrollmentService
    this.accounts_ = container.accountsService as AccountsService
    this.sync_ = container.syncService as SyncService
    this.program_ = container.programService as ProgramService
    this.orderSweep_ = container.orderSweepService as OrderSweepService
    this.orderDecisions_ = container.orderDecisionService as OrderDecisionService
    this.cardTexts_ = container.cardTextsService as CardTextsService
    this.adminReads_ = container.adminReadsService as AdminReadsService
    this.overview_ = container.overviewService as OverviewService
  }

  /** The validated plugin options (routes, jobs and workflows get them from here). */
  getOptions(): WalletPassOptions {
    return this.options_
  }

  /** A holder's balance in minor units (the database function wallet_pass_balance). */
  async getBalance(holderId: string, sharedContext?: Context): Promise<number> {
    return (await this.ledger_.getBalances([holderId], sharedContext)).get(holderId) ?? 0
  }
}

// The delegated methods' types: each the internal service's own signature and documentation.
interface WalletPassModuleService
  extends
    Pick<LedgerService, (typeof LEDGER)[number]>,
    Pick<HookInboxService, (typeof HOOKS)[number]>,
    Pick<OutboxService, (typeof QUEUE)[number]>,
    Pick<QueueListenerService, (typeof QUEUE_LISTENER)[number]>,
    Pick<CheckCallsService, (typeof CHECK_CALLS)[number]>,
    Pick<EnrollmentService, (typeof ENROLLMENT)[number]>,
    Pick<AccountsService, (typeof ACCOUNTS)[number]>,
    Pick<SyncService, (typeof SYNC)[number]>,
    Pick<ProgramService, (typeof PROGRAM)[number]>,
    Pick<OrderSweepService, (typeof ORDER_SWEEP)[number]>,
    Pick<OrderDecisionService, (typeof ORDER_DECISIONS)[number]>,
    Pick<CardTextsService, (typeof CARD_TEXTS)[number]>,
    Pick<AdminReadsService, (typeof ADMIN_READS)[number]>,
    Pick<OverviewService, (typeof OVERVIEW)[number]> {}

delegate(WalletPassModuleService, "ledger_", LEDGER)
delegate(WalletPassModuleService, "hooks_", HOOKS)
delegate(WalletPassModuleService, "outbox_", QUEUE)
delegate(WalletPassModuleService, "queueListener_", QUEUE_LISTENER)
delegate(WalletPassModuleService, "checkCalls_", CHECK_CALLS)
delegate(WalletPassModuleService, "enrollment_", ENROLLMENT)
delegate(WalletPassModuleService, "accounts_", ACCOUNTS)
delegate(WalletPassModuleService, "sync_", SYNC)
delegate(WalletPassModuleService, "program_", PROGRAM)
delegate(WalletPassModuleService, "orderSweep_", ORDER_SWEEP)
delegate(WalletPassModuleService, "orderDecisions_", ORDER_DECISIONS)
delegate(WalletPassModuleService, "cardTexts_", CARD_TEXTS)
delegate(WalletPassModuleService, "adminReads_", ADMIN_READS)
delegate(WalletPassModuleService, "overview_", OVERVIEW)

export default WalletPassModuleService
