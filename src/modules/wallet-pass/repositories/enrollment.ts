import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { EnrollmentState, HolderSource } from "../constants"
import type { EnrollmentBefore } from "../types"
import { operationKeys } from "../keys"
import { lockHolders } from "./ledger"

const ENROLLMENT_COLUMNS = "id, phone, enrollment_state, enrollment_error"

/**
 * The SQL of enrolment: holders of store customers and the reads that adopt what the
 * service holds. Runs on the caller's connection or transaction (the active manager's knex).
 */
export class EnrollmentRepository {
  constructor(private readonly knex: Knex) {}

  /** Holders of bulk enrolment (source "backfill") by enrolment state. */
  async backfillCounts(): Promise<Record<string, number>> {
    const { rows } = await this.knex.raw<{ rows: { enrollment_state: string; count: string }[] }>(
      `SELECT enrollment_state, count(*) AS count FROM wallet_pass_holder
        WHERE source = 'backfill' AND deleted_at IS NULL GROUP BY enrollment_state`
    )
    return Object.fromEntries(rows.map((r) => [r.enrollment_state, Number(r.count)]))
  }

  /** The holder of a store customer, locked for the transaction. */
  async lockHolderOfCustomer(customerId: string): Promise<EnrollmentBefore | undefined> {
    const [holder] = await lockHolders<EnrollmentBefore>(
      this.knex,
      { customer_id: customerId },
      { columns: ENROLLMENT_COLUMNS }
    )
    return holder
  }

  /** The holder of a customer or with a phone (what a concurrent enrolment made). */
  async holderOfCustomerOrPhone(customerId: string, phone: string | null): Promise<EnrollmentBefore> {
    const { rows } = await this.knex.raw<{ rows: EnrollmentBefore[] }>(
      `SELECT ${ENROLLMENT_COLUMNS} FROM wallet_pass_holder WHERE customer_id = ? OR phone = ? LIMIT 1`,
      [customerId, phone]
    )
    return rows[0]
  }

  /** Inserts a holder for a customer; undefined when another holder has the customer or the phone. */
  async insertHolder(input: {
    phone: string | null
    customer_id: string
    source: HolderSource
    profile: { name?: string | null; surname?: string | null; email?: string | null }
    state: EnrollmentState
    error: string | null
  }): Promise<string | undefined> {
    const { rows } = await this.knex.raw<{ rows: { id: string }[] }>(
      `INSERT INTO wallet_pass_holder
         (id, phone, customer_id, source, name, surname, email, enrollment_state, enrollment_error, discount_percent_bp, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, now(), now())
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        generateEntityId(undefined, "wph"),
        input.phone,
        input.customer_id,
        input.source,
        input.profile.name ?? null,
        input.profile.surname ?? null,
        input.profile.email ?? null,
        input.state,
        input.error,
      ]
    )
    return rows[0]?.id
  }

  async setEnrollment(
    holderId: string,
    phone: string | null,
    state: EnrollmentState,
    error: string | null
  ): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET phone = ?, enrollment_state = ?, enrollment_error = ?, updated_at = now() WHERE id = ?`,
      [phone, state, error, holderId]
    )
  }

  /** Whether another holder than `holderId` has the phone. */
  async phoneTaken(phone: string, holderId: string | null): Promise<boolean> {
    const { rows } = await this.knex.raw<{ rows: { id: string }[] }>(
      `SELECT id FROM wallet_pass_holder WHERE phone = ? AND deleted_at IS NULL AND id IS DISTINCT FROM ?`,
      [phone, holderId]
    )
    return rows.length > 0
  }

  /**
   * Queues the read that adopts what the service holds for a holder's phone, unless the
   * holder is adopted already or such a read still waits (docs/adoption.md).
   */
  async queueAdoptionRead(holderId: string, priority: number): Promise<void> {
    await this.knex.raw(
      `INSERT INTO wallet_pass_operation
         (id, method, holder_id, payload, dedupe_key, priority, state, attempts, created_at, updated_at)
       SELECT ?, 'read_customer', h.id, '{"type":"adopt"}'::jsonb,
              CASE WHEN EXISTS (SELECT 1 FROM wallet_pass_operation o WHERE o.dedupe_key = ?) THEN ? ELSE ? END,
              ?, 'pending', 0, clock_timestamp(), clock_timestamp()
         FROM wallet_pass_holder h
        WHERE h.id = ? AND h.adoption_state = 'pending'
          AND NOT EXISTS (SELECT 1 FROM wallet_pass_operation o
                           WHERE o.holder_id = h.id AND o.method = 'read_customer' AND o.payload->>'type' = 'adopt'
                             AND o.state IN ('pending', 'sending', 'unknown') AND o.deleted_at IS NULL)`,
      [
        generateEntityId(undefined, "wpop"),
        operationKeys.adoptionRead(holderId),
        operationKeys.adoptionReadAgain(holderId),
        operationKeys.adoptionRead(holderId),
        priority,
        holderId,
      ]
    )
  }
}
