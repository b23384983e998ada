import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { AdoptionState, HolderMoveVia } from "../constants"
import { lockHolders } from "./ledger"

/**
 * Who may use a pass (docs/adoption.md, trust): the verifications of a store account's phone
 * and the moves of a pass between store customers, as rows. What they decide (a code's check,
 * the answers, which holder gives way to a move) is services/trust.ts. SQL over the caller's
 * transaction.
 */

/** A store account's latest verification not confirmed, as the check reads it. */
export type VerificationRow = {
  id: string
  holder_id: string | null
  code_hash: string
  attempts: number
  live: boolean
}

/** The SQL of this file, run on the caller's connection or transaction (the active manager's knex). */
export class TrustRepository {
  constructor(private readonly knex: Knex) {}

  /** Records a verification (only its code's hash); it expires `ttl_minutes` from now. */
  async insertVerification(row: {
    id: string
    holder_id: string | null
    customer_id: string
    phone: string
    code_hash: string
    ttl_minutes: number
    operation_id: string | null
    text_state: "queued" | "not_sent"
    text_error: string | null
  }): Promise<{ expires_at: Date }> {
    const { rows } = await this.knex.raw<{ rows: { expires_at: Date }[] }>(
      `INSERT INTO wallet_pass_verification (id, holder_id, customer_id, phone, code_hash, attempts, expires_at, operation_id,
                                             text_state, text_error, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, now() + make_interval(mins => ?), ?, ?, ?, now(), now())
       RETURNING expires_at`,
      [
        row.id,
        row.holder_id,
        row.customer_id,
        row.phone,
        row.code_hash,
        row.ttl_minutes,
        row.operation_id,
        row.text_state,
        row.text_error,
      ]
    )
    return rows[0]
  }

  /** Locks and reads an account's latest verification not confirmed. */
  async lockLatestVerification(customerId: string): Promise<VerificationRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: VerificationRow[] }>(
      `SELECT id, holder_id, code_hash, attempts, expires_at > now() AS live FROM wallet_pass_verification
        WHERE customer_id = ? AND confirmed_at IS NULL AND deleted_at IS NULL
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [customerId]
    )
    return rows[0]
  }

  /** Counts a wrong code. */
  async countWrongCode(verificationId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_verification SET attempts = attempts + 1, updated_at = now() WHERE id = ?`,
      [verificationId]
    )
  }

  async markConfirmed(verificationId: string): Promise<void> {
    await this.knex.raw(`UPDATE wallet_pass_verification SET confirmed_at = now(), updated_at = now() WHERE id = ?`, [
      verificationId,
    ])
  }

  /** The holder is verified for the account from now on. */
  async markHolderVerified(holderId: string, customerId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET verified_customer_id = ?, verified_at = now(), updated_at = now() WHERE id = ?`,
      [customerId, holderId]
    )
  }

  /** Locks a holder, deleted or not (before its verification is written or confirmed). */
  async lockHolderEvenDeleted(
    holderId: string
  ): Promise<{ customer_id: string | null; phone: string | null; adoption_state: AdoptionState } | undefined> {
    const [holder] = await lockHolders<{
      customer_id: string | null
      phone: string | null
      adoption_state: AdoptionState
    }>(this.knex, { id: holderId }, { columns: "h.customer_id, h.phone, h.adoption_state", withDeleted: true })
    return holder
  }

  /**
   * Serialises moves to one customer (a transaction lock on the customer), so the second of two
   * concurrent moves sees the first one's pass.
   */
  async lockMovesTo(customerId: string): Promise<void> {
    await this.knex.raw(`SELECT pg_advisory_xact_lock(hashtext(?))`, [`wallet-pass:move-to:${customerId}`])
  }

  /** Locks a live holder, as a move reads it. */
  async lockHolderToMove(
    holderId: string
  ): Promise<{ id: string; customer_id: string | null; phone: string | null } | undefined> {
    const [holder] = await lockHolders<{ id: string; customer_id: string | null; phone: string | null }>(
      this.knex,
      { id: holderId },
      { columns: "h.id, h.customer_id, h.phone" }
    )
    return holder
  }

  /** Locks a customer's live holder, with whether it has a ledger (`history`). */
  async lockHolderOfCustomer(
    customerId: string
  ): Promise<{ id: string; phone: string | null; state: string; history: boolean } | undefined> {
    const theirs = await lockHolders<{ id: string; phone: string | null; state: string; history: boolean }>(
      this.knex,
      { customer_id: customerId },
      {
        columns: `h.id, h.phone, h.enrollment_state AS state,
                  EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e WHERE e.holder_id = h.id AND e.deleted_at IS NULL) AS history`,
      }
    )
    return theirs[0]
  }

  /** Withdraws a holder's pending requests and deletes it. */
  async removeHolder(holderId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_operation SET deleted_at = now() WHERE holder_id = ? AND state = 'pending'`,
      [holderId]
    )
    await this.knex.raw(`DELETE FROM wallet_pass_holder WHERE id = ?`, [holderId])
  }

  /**
   * Gives a holder to a customer (verified for it when `verified`) and records the move. The
   * profile copied from the customer before goes: the pass's updates read the new customer's.
   */
  async moveHolderRow(input: {
    holder_id: string
    from_customer_id: string | null
    to_customer_id: string
    verified: boolean
    via: HolderMoveVia
    actor: string | null
    note: string | null
  }): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET customer_id = ?, verified_customer_id = ?, verified_at = CASE WHEN ? THEN now() END,
              name = NULL, surname = NULL, email = NULL, updated_at = now()
        WHERE id = ?`,
      [input.to_customer_id, input.verified ? input.to_customer_id : null, input.verified, input.holder_id]
    )
    await this.knex.raw(
      `INSERT INTO wallet_pass_holder_move (id, holder_id, from_customer_id, to_customer_id, via, actor, note, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, now(), now())`,
      [
        generateEntityId(undefined, "wpmove"),
        input.holder_id,
        input.from_customer_id,
        input.to_customer_id,
        input.via,
        input.actor,
        input.note,
      ]
    )
  }
}
