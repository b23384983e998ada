import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { EnrollmentState, HolderSource } from "../constants"
import { EnrollmentRepository } from "../repositories/enrollment"
import { QueueRepository } from "../repositories/queue"
import type {
  EnrollmentBefore,
  EnrollmentProgress,
  EnrollmentResult,
  EnrollmentUndo,
  OperationRow,
  ReenrollWhen,
} from "../types"
import { InternalService, type InternalServiceDeps, type ModelServices } from "../utils/internal-service"
import { operationKeys } from "../keys"

/** What createHolderForEnrollment takes. */
export type EnrollmentInput = {
  customer_id: string
  phone: string | null
  phone_problem?: string | null
  source: HolderSource
  profile: { name?: string | null; surname?: string | null; email?: string | null }
  priority: number
  retry?: ReenrollWhen
  existing_only?: boolean
  /**
   * False: the enrolment texts no install link (a store signup: its phone is unproven, so a
   * text to it is one anyone could cause; docs/security.md). Default true.
   */
  install_text?: boolean
}

type Deps = InternalServiceDeps &
  Pick<ModelServices, "walletPassHolderService" | "walletPassCardService" | "walletPassOperationService">

/**
 * Enrolment: store customers become holders and are enrolled at the service (after the read
 * that adopts what it holds for the phone), and what the service answers about a holder is
 * stored (docs/adoption.md).
 */
export class EnrollmentService extends InternalService<Deps> {
  protected readonly holderService_ = this.deps_.walletPassHolderService
  protected readonly cardService_ = this.deps_.walletPassCardService
  protected readonly operationService_ = this.deps_.walletPassOperationService

  /** How far bulk enrolment has come: its holders by enrolment state. */
  @InjectManager()
  async getBulkEnrollmentProgress(@MedusaContext() sharedContext: Context = {}): Promise<EnrollmentProgress> {
    const counts = await new EnrollmentRepository(this.knex_(sharedContext)).backfillCounts()
    const of = (state: EnrollmentState) => counts[state] ?? 0
    return {
      total: Object.values(counts).reduce((total, n) => total + n, 0),
      enrolled: of("enrolled"),
      pending: of("pending"),
      failed: of("failed"),
      not_enrolled_no_phone: of("not_enrolled_no_phone"),
    }
  }

