import type { MedusaContainer } from "@medusajs/framework/types"
import type { WalletPassClient } from "../../lib/wallet-pass-client"
import type { OperationRow, SendFacts, WalletPassModuleService, WalletPassOptions } from "../../modules/wallet-pass"

/** What an operation's request and effects are worked out from. */
export type OperationContext = {
  container: MedusaContainer
  walletPass: WalletPassModuleService
  options: WalletPassOptions
  operation: OperationRow
  /** Read with the send lock (OutboxService.sendNext). */
  facts: SendFacts
  /**
   * The card's catch-up after a request (card-catch-up.ts): the drain's, which calls the module
   * only while the program's card shows texts (as its run's first look found).
   */
  catchUpCards: () => Promise<void>
}

/** One request to the service, built from current data (a profile or balance sent late is sent as it is now). */
export type ServiceRequest = {
  call: (client: WalletPassClient) => Promise<Record<string, unknown>>
  /** After an ambiguous outcome the request goes to review instead of being sent again (a push must not arrive twice). */
  atMostOnce: boolean
  /** The request texts the customer (an SMS): a repeat after an ambiguous outcome must not. */
  texts?: boolean
  /** A refusal (4xx) is final: not tried again (a code's text: the shopper is told at once, docs/security.md). */
  finalIfRejected?: boolean
  /** Texts the call log must not keep (a verification code). */
  redact?: string[]
  /**
   * The absolute balance the request sets, minor units: once applied, the outbox checks that
   * nothing moved the balance the service should show meanwhile (OutboxService.recordSendOutcome).
   */
  setsBalance?: number
  /** What the request gives the card (its template variables; the level of the design it sends), recorded once applied. */
  card?: CardSent
}

/** The card's texts a request sends, and the level whose design it gives (absent: no design). */
export type CardSent = { texts: Record<string, string>; design_level?: string | null }

/**
 * No request: what it would carry may not be written to the service (a rule says so, e.g.
 * rules/service-record.ts). The operation ends `resolved` with the reason, without a call or
 * a slot of the rate gate.
 */
export type Withheld = { withheld: string }

/**
 * Everything the dispatcher knows of one service method (docs/architecture.md, "Adding a
 * service method"). Effects run before the operation is marked done: should the process die
 * in between, the request is sent again, so every effect must be safe to repeat.
 */
export type OperationHandler = {
  build(ctx: OperationContext): ServiceRequest | Withheld | Promise<ServiceRequest | Withheld>
  /** What the store records when the request was withheld (build answered `Withheld`); safe to repeat. */
  onWithheld?(ctx: OperationContext): Promise<void>
  /** What a good answer changes on the store's side. */
  onApplied?(ctx: OperationContext, response: Record<string, unknown>, request?: ServiceRequest): Promise<void>
  /** An answer "no such customer" that is an answer, not a failure (a read of a phone the service does not know). */
  onNotFound?(ctx: OperationContext): Promise<void>
  /**
   * Follow-up work once the request is recorded as done (a profile update queued behind it):
   * it never holds the request's outcome, and a failure is logged and undoes nothing.
   */
  afterDone?(ctx: OperationContext): Promise<void>
  /** What the store shows once the request failed for good (`failed` or `needs_review`); `operation` is the settled row. */
  onFailed?(ctx: OperationContext): Promise<void>
}

/** What a balance set sends: the balance the service should show, never below zero (minor units). */
export function balanceToSet({ facts, operation }: OperationContext): number {
  if (facts.visible_balance === null) throw new Error(`${operation.method} ${operation.id} has no balance to set`)
  return Math.max(0, facts.visible_balance)
}

/** The holder's phone: every per-customer request is keyed by it. */
export function holderPhone({ facts, operation }: OperationContext): string {
  if (!facts.holder?.phone) throw new Error(`${operation.method} ${operation.id} has no holder phone to send`)
  return facts.holder.phone
}
