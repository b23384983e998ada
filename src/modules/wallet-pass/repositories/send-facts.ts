import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { AdoptionState, RatesSource } from "../constants"
import type { OperationRow, SendFacts } from "../types"
import { sendLockKey } from "./queue"

/** What the send lock's statement reads; the service adds what follows from it (OutboxService.sendNext). */
export type LockedSendFacts = Omit<SendFacts, "visible_balance" | "coalesced">

/**
 * The send lock and the reads that build a request (see OutboxService.sendNext): one
 * statement takes the lock and reads the holder, ledger entry, campaign and installed card.
 * The service reads the rest after it when the request needs it (the changes waiting behind
 * it, repositories/coalesce.ts; the visible balance, queue.ts).
 */
export class SendFactsRepository {
  constructor(private readonly knex: Knex) {}

  /** Null when another process holds the operation's send lock (on this transaction otherwise). */
  async lockAndRead(operation: OperationRow): Promise<LockedSendFacts | null> {
    const campaignId = typeof operation.payload.campaign_id === "string" ? operation.payload.campaign_id : null
    const { rows } = await this.knex.raw<{ rows: Record<string, unknown>[] }>(
      `SELECT pg_try_advisory_xact_lock(${sendLockKey("CAST(:operation AS text)")}) AS locked,
              h.id AS h_id, h.phone, h.customer_id, h.name, h.surname, h.middlename, h.email, h.birthday,
              h.bonus_percent_bp, h.discount_percent_bp, h.rates_source, h.adoption_state, h.verified_customer_id,
              e.amount AS entry_amount,
              c.id AS c_id, c.name AS c_name, c.message, c.type, c.segment_uuid, c.remote_uuid,
              EXISTS (SELECT 1 FROM wallet_pass_card k
                       WHERE k.holder_id = h.id AND k.installed AND k.deleted_at IS NULL) AS has_installed_card
         FROM (SELECT 1) one
         LEFT JOIN wallet_pass_holder h ON h.id = :holder AND h.deleted_at IS NULL
         LEFT JOIN wallet_pass_ledger_entry e ON e.id = :entry AND e.deleted_at IS NULL
         LEFT JOIN wallet_pass_campaign c ON c.id = :campaign AND c.deleted_at IS NULL`,
      { operation: operation.id, holder: operation.holder_id, entry: operation.ledger_entry_id, campaign: campaignId }
    )
    const r = rows[0]
    if (r.locked !== true) return null
    const text = (key: string) => (r[key] as string | null) ?? null
    const holder = r.h_id
      ? {
          id: String(r.h_id),
          phone: text("phone"),
          customer_id: text("customer_id"),
          name: text("name"),
          surname: text("surname"),
          middlename: text("middlename"),
          email: text("email"),
          birthday: text("birthday"),
          bonus_percent_bp: r.bonus_percent_bp === null ? null : Number(r.bonus_percent_bp),
          discount_percent_bp: Number(r.discount_percent_bp),
          rates_source: r.rates_source as RatesSource,
          adoption_state: r.adoption_state as AdoptionState,
          verified_customer_id: text("verified_customer_id"),
        }
      : null
    const campaign = r.c_id
      ? {
          id: String(r.c_id),
          name: text("c_name"),
          message: String(r.message),
          type: r.type as NonNullable<SendFacts["campaign"]>["type"],
          segment_uuid: text("segment_uuid"),
          remote_uuid: text("remote_uuid"),
        }
      : null
    return {
      holder,
      entry_amount: r.entry_amount === null || r.entry_amount === undefined ? null : Number(r.entry_amount),
      campaign,
      has_installed_card: r.has_installed_card === true,
    }
  }
}
