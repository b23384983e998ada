import { HOOK_METHODS, HookMethod, Revision } from "../../../lib/constants"
import { defaultLifetimeUnit, type LifetimeUnit } from "../../../lib/wallet-pass-client/hooks"
import { DroppedFields } from "../../../lib/dropped-fields"
import { type HookCommand, hookBodySchemaOf, hookOf } from "./hooks"
import { HookInputError, isObject, phoneOf, ServiceNumbers } from "./hooks/fields"

export type { HookCommand } from "./hooks"

export type ParseHookResult = { ok: true; command: HookCommand } | { ok: false; error: string; method?: HookMethod }

export type ParseHookOptions = {
  defaultCountry: string
  revision: Revision
  /** The unit of addBalance `lifetime` (the `lifetimeUnit` option); unset, the revision's (defaultLifetimeUnit). */
  lifetimeUnit?: LifetimeUnit
  /**
   * Minor units in the balance currency's smallest unit (src/lib/amounts.ts `currencyStep`: 1
   * for cents, 100 for a currency without decimals); amounts are rounded to it. 1 unless given.
   */
  amountStep?: number
}

/**
 * Checks a hook body (docs/service-api.md, "Hooks") and converts it to a command with its
 * entry of the registry (hooks/index.ts): the method, the envelope and the entry's customer
 * schema, the phone, then the entry's `parse`. Every problem becomes a message naming the
 * field and what it accepts, for a 400 `{ error }` answer.
 */
export function parseHook(
  raw: unknown,
  { defaultCountry, revision, lifetimeUnit = defaultLifetimeUnit(revision), amountStep = 1 }: ParseHookOptions
): ParseHookResult {
  if (!isObject(raw)) {
    return { ok: false, error: "body must be a JSON object with method and customer" }
  }
  const method = raw.method
  if (typeof method !== "string" || !HOOK_METHODS.includes(method as HookMethod)) {
    return {
      ok: false,
      error:
        method === undefined
          ? `method is required; expected one of ${HOOK_METHODS.join(", ")}`
          : `unknown method ${JSON.stringify(String(method)).slice(0, 60)}; expected one of ${HOOK_METHODS.join(", ")}`,
    }
  }
  const known = method as HookMethod
  if (!isObject(raw.customer)) {
    return { ok: false, method: known, error: "customer must be an object" }
  }
  const hook = hookOf(known)
  const dropped = new DroppedFields()
  const sent = hook.tolerate ? hook.tolerate(raw.customer, dropped) : raw.customer
  const parsed = hookBodySchemaOf(known).safeParse(sent === raw.customer ? raw : { ...raw, customer: sent })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, method: known, error: `${issue.path.join(".") || "body"}: ${issue.message}` }
  }
  try {
    const customer = (parsed.data as { customer: { phone: string } }).customer
    const phone = phoneOf(customer.phone, "customer.phone", defaultCountry)
    const amounts = new ServiceNumbers(amountStep)
    const command = hook.parse(customer, { phone, sent, country: defaultCountry, lifetimeUnit, dropped, amounts })
    return { ok: true, command: command as HookCommand }
  } catch (e) {
    if (e instanceof HookInputError) return { ok: false, method: known, error: e.message }
    throw e
  }
}
