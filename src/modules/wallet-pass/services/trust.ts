import { timingSafeEqual } from "node:crypto"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import { type HolderMoveVia, OPERATION_PRIORITY } from "../constants"
import { operationKeys } from "../keys"
import type { WalletPassOptions } from "../options"
import { AdoptionRepository } from "../repositories/adoption"
import { QueueClassRepository } from "../repositories/classes"
import { QueueRepository } from "../repositories/queue"
import { TextsRepository } from "../repositories/texts"
import { TrustRepository } from "../repositories/trust"
import { firstRefusal, senderClass, textClient, textLimits, type TextSlot } from "../rules/text-limits"
import {
  spendableBalance,
  TEXT_NOT_SENT_MESSAGE,
  VERIFICATION_LIMITS,
  verificationCode,
  verificationCodeHash,
} from "../rules/verification"
import type { VerificationOutcome, VerificationRequestOutcome } from "../types"

/**
 * Who may use a pass (docs/adoption.md, trust). Medusa does not verify the phone an account
 * gives, so a store account proves it holds a phone with something only the phone receives:
 * a code the service texts to it. A proven account may see and spend the whole balance and
 * see the personalised install links; a pass held by another store customer moves to it.
 * An admin can move a pass too (audited). The steps of AccountsService, each on the knex of
 * its transaction: they read and write through repositories/trust.ts and texts.ts and decide
 * by rules/verification.ts and text-limits.ts.
 */

/** A store account's request for a code, as its route gives it. */
export type VerificationRequest = {
  holder_id: string | null
  customer_id: string
  phone: string
  country: string | null
  /** The phone's range (its country code and first digits, src/lib/phone.ts mobileNumberRange). */
  phone_range: string | null
  /** The client's address as the request gave it; keyed by rules/text-limits.ts textClient. */
  address: string | null
  /** Whether the account has an order (read from Medusa's orders by the route): a stake. */
  ordered: boolean
}

/**
 * Takes a text's place under every `texts` limit (docs/security.md), or answers the first limit
 * it is over (nothing written). The sender's class (a stake: an order, or a phone proven
 * before) is decided here from the database, under the gate's lock. Must run in a
 * transaction: the gate row's lock (texts.ts) is held until it commits.
 */
export async function takeTextSlot(
  knex: Knex,
  texts: WalletPassOptions["texts"],
  input: Omit<VerificationRequest, "holder_id"> & { kind: "code" }
): Promise<TextSlot> {
  const repository = new TextsRepository(knex)
  await repository.lockGate()
  const proven = await repository.hasProof(input.customer_id)
  const sender = {
    phone: input.phone,
    phone_range: input.phone_range,
    customer_id: input.customer_id,
    sender_class: senderClass({ ordered: input.ordered, proven }),
    ...textClient(input.address),
  }
  const limits = textLimits(texts, sender)
  const refusal = firstRefusal(limits, await repository.countWindows(limits))
  if (refusal) return refusal
  return { ok: true, id: await repository.insertText({ ...sender, kind: "code", country: input.country }) }
}

/**
 * Records a verification of `phone` for a store account and queues the text that carries
 * the code (through the service, to the phone's holder), once the text has its place under
 * the `texts` limits (refused: nothing is written). Without a holder of the phone (no pass has
 * it) the verification is recorded the same way but no text goes: its `text_state` says not
 * sent, so the store's answer is the same whether a pass exists or not (docs/security.md).
 * Only the code's hash is kept; the text is built when it is sent.
 */
export async function createVerification(
  knex: Knex,
  input: VerificationRequest & { texts: WalletPassOptions["texts"]; secret: string; ttl_minutes: number }
): Promise<VerificationRequestOutcome> {
  const trust = new TrustRepository(knex)
  if (input.holder_id) await trust.lockHolderEvenDeleted(input.holder_id)
  const slot = await takeTextSlot(knex, input.texts, {
    kind: "code",
    phone: input.phone,
    country: input.country,
    phone_range: input.phone_range,
    customer_id: input.customer_id,
    address: input.address,
    ordered: input.ordered,
  })
  if (!slot.ok)
    return { ok: false, limit: slot.limit, message: slot.message, retry_after_seconds: slot.retry_after_seconds }
  const id = generateEntityId(undefined, "wpver")
  // The code goes after the holder's own enrolment, if that still waits: it moves up with
  // the code the customer asked for (class b), bounded by the limits above.
  if (input.holder_id) await new QueueClassRepository(knex).promoteHolder(input.holder_id)
  const operation = input.holder_id
    ? (
        await new QueueRepository(knex).insertOperation({
          method: "user_create_or_update",
          holder_id: input.holder_id,
          payload: { type: "verify", verification_id: id },
          dedupe_key: operationKeys.verification(id),
          priority: OPERATION_PRIORITY.interactive,
        })
      ).operation
    : null
  const { expires_at } = await trust.insertVerification({
    id,
    holder_id: input.holder_id,
    customer_id: input.customer_id,
    phone: input.phone,
    code_hash: verificationCodeHash(id, verificationCode(input.secret, id)),
    ttl_minutes: input.ttl_minutes,
    operation_id: operation?.id ?? null,
    text_state: operation ? "queued" : "not_sent",
    text_error: operation ? null : TEXT_NOT_SENT_MESSAGE,
  })
  await new TextsRepository(knex).attachVerification(slot.id, id)
  return { ok: true, id, expires_at }
}

