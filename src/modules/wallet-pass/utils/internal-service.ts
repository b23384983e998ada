import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Context, DAL } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { WalletPassOptions } from "../options"

/** What every internal service of the module takes from the module's container. */
export type InternalServiceDeps = {
  /** Medusa's repository of the module's database: @InjectManager and @InjectTransactionManager use it. */
  baseRepository: DAL.RepositoryService
  /** The parsed plugin options (loaders/validate-options.ts registers them). */
  walletPassOptions: WalletPassOptions
}

/**
 * Base of the module's internal services (services/): Medusa constructs them from the
 * module's container, the facade (service.ts) delegates to them, and their methods open a
 * manager or a transaction with Medusa's decorators like the facade's own would.
 */
export abstract class InternalService {
  protected readonly baseRepository_: DAL.RepositoryService
  protected readonly options_: WalletPassOptions

  constructor({ baseRepository, walletPassOptions }: InternalServiceDeps) {
    this.baseRepository_ = baseRepository
    this.options_ = walletPassOptions
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
