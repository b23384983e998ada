import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { UNFINISHED_OPERATION_STATES } from "../constants"

/** How many of a holder's program bonuses a pass shows. */
const BONUSES_SHOWN = 20
import { AdoptionRepository } from "../repositories/adoption"
import { TrustRepository, verificationCode } from "../repositories/trust"
import type {
  AdoptionResult,
  CustomerPass,
  ServiceCustomerSnapshot,
  VerificationOutcome,
  VerificationRequestOutcome,
} from "../types"
import { InternalService, type InternalServiceDeps, type ModelServices } from "../utils/internal-service"
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
   * Takes what the service holds for a holder's phone, once (see adoption.ts): `snapshot`
   * null when the service did not know the phone. One transaction under the holder's lock.
   */
  @InjectTransactionManager()
  async adoptHolder(
    input: { holder_id: string; snapshot: ServiceCustomerSnapshot | null; balanceOnly?: boolean },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<AdoptionResult> {
    return new AdoptionRepository(this.knex_(sharedContext)).adoptHolder(input)
  }
  /** Takes an adoption back (a workflow's compensation): its opening entry is canceled, the state restored. */
  @InjectTransactionManager()
  async undoAdoption(done: AdoptionResult, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (done.opening_entry_id) {
      await this.ledgerService_.cancelLedgerEntry({ id: done.opening_entry_id, rename_keys: true }, sharedContext)
    }
    await this.holderService_.update({ id: done.holder_id, adoption_state: done.before }, sharedContext)
  }
  /** Sends a code to a holder's phone for a store account, within the `texts` limits (trust.ts createVerification). */
  @InjectTransactionManager()
  async requestVerification(
    input: {
      holder_id: string | null
      customer_id: string
      phone: string
      country: string | null
      address: string | null
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<VerificationRequestOutcome> {
    return new TrustRepository(this.knex_(sharedContext)).createVerification({
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
  /** Checks a code an account typed (trust.ts confirmVerification); moves the pass to it when another customer held it. */
  @InjectTransactionManager()
  async confirmVerification(
    input: { customer_id: string; code: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<VerificationOutcome> {
    return new TrustRepository(this.knex_(sharedContext)).confirmVerification(input)
  }
  /** Moves a pass to another store customer, audited (trust.ts moveHolder). */
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
    return new TrustRepository(this.knex_(sharedContext)).moveHolder(input)
  }
  /** What store accounts may see and spend of their holders' balances (see adoption.ts accountBalances). */
  @InjectManager()
  async getAccountBalances(
    holderIds: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Map<string, { balance: number; own: number; verified: boolean; spendable: number }>> {
    return new AdoptionRepository(this.knex_(sharedContext)).accountBalances(holderIds)
  }
}
