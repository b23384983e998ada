import { fromMinorUnits } from "../../modules/wallet-pass/utils/amounts"
import { holderPhone, type OperationContext, type ServiceRequest } from "./types"

/**
 * The request of a ledger entry's balance change. Not at-most-once: an ambiguous outcome
 * waits for the service's echo hook, then heals with an absolute balance set
 * (docs/architecture.md, "The queue").
 */
export function balanceChange(ctx: OperationContext, direction: "add" | "deduct"): ServiceRequest {
  if (ctx.facts.entry_amount === null)
    throw new Error(`${ctx.operation.method} ${ctx.operation.id} has no ledger entry`)
  const input = { phone: holderPhone(ctx), sum: fromMinorUnits(Math.abs(ctx.facts.entry_amount)) }
  return { atMostOnce: false, call: (c) => (direction === "add" ? c.balanceAdd(input) : c.balanceDeduct(input)) }
}
