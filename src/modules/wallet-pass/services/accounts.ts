import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import { UNFINISHED_OPERATION_STATES } from "../constants"

/** How many of a holder's program bonuses a pass shows. */
const BONUSES_SHOWN = 20
import { AdoptionRepository } from "../repositories/adoption"
import { ledgerKeys } from "../keys"
import { reason } from "../../../lib/reasons"
import { verificationCode } from "../rules/verification"
import type {
  AdoptionResult,
  CustomerPass,
  ServiceCustomerSnapshot,
  VerificationOutcome,
  VerificationRequestOutcome,
} from "../types"
import { InternalService, type InternalServiceDeps, type ModelServices } from "../utils/internal-service"
import { BalanceDoor } from "./balance-door"
import { accountBalances, confirmVerification, createVerification, moveHolder, type VerificationRequest } from "./trust"
import type { LedgerService } from "./ledger"
import type { ProgramService } from "./program"

type Deps = InternalServiceDeps &
  Pick<ModelServices, "walletPassHolderService" | "walletPassLedgerEntryService" | "walletPassOperationService"> & {
    ledgerService: LedgerService
    programService: ProgramService
  }

/**
 * Who a balance belongs to (docs/adoption.md): adoption of what the service holds for a
 * phone, the verification that lets a store account spend an adopted balance, and moving a
 * pass between store customers.
 */
export class AccountsService extends InternalService<Deps> {
  protected readonly ledgerService_ = this.deps_.ledgerService
  protected readonly programService_ = this.deps_.programService
  protected readonly holderService_ = this.deps_.walletPassHolderService
  protected readonly ledgerEntryService_ = this.deps_.walletPassLedgerEntryService
  protected readonly operationService_ = this.deps_.walletPassOperationService

