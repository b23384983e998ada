import { z } from "@medusajs/framework/zod"
import type { HookMethod } from "../../../../lib/constants"
import { optional } from "../../../../lib/wallet-pass-client/schemas"
import { addBalance } from "./add-balance"
import { createCustomer } from "./create-customer"
import { readBalance } from "./read-balance"
import { setPrivileges } from "./set-privileges"
import type { AnyHook } from "./types"

/**
 * The inbound hooks registry: one entry per method the service calls the store's hook route
 * with (its schema, parse, handler, answer). The type makes a method of HOOK_METHODS without
 * an entry, or an entry without a method, a compile error (docs/architecture.md, "Adding an
 * inbound hook").
 */
export const HOOKS = {
  createCustomer,
  readBalance,
  addBalance,
  setPrivileges,
} as const satisfies { readonly [M in HookMethod]: AnyHook & { method: M } }

/** A hook, checked and converted: E.164 phones, minor units, basis points, seconds. */
export type HookCommand = { [M in HookMethod]: ReturnType<(typeof HOOKS)[M]["parse"]> }[HookMethod]

/** The entry of a method, typed for the generic code (each entry is typed in its own file). */
export function hookOf(method: HookMethod): AnyHook {
  return HOOKS[method] as AnyHook
}

const bodySchemas = new Map<HookMethod, z.ZodType>()

/** The whole body of a method's hook: the envelope (`crm_key`, `method`) and the entry's `customer`. */
export function hookBodySchemaOf(method: HookMethod): z.ZodType {
  let schema = bodySchemas.get(method)
  if (!schema) {
    schema = z.object({ crm_key: optional(z.string()), method: z.literal(method), customer: hookOf(method).customer })
    bodySchemas.set(method, schema)
  }
  return schema
}

export { HookInputError } from "./fields"
export type { HookDefinition, HookHandled, ParseContext } from "./types"
