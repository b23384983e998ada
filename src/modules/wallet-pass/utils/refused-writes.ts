import { MedusaError } from "@medusajs/framework/utils"

/**
 * Models whose rows change only through the module's own methods: the ledger (under the
 * holder's lock, with the overdraft and range rules of wallet_pass_apply_entry), the queue
 * (its order, states and keys) and the rate gate. docs/architecture.md, "The ledger".
 */
const GUARDED_MODELS = ["WalletPassLedgerEntries", "WalletPassOperations", "WalletPassGates"] as const
/** The writes MedusaService generates for every model. */
const GENERATED_WRITES = ["create", "update", "delete", "softDelete", "restore"] as const

/** The facade's generated writes that are refused. */
export type RefusedWrite = `${(typeof GENERATED_WRITES)[number]}${(typeof GUARDED_MODELS)[number]}`

/** Every refused write's name, e.g. `updateWalletPassLedgerEntries`. */
export const REFUSED_WRITES = GENERATED_WRITES.flatMap((write) =>
  GUARDED_MODELS.map((model) => `${write}${model}` as RefusedWrite)
)

/**
 * The facade's base without the generated writes of the ledger, queue and gate models, as
 * Medusa's inventory module overrides its generated writes where invariants matter: each is
 * overridden to refuse (NOT_ALLOWED) whoever calls it anyway, and left out of the type. The
 * generated reads (list, listAndCount, retrieve) stay.
 */
export function withoutGeneratedWrites<Base extends new (...args: any[]) => object>(base: Base) {
  const guarded = class extends base {}
  for (const name of REFUSED_WRITES) {
    Object.defineProperty(guarded.prototype, name, {
      configurable: true,
      writable: true,
      value: async function refusedWrite(): Promise<never> {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `walletPass.${name} is not allowed: these rows change only through the module's own methods (docs/architecture.md, "The ledger")`
        )
      },
    })
  }
  return guarded as unknown as new (...args: ConstructorParameters<Base>) => Omit<InstanceType<Base>, RefusedWrite>
}