/**
 * Checks a code an account typed against its latest live verification. Right: the holder is
 * verified for the account (and moves to it when another store customer held it). Wrong:
 * counted (the answer is returned, not thrown, so the count commits); the fifth wrong code
 * ends the verification.
 */
export async function confirmVerification(
  knex: Knex,
  input: { customer_id: string; code: string }
): Promise<VerificationOutcome> {
  const trust = new TrustRepository(knex)
  const verification = await trust.lockLatestVerification(input.customer_id)
  if (!verification) return { ok: false, reason: "No code was sent to this account's phone: ask for one first" }
  if (!verification.live) return { ok: false, reason: "This code has expired: ask for a new one" }
  if (verification.attempts >= VERIFICATION_LIMITS.attempts)
    return { ok: false, reason: "Too many wrong codes: ask for a new one" }
  const given = Buffer.from(verificationCodeHash(verification.id, input.code), "hex")
  const expected = Buffer.from(verification.code_hash, "hex")
  // A verification with no holder texted no code: nothing typed can be right.
  if (!verification.holder_id || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await trust.countWrongCode(verification.id)
    const left = VERIFICATION_LIMITS.attempts - verification.attempts - 1
    return {
      ok: false,
      reason: left > 0 ? `Wrong code: ${left} attempt${left === 1 ? "" : "s"} left` : "Wrong code: ask for a new one",
    }
  }
  await trust.markConfirmed(verification.id)
  const holder = await trust.lockHolderEvenDeleted(verification.holder_id)
  const from = holder?.customer_id ?? null
  if (from !== input.customer_id) {
    // The move queues the profile update that tells the service the new customer.
    await moveHolder(knex, {
      holder_id: verification.holder_id,
      to_customer_id: input.customer_id,
      via: "verification",
      actor: null,
    })
  } else if (holder?.phone && holder.adoption_state === "adopted") {
    // Until now nothing of the account went to the phone's record (rules/service-record.ts):
    // its profile goes now.
    await new QueueRepository(knex).insertOperation({
      method: "user_create_or_update",
      holder_id: verification.holder_id,
      payload: { type: "profile" },
      dedupe_key: operationKeys.profileAfterProof(verification.holder_id),
      priority: OPERATION_PRIORITY.profile,
    })
  }
  await trust.markHolderVerified(verification.holder_id, input.customer_id)
  // A proven phone is a stake: its enrolment, if still waiting in class c, moves up.
  await new QueueClassRepository(knex).promoteHolder(verification.holder_id)
  return { ok: true, holder_id: verification.holder_id, moved_from: from !== input.customer_id ? from : null }
}

/**
 * Moves a pass (the holder, and with it its ledger and cards) to another store customer,
 * audited. Refused (CONFLICT) when that customer has a pass already; an empty holder of
 * theirs (no phone or a failed enrolment, no ledger) gives way. An admin's move does not
 * prove the phone: the pass is unverified until the new account proves it. The service
 * learns the new customerId through a profile update.
 */
export async function moveHolder(
  knex: Knex,
  input: {
    holder_id: string
    to_customer_id: string
    via: HolderMoveVia
    actor: string | null
    note?: string | null
    /** The customer the caller saw holding the pass: a pass moved meanwhile is refused (409), not moved twice. */
    expected_from_customer_id?: string | null
  }
): Promise<{ from_customer_id: string | null }> {
  const trust = new TrustRepository(knex)
  // Moves to one customer are serialised, so the second of two concurrent moves sees the first
  // one's pass and is refused (409), not a unique index error. The holder's row lock
  // serialises moves of one pass.
  await trust.lockMovesTo(input.to_customer_id)
  const holder = await trust.lockHolderToMove(input.holder_id)
  if (!holder) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Wallet pass holder ${input.holder_id} was not found`)
  if (holder.customer_id === input.to_customer_id) return { from_customer_id: holder.customer_id }
  if (input.expected_from_customer_id !== undefined && holder.customer_id !== input.expected_from_customer_id) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      "This pass was moved to another customer meanwhile; nothing was moved: reload and try again"
    )
  }
  const existing = await trust.lockHolderOfCustomer(input.to_customer_id)
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
    await trust.removeHolder(existing.id)
  }
  await trust.moveHolderRow({
    holder_id: holder.id,
    from_customer_id: holder.customer_id,
    to_customer_id: input.to_customer_id,
    verified: input.via === "verification",
    via: input.via,
    actor: input.actor,
    note: input.note ?? null,
  })
  if (holder.phone) {
    await new QueueRepository(knex).insertOperation({
      method: "user_create_or_update",
      holder_id: holder.id,
      // An admin's move vouches for the account: its update writes the profile (rules/service-record.ts).
      payload: input.via === "admin" ? { type: "profile", admin_moved: true } : { type: "profile" },
      dedupe_key: operationKeys.profileAfterMove(holder.id),
      priority: OPERATION_PRIORITY.profile,
    })
  }
  return { from_customer_id: holder.customer_id }
}

/** What store accounts may see and spend of their holders' balances (repositories/adoption.ts, rules/verification.ts). */
export async function accountBalances(
  knex: Knex,
  holderIds: string[]
): Promise<Map<string, { balance: number; own: number; verified: boolean; spendable: number }>> {
  const rows = await new AdoptionRepository(knex).accountBalances(holderIds)
  return new Map([...rows].map(([id, account]) => [id, { ...account, spendable: spendableBalance(account) }]))
}
