import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import type { VerificationOutcome, VerificationRequestOutcome } from "../types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import { type HolderMoveVia, OPERATION_PRIORITY } from "../constants"
import { QueueRepository } from "./queue"
import { QueueClassRepository } from "./classes"
import { operationKeys } from "../keys"
import type { WalletPassOptions } from "../options"
import { TextsRepository } from "./texts"

/**
 * Who may use a pass (docs/adoption.md, trust). Medusa does not verify the phone an account
 * gives, so a store account proves it holds a phone with something only the phone receives:
 * a code the service texts to it. A proven account may see and spend the whole balance and
 * see the personalised install links; a pass held by another store customer moves to it.
 * An admin can move a pass too (audited). SQL over the caller's transaction.
 */

/** Wrong codes a verification takes before it ends. (How many codes go out: `texts`, docs/security.md.) */
export const VERIFICATION_LIMITS = { attempts: 5 } as const

/** What the shopper is told when a code's text did not go (refused, `sms_send: false`, or no pass for the phone). */
export const TEXT_NOT_SENT_MESSAGE =
  "The code could not be texted to this phone. Check the phone number in your account; if it is right, try again later."

/**
 * The six-digit code of a verification, derived from its id with a secret of the store (the
 * app key), so it is stored nowhere: not in the queue, not in the logs.
 */
export function verificationCode(secret: string, verificationId: string): string {
  const digest = createHmac("sha256", secret).update(`wallet-pass-verification:${verificationId}`).digest()
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, "0")
}

/** The hash kept for a code (bound to its verification, so equal codes never share a hash). */
export function verificationCodeHash(verificationId: string, code: string): string {
  return createHash("sha256").update(`${verificationId}:${code.trim()}`).digest("hex")
}

/** Masks a phone for a shopper's screen: the country code and the last two digits. */
export function maskPhone(phone: string): string {
  return phone.length <= 6 ? phone : `${phone.slice(0, 3)}${"•".repeat(phone.length - 5)}${phone.slice(-2)}`
}

