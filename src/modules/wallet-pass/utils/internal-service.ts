import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Context, DAL, ModulesSdkTypes } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type {
  WalletPassCard,
  WalletPassHolder,
  WalletPassImportItem,
  WalletPassLedgerEntry,
  WalletPassOperation,
} from "../models"
import type { WalletPassOptions } from "../options"

/** What every internal service of the module takes from the module's container. */
export type InternalServiceDeps = {
  /** Medusa's repository of the module's database: @InjectManager and @InjectTransactionManager use it. */
  baseRepository: DAL.RepositoryService
  /** The parsed plugin options (loaders/validate-options.ts registers them). */
  walletPassOptions: WalletPassOptions
}

/** The services Medusa generates for the module's models, under the names it registers them by. */
export type ModelServices = {
  walletPassHolderService: ModulesSdkTypes.IMedusaInternalService<typeof WalletPassHolder>
  walletPassCardService: ModulesSdkTypes.IMedusaInternalService<typeof WalletPassCard>
  walletPassLedgerEntryService: ModulesSdkTypes.IMedusaInternalService<typeof WalletPassLedgerEntry>
  walletPassOperationService: ModulesSdkTypes.IMedusaInternalService<typeof WalletPassOperation>
  walletPassImportItemService: ModulesSdkTypes.IMedusaInternalService<typeof WalletPassImportItem>
}

/**
 * Base of the module's internal services (services/): Medusa constructs them from the
 * module's container, the facade (service.ts) delegates to them, and their methods open a
 * manager or a transaction with Medusa's decorators like the facade's own would. A service
 * names what else it takes in `Deps` and reads it from `deps_` in its fields' initialisers.
 */
export abstract class InternalService<Deps extends InternalServiceDeps = InternalServiceDeps> {
  protected readonly deps_: Deps
  protected readonly baseRepository_: DAL.RepositoryService
  protected readonly options_: WalletPassOptions

  constructor(deps: Deps) {
    this.deps_ = deps
    this.baseRepository_ = deps.baseRepository
    this.options_ = deps.walletPassOptions
  }

  /** The knex of the context's transaction, else of its manager (the repositories run on it). */
  protected knex_(sharedContext: Context): Knex {
    const manager = (sharedContext.transactionManager ?? sharedContext.manager) as
      { getTransactionContext(): Knex | undefined; getKnex(): Knex } | undefined
    const knex = manager?.getTransactionContext() ?? manager?.getKnex()
    if (!knex) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "walletPass: no database context")
    }
    return knex
  }
}
