import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { ServiceCustomerSnapshot } from "../types"
import type { AdoptionState } from "../constants"
import { lockHolders } from "./ledger"

/**
 * Adoption (docs/adoption.md): the first time the store links a phone the service already
 * knows, it takes what the service holds — the balance as one opening ledger entry, non-zero
 * rates, cards with install flags, referrer and invites — and from then on its ledger is the
 * balance of record. What is taken when is decided by AccountsService.adoptHolder; the SQL
 * here runs over the caller's transaction, like queue.ts.
 */

export type HolderForAdoption = {
  id: string
  customer_id: string | null
  adoption_state: AdoptionState
  bonus_percent_bp: number | null
  discount_percent_bp: number
  history: boolean
}

/** The SQL of this file, run on the caller's connection or transaction (the active manager's knex). */
export class AdoptionRepository {
  constructor(private readonly knex: Knex) {}

  /** Locks a live holder (the caller's transaction) and reads what adoption needs. */
  async lockHolderForAdoption(holderId: string): Promise<HolderForAdoption | undefined> {
    const [holder] = await lockHolders<HolderForAdoption>(
      this.knex,
      { id: holderId },
      {
        columns: `h.id, h.customer_id, h.adoption_state, h.bonus_percent_bp, h.discount_percent_bp,
                  EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e WHERE e.holder_id = h.id AND e.deleted_at IS NULL) AS history`,
      }
    )
    return holder
  }

  /** A pending holder the service did not know: nothing to take, it is "new". */
  async markNew(holderId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET adoption_state = 'new', adopted_at = now(), updated_at = now() WHERE id = ?`,
      [holderId]
    )
  }

  async markAdopted(holderId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET adoption_state = 'adopted', adopted_at = COALESCE(adopted_at, now()), updated_at = now() WHERE id = ?`,
      [holderId]
    )
  }

  /**
   * Writes what a read of the service gave: the rates given (null: kept), referrer and invites
   * (null: kept), the profile's fields where the holder has none, and the time of the read.
   */
  async recordServiceRead(
    holderId: string,
    read: {
      bonus_percent_bp: number | null
      discount_percent_bp: number | null
      referrer_phone: string | null
      invites: ServiceCustomerSnapshot["invites"]
      profile: ServiceCustomerSnapshot["profile"]
    }
  ): Promise<void> {
    const { profile } = read
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET
          bonus_percent_bp = COALESCE(?::int, bonus_percent_bp),
          discount_percent_bp = COALESCE(?::int, discount_percent_bp),
          referrer_phone = COALESCE(?, referrer_phone),
          invites = COALESCE(?::jsonb, invites),
          name = COALESCE(name, ?), surname = COALESCE(surname, ?), middlename = COALESCE(middlename, ?),
          email = COALESCE(email, ?), birthday = COALESCE(birthday, ?),
          service_checked_at = now(), updated_at = now()
        WHERE id = ?`,
      [
        read.bonus_percent_bp,
        read.discount_percent_bp,
        read.referrer_phone,
        read.invites ? JSON.stringify(read.invites) : null,
        profile.name ?? null,
        profile.surname ?? null,
        profile.middlename ?? null,
        profile.email ?? null,
        profile.birthday ?? null,
        holderId,
      ]
    )
  }

  /**
   * Stores the service's cards of a holder with their install flags (`installed` null leaves a
   * flag as it is). A card number another holder has here is not moved: the caller reports it
   * (an admin resolves it with "move the pass"). Returns those numbers.
   */
  async recordCards(holderId: string, cards: ServiceCustomerSnapshot["cards"]): Promise<string[]> {
    if (!cards.length) return []
    const { rows } = await this.knex.raw<{ rows: { number: string; foreign: boolean }[] }>(
      `WITH given AS (
         SELECT * FROM unnest(?::text[], ?::text[], ?::boolean[]) AS g(number, track, installed)
       ), updated AS (
         UPDATE wallet_pass_card c
            SET track = COALESCE(g.track, c.track),
                installed = COALESCE(g.installed, c.installed),
                installed_checked_at = CASE WHEN g.installed IS NULL THEN c.installed_checked_at ELSE now() END,
                updated_at = now()
           FROM given g
          WHERE c.number = g.number AND c.holder_id = ? AND c.deleted_at IS NULL
         RETURNING c.number
       ), inserted AS (
         INSERT INTO wallet_pass_card (id, number, track, installed, installed_checked_at, holder_id, created_at, updated_at)
         SELECT 'wpcard_' || replace(gen_random_uuid()::text, '-', ''), g.number, g.track, g.installed,
                CASE WHEN g.installed IS NULL THEN NULL ELSE now() END, ?, now(), now()
           FROM given g
          WHERE NOT EXISTS (SELECT 1 FROM wallet_pass_card c WHERE c.number = g.number AND c.deleted_at IS NULL)
         ON CONFLICT DO NOTHING
         RETURNING number
       )
       SELECT g.number, NOT (g.number IN (SELECT number FROM updated) OR g.number IN (SELECT number FROM inserted)) AS foreign
         FROM given g`,
      [
        cards.map((c) => c.number),
        cards.map((c) => c.track),
        cards.map((c) => c.installed),
        holderId,
        holderId,
      ] as Knex.RawBinding[]
    )
    return rows.filter((r) => r.foreign).map((r) => r.number)
  }

  /**
   * What decides the balance a store account may see and spend (docs/adoption.md, trust;
   * rules/verification.ts spendableBalance): the balance, what of it the account's own orders
   * and the admin gave it (accruals and their reversals, redemptions and their refunds, manual
   * entries), and whether the account has shown it holds the phone. Minor units.
   */
  async accountBalances(
    holderIds: string[]
  ): Promise<Map<string, { balance: number; own: number; verified: boolean }>> {
    const { rows } = await this.knex.raw<{ rows: { id: string; balance: string; own: string; verified: boolean }[] }>(
      `SELECT h.id, wallet_pass_balance(h.id) AS balance,
              COALESCE((SELECT SUM(e.amount) FROM wallet_pass_ledger_entry e
                         WHERE e.holder_id = h.id AND e.state = 'applied' AND e.deleted_at IS NULL
                           AND e.kind IN ('accrual', 'accrual_reversal', 'redemption', 'redemption_refund', 'manual')), 0) AS own,
              (h.verified_customer_id IS NOT NULL AND h.verified_customer_id = h.customer_id) AS verified
         FROM wallet_pass_holder h WHERE h.id = ANY(?::text[])`,
      [holderIds]
    )
    return new Map(rows.map((r) => [r.id, { balance: Number(r.balance), own: Number(r.own), verified: r.verified }]))
  }
}
