import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { RatesSource } from "../constants"
import type { OperationRow, SendFacts } from "../types"
import { CoalesceRepository, coalescingPlan } from "./coalesce"
import { QueueRepository, sendLockKey } from "./queue"

/**
 * The send lock and the reads that build a request (see OutboxService.prepareNextSend): one
 * statement takes the lock and reads the holder, ledger entry, campaign and installed card;
 * the visible balance is read after it, only for a balance set. With `coalesce`, the holder's
 * balance changes waiting right behind the request are read too, and the request carries them
 * when it can (repositories/coalesce.ts).
 */
export class SendFactsRepository {
  constructor(private readonly knex: Knex) {}

  /** Null when another process holds the operation's send lock (on this transaction otherwise). */
  async lockAndRead(
    operation: OperationRow,
    { coalesce = false, absoluteBalance = false }: { coalesce?: boolean; absoluteBalance?: boolean } = {}
  ): Promise<SendFacts | null> {
    const campaignId = typeof operation.payload.campaign_id === "string" ? operation.payload.campaign_id : null
    const { rows } = await this.knex.raw<{ rows: Record<string, unknown>[] }>(
      `SELECT pg_try_advisory_xact_lock(${sendLockKey("CAST(:operation AS text)")}) AS locked,
              h.id AS h_id, h.phone, h.customer_id, h.name, h.surname, h.middlename, h.email, h.birthday,
              h.bonus_percent_bp, h.discount_percent_bp, h.rates_source,
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
    const entryAmount = r.entry_amount === null || r.entry_amount === undefined ? null : Number(r.entry_amount)
    const plan =
      coalesce && holder && (entryAmount !== null || !operation.ledger_entry_id)
        ? coalescingPlan(operation, await new CoalesceRepository(this.knex).waitingBehind(operation))
        : null
    // A balance set, or a request that took changes over when it was first claimed (coalescing).
    // Under revision 2.7.2 a balance change goes as the absolute balance too (absoluteBalance:
    // that revision has no balance/add or balance/deduct; docs/service-api.md, "Revisions").
    const balanceSync =
      (operation.method === "user_create_or_update" &&
        (operation.payload.type === "balance_sync" || operation.payload.sets_balance === true)) ||
      (absoluteBalance && (operation.method === "balance_add" || operation.method === "balance_deduct"))
    return {
      holder,
      entry_amount: entryAmount,
      campaign,
      has_installed_card: r.has_installed_card === true,
      // What the service should show once this request (and the changes it carries) applied.
      visible_balance:
        (balanceSync || plan) && holder
          ? (await new QueueRepository(this.knex).serviceVisibleBalance(holder.id, operation.id)) + (plan?.amount ?? 0)
          : null,
      coalesced: plan?.operation_ids ?? null,
    }
  }
}