  /**
   * Records a store customer in the program and queues their enrolment, in one transaction
   * under the holder's lock. Idempotent per customer: a holder that is enrolled or pending
   * is returned as it is. A holder that never reached the service is enrolled again when
   * `retry` allows it: "phone_added" takes one that had no usable phone (none, invalid, or
   * taken) once the customer has one; "always" (the admin's "enrol now") also retries one
   * the service refused. Without a usable phone the holder is recorded as not enrolled and
   * nothing is queued; a phone already enrolled for another customer is recorded as a
   * failed enrolment. `existing_only` leaves customers without a holder alone.
   */
  @InjectTransactionManager()
  async createHolderForEnrollment(
    input: EnrollmentInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<EnrollmentResult | null> {
    const repo = new EnrollmentRepository(this.knex_(sharedContext))
    const existing = await repo.lockHolderOfCustomer(input.customer_id)
    if (existing) {
      return this.reenroll_(sharedContext, existing, input)
    }
    if (input.existing_only) {
      return null
    }
    const { phone, state, error } = await this.enrollablePhone_(repo, input.phone, input.phone_problem ?? null, null)
    const holderId = await repo.insertHolder({ ...input, phone, state, error })
    if (!holderId) {
      // A concurrent delivery for the same customer (or phone) won: report what it made.
      return unchangedEnrollment(await repo.holderOfCustomerOrPhone(input.customer_id, phone))
    }
    const operation =
      state === "pending"
        ? await this.queueEnrollment_(
            sharedContext,
            holderId,
            operationKeys.enrollment(holderId),
            input.priority,
            input.install_text
          )
        : null
    return { holder_id: holderId, created: true, operation, state, error, previous: null }
  }

  /** createHolderForEnrollment for a customer who has a holder already (locked by the caller). */
  private async reenroll_(
    sharedContext: Context,
    before: EnrollmentBefore,
    input: Pick<EnrollmentInput, "phone" | "phone_problem" | "priority" | "retry" | "install_text">
  ): Promise<EnrollmentResult> {
    const neverReached = before.enrollment_state === "not_enrolled_no_phone" || before.enrollment_state === "failed"
    const allowed = input.retry === "always" || (input.retry === "phone_added" && before.phone === null)
    if (!neverReached || !allowed || !input.phone) {
      return unchangedEnrollment(before)
    }
    const repo = new EnrollmentRepository(this.knex_(sharedContext))
    const { phone, state, error } = await this.enrollablePhone_(
      repo,
      input.phone,
      input.phone_problem ?? null,
      before.id
    )
    if (phone === before.phone && state === before.enrollment_state && error === before.enrollment_error) {
      return unchangedEnrollment(before)
    }
    await repo.setEnrollment(before.id, phone, state, error)
    // A key of its own: the first enrolment's key may be taken by the request that failed.
    const operation =
      state === "pending"
        ? await this.queueEnrollment_(
            sharedContext,
            before.id,
            operationKeys.enrollmentAgain(before.id),
            input.priority,
            input.install_text
          )
        : null
    const { id: _id, ...previous } = before
    return { holder_id: before.id, created: false, operation, state, error, previous }
  }

  /** The phone a holder can be enrolled with: none, or one no other holder has. */
  private async enrollablePhone_(
    repo: EnrollmentRepository,
    phone: string | null,
    problem: string | null,
    holderId: string | null
  ): Promise<{ phone: string | null; state: EnrollmentState; error: string | null }> {
    if (!phone) {
      return { phone: null, state: "not_enrolled_no_phone", error: problem ?? "no phone" }
    }
    if (await repo.phoneTaken(phone, holderId)) {
      return { phone: null, state: "failed", error: `phone ${phone} is already enrolled for another customer` }
    }
    return { phone, state: "pending", error: null }
  }

  /**
   * Queues an enrolment: first the read that adopts what the service holds for the phone
   * (unless the holder is adopted already or such a read still waits), then the
   * user_create_or_update, which never carries a balance (docs/adoption.md).
   */
  private async queueEnrollment_(
    sharedContext: Context,
    holderId: string,
    dedupeKey: string,
    priority: number,
    installText = true
  ): Promise<OperationRow> {
    const knex = this.knex_(sharedContext)
    await new EnrollmentRepository(knex).queueAdoptionRead(holderId, priority)
    const queued = await new QueueRepository(knex).insertOperation({
      method: "user_create_or_update",
      holder_id: holderId,
      payload: installText ? { type: "enroll" } : { type: "enroll", install_text: false },
      dedupe_key: dedupeKey,
      priority,
    })
    return queued.operation
  }

  /**
   * Takes back what createHolderForEnrollment did (a workflow's compensation): a holder it
   * created is deleted, a re-enrolled one gets its earlier state back; its request goes.
   */
  @InjectTransactionManager()
  async undoEnrollment(done: EnrollmentUndo, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (done.operation_id) {
      await this.operationService_.softDelete([done.operation_id], sharedContext)
    }
    if (done.created) {
      // Its adoption read goes with it.
      const queued = await this.operationService_.list(
        { holder_id: done.holder_id, state: "pending" },
        { select: ["id"] },
        sharedContext
      )
      if (queued.length)
        await this.operationService_.softDelete(
          queued.map((o) => o.id),
          sharedContext
        )
      await this.holderService_.delete([done.holder_id], sharedContext)
    } else if (done.previous) {
      await this.holderService_.update({ id: done.holder_id, ...done.previous }, sharedContext)
    }
  }

  /**
   * Stores what the service answered to an enrolment or profile update — links, user_hash
   * and the issued card — and, for an enrolment, marks the holder enrolled: one transaction,
   * so a reader never sees "enrolled" without the card.
   */
  @InjectTransactionManager()
  async recordProfileResponse(
    input: {
      holder_id: string
      enrolled: boolean
      links: Partial<Record<"card_url" | "card_gpay_url" | "form_url" | "user_hash", string>>
      card?: { number: string; track: string | null } | null
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (input.card) {
      const [known] = await this.cardService_.list({ number: input.card.number }, {}, sharedContext)
      if (!known) {
        await this.cardService_.create(
          { number: input.card.number, track: input.card.track, holder_id: input.holder_id },
          sharedContext
        )
      }
    }
    await this.holderService_.update(
      {
        id: input.holder_id,
        ...input.links,
        ...(input.enrolled
          ? { enrollment_state: "enrolled" as const, enrollment_error: null, enrolled_at: new Date() }
          : {}),
      },
      sharedContext
    )
  }

  /**
   * Stores what read_customer said about a holder: their cards with install flags (cards
   * are the service's, so unknown ones are added), invites and referrer. One transaction.
   */
  @InjectTransactionManager()
  async recordServiceCustomer(
    input: {
      holder_id: string
      cards: { number: string; track: string | null; installed: boolean | null }[]
      invites: string[] | null
      referrer_phone: string | null
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const numbers = input.cards.map((c) => c.number)
    const known = numbers.length ? await this.cardService_.list({ number: numbers }, {}, sharedContext) : []
    const byNumber = new Map(known.map((c) => [c.number, c]))
    const now = new Date()
    for (const card of input.cards) {
      const existing = byNumber.get(card.number)
      const install = card.installed === null ? {} : { installed: card.installed, installed_checked_at: now }
      if (existing) {
        await this.cardService_.update(
          { id: existing.id, holder_id: input.holder_id, ...(card.track ? { track: card.track } : {}), ...install },
          sharedContext
        )
      } else {
        await this.cardService_.create(
          { number: card.number, track: card.track, holder_id: input.holder_id, ...install },
          sharedContext
        )
      }
    }
    await this.holderService_.update(
      {
        id: input.holder_id,
        service_checked_at: now,
        ...(input.invites ? { invites: input.invites as unknown as Record<string, unknown> } : {}),
        ...(input.referrer_phone ? { referrer_phone: input.referrer_phone } : {}),
      },
      sharedContext
    )
  }
}

const unchangedEnrollment = (holder: EnrollmentBefore): EnrollmentResult => ({
  holder_id: holder.id,
  created: false,
  operation: null,
  state: holder.enrollment_state,
  error: holder.enrollment_error,
  previous: null,
})
