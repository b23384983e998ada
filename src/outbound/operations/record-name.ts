import { Modules } from "@medusajs/framework/utils"
import { type SendFacts, serviceRecordWritable } from "../../modules/wallet-pass"
import type { OperationContext } from "./types"

type Holder = NonNullable<SendFacts["holder"]>

/** The store customer of a holder, with what its profile and the record's rule read; null without one. */
export async function customerOf({ container }: OperationContext, holder: Holder) {
  return holder.customer_id
    ? await container
        .resolve(Modules.CUSTOMER)
        .retrieveCustomer(holder.customer_id, { select: ["id", "first_name", "last_name", "email", "has_account"] })
        .catch(() => null)
    : null
}

/**
 * The holder's name as the service's record takes it (docs/service-api.md, "name"): the
 * holder's own, else the customer's first or last name, else the e-mail's local part, else
 * the phone, so a request always has one to give. A blank value is none.
 */
export function holderName(holder: Holder, customer: Awaited<ReturnType<typeof customerOf>>): string {
  const named = [holder.name, customer?.first_name, customer?.last_name, customer?.email?.split("@")[0]].find(
    (text): text is string => typeof text === "string" && text.trim() !== ""
  )
  return named?.trim() ?? holder.phone!
}

/**
 * The `name` a user_create_or_update other than a push carries (docs/service-api.md, "name"):
 * the holder's, wherever the record is the store's to write (rules/service-record.ts); none
 * for a record the service held before an account that has not proven the phone, where the
 * only name the store has is what that account typed. `{}` without a holder.
 */
export async function recordName(ctx: OperationContext): Promise<{ name?: string }> {
  const holder = ctx.facts.holder
  if (!holder) return {}
  const customer = await customerOf(ctx, holder)
  const writable = serviceRecordWritable(holder, customer ?? (holder.customer_id ? { has_account: true } : null), {
    adminMoved: ctx.operation.payload.admin_moved === true,
  })
  return writable ? { name: holderName(holder, customer) } : {}
}
