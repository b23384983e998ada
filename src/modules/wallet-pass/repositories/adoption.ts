import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { AdoptionResult, ServiceCustomerSnapshot } from "../types"
import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import type { AdoptionState } from "../constants"
import { ledgerKeys } from "../keys"
import { reason, storedReason } from "../../../lib/reasons"

/**
 * Adoption (docs/adoption.md): the first time the store links a phone the service already
 * knows, it takes what the service holds — the balance as one opening ledger entry, non-zero
 * rates, cards with install flags, referrer and invites — and from then on its ledger is the
 * balance of record. SQL over the caller's transaction, like queue.ts.
 */

type HolderForAdoption = {
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

  /** Locks a holder (the caller's transaction) and reads what adoption needs. */
  private async lockHolderForAdoption(holderId: string): Promise<HolderForAdoption> {
    const { rows } = await this.knex.raw<{ rows: HolderForAdoption[] }>(
      `SELECT h.id, h.customer_id, h.adoption_state, h.bonus_percent_bp, h.discount_percent_bp,
              EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e WHERE e.holder_id = h.id AND e.deleted_at IS NULL) AS history
         FROM wallet_pass_holder h WHERE h.id = ? AND h.deleted_at IS NULL FOR UPDATE`,
      [holderId]
    )
    if (!rows[0]) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Wallet pass holder ${holderId} was not found`)
    return rows[0]
  }

  /**
   * Adopts what the service holds for a holder's phone, under the holder's lock. `snapshot`
   * null: the service did not know the phone (a pending holder becomes "new"). The balance is
   * taken when the holder is pending (changes queued since land on top of it, in order), or
   * when it has no ledger history yet (a pass installed for a phone the store had only just
   * met, or found unknown before); never otherwise: then the ledger is the record. With
   * `balanceOnly` (a createCustomer, whose rates and cards its own steps store) only the
   * balance and the state change.
   */
  async adoptHolder(input: {
    holder_id: string
    snapshot: ServiceCustomerSnapshot | null
    balanceOnly?: boolean
  }): Promise<AdoptionResult> {
    const holder = await this.lockHolderForAdoption(input.holder_id)
    const result: AdoptionResult = {
      holder_id: holder.id,
      before: holder.adoption_state,
      state: holder.adoption_state,
      opening_entry_id: null,
      opening_amount: 0,
      bonus_changed: false,
      discount_changed: false,
      bonus_percent_bp: holder.bonus_percent_bp,
      discount_percent_bp: holder.discount_percent_bp,
      customer_id: holder.customer_id,
      foreign_cards: [],
    }
    const snapshot = input.snapshot
    if (!snapshot) {
      if (holder.adoption_state === "pending") {
        await this.knex.raw(
          `UPDATE wallet_pass_holder SET adoption_state = 'new', adopted_at = now(), updated_at = now() WHERE id = ?`,
          [holder.id]
        )
        result.state = "new"
      }
      return result
    }

    const takesBalance = holder.adoption_state === "pending" || (!holder.history && holder.adoption_state !== "legacy")
    if (takesBalance) {
      if (snapshot.balance !== 0) {
        const { rows } = await this.knex.raw<{ rows: { result: { status: string; entry?: { id: string } } }[] }>(
          `SELECT wallet_pass_apply_entry(?::jsonb, false) AS result`,
          [
            JSON.stringify({
              id: generateEntityId(undefined, "wple"),
              holder_id: holder.id,
              amount: snapshot.balance,
              kind: "opening_balance",
              ...storedReason(reason("opening_balance")),
              dedupe_key: ledgerKeys.opening(holder.id),
              metadata: { source: "service" },
            }),
          ]
        )
        if (rows[0].result.status === "created") {
          result.opening_entry_id = rows[0].result.entry!.id
          result.opening_amount = snapshot.balance
        }
      }
      await this.knex.raw(
        `UPDATE wallet_pass_holder SET adoption_state = 'adopted', adopted_at = COALESCE(adopted_at, now()), updated_at = now() WHERE id = ?`,
        [holder.id]
      )
      result.state = "adopted"
    }
    if (input.balanceOnly) return result

    // On adoption, rates the service set (non-zero: a zero is its default, not a choice) fill
    // rates the store has not set, and its profile fills empty fields; after that
    // setPrivileges (or the program) changes rates. Cards, referrer and invites: every read.
    const adopting = takesBalance
    const bonus =
      adopting && snapshot.bonus_percent_bp && holder.bonus_percent_bp === null ? snapshot.bonus_percent_bp : null
    const discount =
      adopting && snapshot.discount_percent_bp && holder.discount_percent_bp === 0 ? snapshot.discount_percent_bp : null
    const profile = adopting ? snapshot.profile : {}
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
        bonus,
        discount,
        snapshot.referrer_phone,
        snapshot.invites ? JSON.stringify(snapshot.invites) : null,
        profile.name ?? null,
        profile.surname ?? null,
        profile.middlename ?? null,
        profile.email ?? null,
        profile.birthday ?? null,
        holder.id,
      ]
    )
    if (bonus !== null) {
      result.bonus_changed = true
      result.bonus_percent_bp = bonus
    }
    if (discount !== null) {
      result.discount_changed = true
      result.discount_percent_bp = discount
    }
    result.foreign_cards = await this.recordCards(holder.id, snapshot.cards)
    return result
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
   * The balance a store account may see and spend (docs/adoption.md, trust): all of it once the
   * account has shown it holds the phone; until then only what its own orders and the admin
   * gave it (accruals and their reversals, redemptions and their refunds, manual entries),
   * never more than the balance. Minor units.
   */
  async accountBalances(
    holderIds: string[]
  ): Promise<Map<string, { balance: number; own: number; verified: boolean; spendable: number }>> {
    const { rows } = await this.knex.raw<{ rows: { id: string; balance: string; own: string; verified: boolean }[] }>(
      `SELECT h.id, wallet_pass_balance(h.id) AS balance,
              COALESCE((SELECT SUM(e.amount) FROM wallet_pass_ledger_entry e
                         WHERE e.holder_id = h.id AND e.state = 'applied' AND e.deleted_at IS NULL
                           AND e.kind IN ('accrual', 'accrual_reversal', 'redemption', 'redemption_refund', 'manual')), 0) AS own,
              (h.verified_customer_id IS NOT NULL AND h.verified_customer_id = h.customer_id) AS verified
         FROM wallet_pass_holder h WHERE h.id = ANY(?::text[])`,
      [holderIds]
    )
    return new Map(
      rows.map((r) => {
        const balance = Number(r.balance)
        const own = Number(r.own)
        const spendable = r.verified ? balance : Math.max(0, Math.min(balance, own))
        return [r.id, { balance, own, verified: r.verified, spendable }]
      })
    )
  }
}