  /**
   * Everything known about one customer's pass: the holder with cards, the balance, the
   * most recent ledger entries, the program's bonuses received, and the operations not
   * finished yet. Null without a holder.
   */
  @InjectManager()
  async retrieveCustomerPass(
    customerId: string,
    { ledgerLimit = 20 }: { ledgerLimit?: number } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<CustomerPass | null> {
    const [holder] = await this.holderService_.list(
      { customer_id: customerId },
      { relations: ["cards"] },
      sharedContext
    )
    if (!holder) return null
    const balances = await this.ledgerService_.getBalances([holder.id], sharedContext)
    const ledger = await this.ledgerEntryService_.list(
      { holder_id: holder.id },
      { order: { created_at: "DESC" }, take: ledgerLimit },
      sharedContext
    )
    const operations = await this.operationService_.list(
      { holder_id: holder.id, state: [...UNFINISHED_OPERATION_STATES] },
      { order: { created_at: "ASC" } },
      sharedContext
    )
    const level = (await this.programService_.getHolderLevels([holder.id], sharedContext)).get(holder.id) ?? null
    const bonuses = await this.ledgerEntryService_.list(
      { holder_id: holder.id, kind: "program_bonus", state: "applied" },
      { order: { created_at: "DESC" }, take: BONUSES_SHOWN },
      sharedContext
    )
    return { holder, balance: balances.get(holder.id) ?? 0, ledger, operations, level, bonuses }
  }

  /**
   * Adopts what the service holds for a holder's phone (docs/adoption.md), once, in one
   * transaction under the holder's lock (its SQL: repositories/adoption.ts). `snapshot` null:
   * the service did not know the phone (a pending holder becomes "new"). The balance is taken
   * when the holder is pending (changes queued since land on top of it, in order), or when it
   * has no ledger history yet (a pass installed for a phone the store had only just met, or
   * found unknown before); never otherwise: then the ledger is the record. With `balanceOnly`
   * (a createCustomer, whose rates and cards its own steps store) only the balance and the
   * state change.
   */
  @InjectTransactionManager()
  async adoptHolder(
    input: { holder_id: string; snapshot: ServiceCustomerSnapshot | null; balanceOnly?: boolean },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<AdoptionResult> {
    const knex = this.knex_(sharedContext)
    const adoption = new AdoptionRepository(knex)
    const holder = await adoption.lockHolderForAdoption(input.holder_id)
    if (!holder)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Wallet pass holder ${input.holder_id} was not found`)
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
        await adoption.markNew(holder.id)
        result.state = "new"
      }
      return result
    }

    const takesBalance = holder.adoption_state === "pending" || (!holder.history && holder.adoption_state !== "legacy")
    if (takesBalance) {
      if (snapshot.balance !== 0) {
        // Through the balance door (services/balance-door.ts); the holder is locked already.
        const applied = await new BalanceDoor(knex, { currencyCode: this.options_.currencyCode }).change({
          kind: "entry",
          entry: {
            holder_id: holder.id,
            amount: snapshot.balance,
            kind: "opening_balance",
            reason: reason("opening_balance"),
            dedupe_key: ledgerKeys.opening(holder.id),
            metadata: { source: "service" },
          },
          locked: true,
          answer: true,
        })
        if (applied.status === "created") {
          result.opening_entry_id = applied.entry.id as string
          result.opening_amount = snapshot.balance
        }
      }
      await adoption.markAdopted(holder.id)
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
    await adoption.recordServiceRead(holder.id, {
      bonus_percent_bp: bonus,
      discount_percent_bp: discount,
      referrer_phone: snapshot.referrer_phone,
      invites: snapshot.invites,
      profile: adopting ? snapshot.profile : {},
    })
    if (bonus !== null) {
      result.bonus_changed = true
      result.bonus_percent_bp = bonus
    }
    if (discount !== null) {
      result.discount_changed = true
      result.discount_percent_bp = discount
    }
    result.foreign_cards = await adoption.recordCards(holder.id, snapshot.cards)
    return result
  }
  /** Takes an adoption back (a workflow's compensation): its opening entry is canceled, the state restored. */
  @InjectTransactionManager()
  async undoAdoption(done: AdoptionResult, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (done.opening_entry_id) {
      await this.ledgerService_.cancelLedgerEntry({ id: done.opening_entry_id, rename_keys: true }, sharedContext)
    }
    await this.holderService_.update({ id: done.holder_id, adoption_state: done.before }, sharedContext)
  }
  /** Sends a code to a holder's phone for a store account, within the `texts` limits (services/trust.ts createVerification). */
  @InjectTransactionManager()
  async requestVerification(
    input: VerificationRequest,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<VerificationRequestOutcome> {
    return createVerification(this.knex_(sharedContext), {
      ...input,
      texts: this.options_.texts,
      secret: this.options_.appKey,
      ttl_minutes: this.options_.verification.codeTtlMinutes,
    })
  }
  /** The text of a verification: the option's with its code (the code is derived, never stored). */
  verificationText(verificationId: string): { text: string; code: string } {
    const code = verificationCode(this.options_.appKey, verificationId)
    return { text: this.options_.verification.sms.split("%code%").join(code), code }
  }
  /** Checks a code an account typed (services/trust.ts confirmVerification); moves the pass to it when another customer held it. */
  @InjectTransactionManager()
  async confirmVerification(
    input: { customer_id: string; code: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<VerificationOutcome> {
    return confirmVerification(this.knex_(sharedContext), input)
  }
  /** Moves a pass to another store customer, audited (services/trust.ts moveHolder). */
  @InjectTransactionManager()
  async moveHolder(
    input: {
      holder_id: string
      to_customer_id: string
      via: "admin" | "verification"
      actor: string | null
      note?: string | null
      expected_from_customer_id?: string | null
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ from_customer_id: string | null }> {
    return moveHolder(this.knex_(sharedContext), input)
  }
  /** What store accounts may see and spend of their holders' balances (services/trust.ts accountBalances). */
  @InjectManager()
  async getAccountBalances(
    holderIds: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Map<string, { balance: number; own: number; verified: boolean; spendable: number }>> {
    return accountBalances(this.knex_(sharedContext), holderIds)
  }
}
