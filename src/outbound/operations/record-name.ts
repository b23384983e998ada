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

/** The holder's own name, else the store customer's first or last name; undefined without one. A blank value is none. */
export function ownName(holder: Holder, customer: Awaited<ReturnType<typeof customerOf>>): string | undefined {
  return [holder.name, customer?.first_name, customer?.last_name]
    .find((text): text is string => typeof text === "string" && text.trim() !== "")
    ?.trim()
}

/**
 * The name an enrolment or a profile update gives the record: the holder's own name, else the
 * e-mail's local part, else the phone, so a record the enrolment creates always has one
 * (docs/service-api.md, "name").
 */
export function holderName(holder: Holder, customer: Awaited<ReturnType<typeof customerOf>>): string {
  const local = customer?.email?.split("@")[0]
  return ownName(holder, customer) ?? (local && local.trim() !== "" ? local.trim() : holder.phone!)
}

/**
 * The `name` a balance set, the install link or a code's text carries (docs/service-api.md,
 * "name"): the holder's own, wherever the record is the store's to write
 * (rules/service-record.ts). None when the store has no name of the holder's (a made-up one
 * would overwrite the record's), nor for a record the service held before an account that has
 * not proven the phone (the only name there is what that account typed). `{}` without a holder.
 */
export async function recordName(ctx: OperationContext): Promise<{ name?: string }> {
  const holder = ctx.facts.holder
  if (!holder) return {}
  const customer = await customerOf(ctx, holder)
  const writable = serviceRecordWritable(holder, customer ?? (holder.customer_id ? { has_account: true } : null), {
    adminMoved: ctx.operation.payload.admin_moved === true,
  })
  const name = writable ? ownName(holder, customer) : undefined
  return name === undefined ? {} : { name }
}