/** The SQL of this file, run on the caller's connection or transaction (the active manager's knex). */
export class TrustRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * Records a verification of `phone` for a store account and queues the text that carries
   * the code (through the service, to the phone's holder), once the text has its place under
   * the `texts` limits (texts.ts; refused: nothing is written). Without a holder of the phone
   * (no pass has it) the verification is recorded the same way but no text goes: its
   * `text_state` says not sent, so the store's answer is the same whether a pass exists or
   * not (docs/security.md). Only the code's hash is kept; the text is built when it is sent.
   */
  async createVerification(input: {
    holder_id: string | null
    customer_id: string
    phone: string
    country: string | null
    address: string | null
    texts: WalletPassOptions["texts"]
    secret: string
    ttl_minutes: number
  }): Promise<VerificationRequestOutcome> {
    if (input.holder_id) {
      await this.knex.raw(`SELECT id FROM wallet_pass_holder WHERE id = ? FOR UPDATE`, [input.holder_id])
    }
    const texts = new TextsRepository(this.knex)
    const slot = await texts.takeTextSlot(input.texts, {
      kind: "code",
      phone: input.phone,
      country: input.country,
      customer_id: input.customer_id,
      address: input.address,
    })
    if (!slot.ok)
      return { ok: false, limit: slot.limit, message: slot.message, retry_after_seconds: slot.retry_after_seconds }
    const id = generateEntityId(undefined, "wpver")
    // The code goes after the holder's own enrolment, if that still waits: it moves up with
    // the code the customer asked for (class b), bounded by the limits above.
    if (input.holder_id) await new QueueClassRepository(this.knex).promoteHolder(input.holder_id)
    const operation = input.holder_id
      ? (
          await new QueueRepository(this.knex).insertOperation({
            method: "user_create_or_update",
            holder_id: input.holder_id,
            payload: { type: "verify", verification_id: id },
            dedupe_key: operationKeys.verification(id),
            priority: OPERATION_PRIORITY.interactive,
          })
        ).operation
      : null
    const { rows } = await this.knex.raw<{ rows: { expires_at: Date }[] }>(
      `INSERT INTO wallet_pass_verification (id, holder_id, customer_id, phone, code_hash, attempts, expires_at, operation_id,
                                             text_state, text_error, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, now() + make_interval(mins => ?), ?, ?, ?, now(), now())
       RETURNING expires_at`,
      [
        id,
        input.holder_id,
        input.customer_id,
        input.phone,
        verificationCodeHash(id, verificationCode(input.secret, id)),
        input.ttl_minutes,
        operation?.id ?? null,
        operation ? "queued" : "not_sent",
        operation ? null : TEXT_NOT_SENT_MESSAGE,
      ]
    )
    await texts.attachVerification(slot.id, id)
    return { ok: true, id, expires_at: rows[0].expires_at }
  }

  /**
   * Checks a code an account typed against its latest live verification. Right: the holder is
   * verified for the account (and moves to it when another store customer held it). Wrong:
   * counted (the answer is returned, not thrown, so the count commits); the fifth wrong code
   * ends the verification.
   */
  async confirmVerification(input: { customer_id: string; code: string }): Promise<VerificationOutcome> {
    const { rows } = await this.knex.raw<{
      rows: { id: string; holder_id: string | null; code_hash: string; attempts: number; live: boolean }[]
    }>(
      `SELECT id, holder_id, code_hash, attempts, expires_at > now() AS live FROM wallet_pass_verification
        WHERE customer_id = ? AND confirmed_at IS NULL AND deleted_at IS NULL
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [input.customer_id]
    )
    const verification = rows[0]
    if (!verification) return { ok: false, reason: "No code was sent to this account's phone: ask for one first" }
    if (!verification.live) return { ok: false, reason: "This code has expired: ask for a new one" }
    if (verification.attempts >= VERIFICATION_LIMITS.attempts)
      return { ok: false, reason: "Too many wrong codes: ask for a new one" }
    const given = Buffer.from(verificationCodeHash(verification.id, input.code), "hex")
    const expected = Buffer.from(verification.code_hash, "hex")
    // A verification with no holder texted no code: nothing typed can be right.
    if (!verification.holder_id || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      await this.knex.raw(
        `UPDATE wallet_pass_verification SET attempts = attempts + 1, updated_at = now() WHERE id = ?`,
        [verification.id]
      )
      const left = VERIFICATION_LIMITS.attempts - verification.attempts - 1
      return {
        ok: false,
        reason: left > 0 ? `Wrong code: ${left} attempt${left === 1 ? "" : "s"} left` : "Wrong code: ask for a new one",
      }
    }
    await this.knex.raw(`UPDATE wallet_pass_verification SET confirmed_at = now(), updated_at = now() WHERE id = ?`, [
      verification.id,
    ])
    const { rows: holders } = await this.knex.raw<{ rows: { customer_id: string | null }[] }>(
      `SELECT customer_id FROM wallet_pass_holder WHERE id = ? FOR UPDATE`,
      [verification.holder_id]
    )
    const from = holders[0]?.customer_id ?? null
    if (from !== input.customer_id) {
      await this.moveHolder({
        holder_id: verification.holder_id,
        to_customer_id: input.customer_id,
        via: "verification",
        actor: null,
      })
    }
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET verified_customer_id = ?, verified_at = now(), updated_at = now() WHERE id = ?`,
      [input.customer_id, verification.holder_id]
    )
    // A proven phone is a stake: its enrolment, if still waiting in class c, moves up.
    await new QueueClassRepository(this.knex).promoteHolder(verification.holder_id)
    return { ok: true, holder_id: verification.holder_id, moved_from: from !== input.customer_id ? from : null }
  }

  /**
   * Moves a pass (the holder, and with it its ledger and cards) to another store customer,
   * audited. Refused (CONFLICT) when that customer has a pass already; an empty holder of
   * theirs (no phone or a failed enrolment, no ledger) gives way. An admin's move does not
   * prove the phone: the pass is unverified until the new account proves it. The service
   * learns the new customerId through a profile update.
   */
  async moveHolder(input: {
    holder_id: string
    to_customer_id: string
    via: HolderMoveVia
    actor: string | null
    note?: string | null
    /** The customer the caller saw holding the pass: a pass moved meanwhile is refused (409), not moved twice. */
    expected_from_customer_id?: string | null
  }): Promise<{ from_customer_id: string | null }> {
    // Moves to one customer are serialised (a transaction lock on the customer), so the second
    // of two concurrent moves sees the first one's pass and is refused (409), not a unique
    // index error. The holder's row lock serialises moves of one pass.
    await this.knex.raw(`SELECT pg_advisory_xact_lock(hashtext(?))`, [`wallet-pass:move-to:${input.to_customer_id}`])
    const { rows } = await this.knex.raw<{ rows: { id: string; customer_id: string | null; phone: string | null }[] }>(
      `SELECT id, customer_id, phone FROM wallet_pass_holder WHERE id = ? AND deleted_at IS NULL FOR UPDATE`,
      [input.holder_id]
    )
    const holder = rows[0]
    if (!holder)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Wallet pass holder ${input.holder_id} was not found`)
    if (holder.customer_id === input.to_customer_id) return { from_customer_id: holder.customer_id }
    if (input.expected_from_customer_id !== undefined && holder.customer_id !== input.expected_from_customer_id) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        "This pass was moved to another customer meanwhile; nothing was moved: reload and try again"
      )
    }
    const { rows: theirs } = await this.knex.raw<{
      rows: { id: string; phone: string | null; state: string; history: boolean }[]
    }>(
      `SELECT h.id, h.phone, h.enrollment_state AS state,
              EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e WHERE e.holder_id = h.id AND e.deleted_at IS NULL) AS history
         FROM wallet_pass_holder h WHERE h.customer_id = ? AND h.deleted_at IS NULL FOR UPDATE`,
      [input.to_customer_id]
    )
    const existing = theirs[0]
    if (existing) {
      const empty =
        !existing.history &&
        (!existing.phone || existing.state === "failed" || existing.state === "not_enrolled_no_phone")
      if (!empty) {
        throw new MedusaError(
          MedusaError.Types.CONFLICT,
          `Customer ${input.to_customer_id} already has a wallet pass; nothing was moved`
        )
      }
      await this.knex.raw(
        `UPDATE wallet_pass_operation SET deleted_at = now() WHERE holder_id = ? AND state = 'pending'`,
        [existing.id]
      )
      await this.knex.raw(`DELETE FROM wallet_pass_holder WHERE id = ?`, [existing.id])
    }
    const verified = input.via === "verification"
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET customer_id = ?, verified_customer_id = ?, verified_at = CASE WHEN ? THEN now() END, updated_at = now()
        WHERE id = ?`,
      [input.to_customer_id, verified ? input.to_customer_id : null, verified, holder.id]
    )
    await this.knex.raw(
      `INSERT INTO wallet_pass_holder_move (id, holder_id, from_customer_id, to_customer_id, via, actor, note, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, now(), now())`,
      [
        generateEntityId(undefined, "wpmove"),
        holder.id,
        holder.customer_id,
        input.to_customer_id,
        input.via,
        input.actor,
        input.note ?? null,
      ]
    )
    if (holder.phone) {
      await new QueueRepository(this.knex).insertOperation({
        method: "user_create_or_update",
        holder_id: holder.id,
        payload: { type: "profile" },
        dedupe_key: operationKeys.profileAfterMove(holder.id),
        priority: OPERATION_PRIORITY.profile,
      })
    }
    return { from_customer_id: holder.customer_id }
  }
}
