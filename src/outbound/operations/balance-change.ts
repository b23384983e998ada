import { fromMinorUnits } from "../../lib/amounts"
import { recordName } from "./record-name"
import { balanceToSet, holderPhone, type OperationContext, type ServiceRequest } from "./types"

/**
 * The request of a ledger entry's balance change. Not at-most-once: an ambiguous outcome
 * waits for the service's echo hook, then heals with an absolute balance set
 * (docs/architecture.md, "The queue"). When the holder's next changes wait behind it, the
 * request is the absolute balance set that carries them all (docs/architecture.md,
 * "Coalescing"): the claim puts a balance set in its place.
 */
export async function balanceChange(ctx: OperationContext, direction: "add" | "deduct"): Promise<ServiceRequest> {
  if (ctx.facts.entry_amount === null)
    throw new Error(`${ctx.operation.method} ${ctx.operation.id} has no ledger entry`)
  const phone = holderPhone(ctx)
  // Revision 2.7.2 has no balance/add or balance/deduct: the change goes as the absolute
  // balance in user_create_or_update (docs/service-api.md, "Revisions").
  if (ctx.facts.coalesced || ctx.options.revision === "2.7.2") {
    const balance = balanceToSet(ctx)
    // With the holder's name where the record is the store's (docs/service-api.md, "name").
    const named = await recordName(ctx)
    return {
      atMostOnce: false,
      setsBalance: balance,
      call: (c) => c.userCreateOrUpdate({ phone, ...named, balance: fromMinorUnits(balance) }),
    }
  }
  const input = { phone, sum: fromMinorUnits(Math.abs(ctx.facts.entry_amount)) }
  return { atMostOnce: false, call: (c) => (direction === "add" ? c.balanceAdd(input) : c.balanceDeduct(input)) }
}
