import { generateEntityId } from "@medusajs/framework/utils"

/**
 * Every dedupe key, built here and nowhere else. A ledger entry's key makes its balance
 * change happen once; an operation's key makes its request queued once. Both columns are
 * unique, and keys are stored: the text of a key must never change for a cause that already
 * has one (the change could then happen twice). Nothing parses a key; the rows carry their
 * order, holder and run ids in columns of their own.
 */

/**
 * A key given up (a redemption voided before its order): the row keeps a key of its own and
 * the cause's key is free again. The ledger's SQL writes the same suffix (LedgerRepository).
 */
export const voidedKey = (key: string, rowId: string) => `${key}:void:${rowId}`

/** Keys of ledger entries: one per balance change. */
export const ledgerKeys = {
  orderAccrual: (orderId: string) => `order:${orderId}:accrual`,
  orderCanceled: (orderId: string) => `order:${orderId}:reversal:cancel`,
  orderReturned: (orderId: string, returnId: string) => `order:${orderId}:reversal:return:${returnId}`,
  /** Per payment and per amount refunded so far: each further refund of the payment reverses its share. */
  orderRefunded: (orderId: string, paymentId: string, refunded: number) =>
    `${ledgerKeys.orderRefundedPrefix(orderId)}${paymentId}:${refunded}`,
  /** What every refund key of an order begins with: a pending bonus tells refunds' takes by it. */
  orderRefundedPrefix: (orderId: string) => `order:${orderId}:reversal:refund:`,
  /** Kept after the order is placed: a completion retry finds it. */
  cartRedemption: (cartId: string) => `cart:${cartId}:redeem`,
  redemptionRefund: (orderId: string) => `order:${orderId}:redeem:refund`,
  /** The service's `addBalance` hook, by its transactionId. */
  serviceCredit: (transactionId: string) => `hook:addBalance:${transactionId}`,
  /** The opening balance of an adopted holder: once per holder. */
  opening: (holderId: string) => `adopt:${holderId}`,
  expiry: (creditId: string) => `expiry:${creditId}`,
  /** An expiry taken back because its credit was canceled. */
  expiryCanceled: (creditId: string, canceledId: string) => `expiry:${creditId}:canceled:${canceledId}`,
  /** A balance the service changed between the import and the switch. */
  importRefresh: (runId: string, holderId: string) => `import-refresh:${runId}:${holderId}`,
  /**
   * A bonus of the loyalty program: once per holder (a birthday: once per holder and year; a
   * referral: once per customer brought, keyed by that customer's holder).
   */
  programBonus: (bonus: string, holderId: string, year?: number) =>
    year === undefined ? `bonus:${bonus}:${holderId}` : `bonus:${bonus}:${holderId}:${year}`,
  /** An admin's adjustment: each one its own change. */
  manual: () => `manual:${generateEntityId(undefined, "adj")}`,
}

/** Keys of queued requests: one per cause. */
export const operationKeys = {
  /** The balance request of a ledger entry. */
  forEntry: (entryKey: string) => `op:${entryKey}`,
  /** The read that adopts a holder enrolled by the store (its own table: it may share the entry's text). */
  adoptionRead: (holderId: string) => `adopt:${holderId}`,
  adoptionReadAgain: (holderId: string) => `adopt:${holderId}:${generateEntityId(undefined, "again")}`,
  enrollment: (holderId: string) => `enroll:${holderId}`,
  enrollmentAgain: (holderId: string) => `enroll:${holderId}:${generateEntityId(undefined, "again")}`,
  /** A profile update; updates coalesce while one waits (OutboxService.enqueueProfileSync). */
  profile: (holderId: string) => `profile:${holderId}:${generateEntityId(undefined, "sync")}`,
  profileAfterMove: (holderId: string) => `profile:${holderId}:moved:${generateEntityId(undefined, "mv")}`,
  /** The profile update of a holder whose phone an account proved (what was withheld until then). */
  profileAfterProof: (holderId: string) => `profile:${holderId}:proven:${generateEntityId(undefined, "pv")}`,
  /** The read of a holder's cards after an enrolment answered none. */
  cards: (enrollmentOperationId: string) => `cards:${enrollmentOperationId}`,
  /** The absolute balance set that heals an ambiguous balance request. */
  balanceSync: (operationId: string) => `sync:${operationId}`,
  /** The absolute balance set that carries a holder's waiting balance changes, named after the first of them. */
  coalescedSet: (firstOperationId: string) => `sync:coalesced:${firstOperationId}`,
  /** Another balance set after one whose value the service's own change overtook (OutboxService.recordSendOutcome). */
  balanceResync: (setOperationId: string) => `sync:again:${setOperationId}`,
  /** The absolute balance set after an expiry. */
  expirySync: (expiryEntryId: string) => `sync:expiry:${expiryEntryId}`,
  verification: (verificationId: string) => `verify:${verificationId}`,
  campaignCreate: (campaignId: string) => `campaign:${campaignId}:create`,
  campaignSend: (campaignId: string) => `campaign:${campaignId}:send`,
  statusCheck: () => `status:${generateEntityId(undefined, "check")}`,
  /** An admin's request for one holder (refresh, push, install link, event). */
  adminRequest: (method: string) => `admin:${method}:${generateEntityId(undefined, "req")}`,
  syncPage: (runId: string, window: number, offset: number) => `sync:${runId}:page:${window}:${offset}`,
  syncPageAgain: (runId: string, window: number, offset: number) =>
    `sync:${runId}:page:${window}:${offset}:${generateEntityId(undefined, "again")}`,
  syncRead: (runId: string, itemId: string) => `sync:${runId}:read:${itemId}`,
  /** The import's read again of an item the merchant took over from another CRM (one per item). */
  importTakeOver: (runId: string, itemId: string) => `sync:${runId}:take-over:${itemId}`,
  syncCards: (runId: string, holderId: string) => `sync:${runId}:cards:${holderId}`,
  syncDrift: (runId: string, holderId: string) => `sync:${runId}:drift:${holderId}`,
  syncHeal: (runId: string, holderId: string) => `sync:${runId}:heal:${holderId}`,
  importRefreshRead: (runId: string, itemId: string) => `sync:${runId}:refresh:${itemId}`,
  /** The `event/send` of a store event (its record's key, storeEventKey). */
  storeEvent: (storeEventKey: string) => `event:${storeEventKey}`,
}

/**
 * The key of what the order sweep found for one order's event (docs/operations.md, "The order
 * sweep"): once per order and event, a return by its id.
 */
export const sweepItemKey = (work: string, orderId: string, returnId?: string | null) =>
  returnId ? `${work}:${orderId}:${returnId}` : `${work}:${orderId}`

/**
 * The key of a store event (docs/store-events.md): once per event and entity (an order, a
 * fulfillment, a return, a credit, a holder); `occurrence` tells apart events that may come
 * again for one entity (a birthday's year, a cart's idle spell).
 */
export const storeEventKey = (name: string, entityId: string, occurrence?: string | number) =>
  occurrence === undefined ? `${name}:${entityId}` : `${name}:${entityId}:${occurrence}`
