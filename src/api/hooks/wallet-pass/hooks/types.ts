import type { MedusaContainer } from "@medusajs/framework/types"
import type { z } from "@medusajs/framework/zod"
import type { HookMethod } from "../../../../lib/constants"
import type { DroppedField, DroppedFields } from "../../../../lib/dropped-fields"
import type { LifetimeUnit } from "../../../../lib/wallet-pass-client/hooks"
import type { HOOK_ANSWERS } from "../answers"
import type { ServiceNumbers } from "./fields"

/** What a hook's `parse` gets beside its checked customer. */
export type ParseContext = {
  /** customer.phone in E.164: every hook names its customer by phone, checked before `parse` runs. */
  phone: string
  /** The customer object as sent (after `tolerate`, before the schema): amounts and percents are read from it. */
  sent: Record<string, unknown>
  /** The country a phone without one is read in. */
  country: string
  /** The unit of a `lifetime` (the `lifetimeUnit` option, else the revision's). */
  lifetimeUnit: LifetimeUnit
  /** Optional fields left out because the store could not keep them (see `tolerate`). */
  dropped: DroppedFields
  /** Reads amounts and percents as the service sends them; what it rounded is `amounts.rounded`. */
  amounts: ServiceNumbers
}

/** A handled hook: its answer (the entry's `answer` schema), or a refusal that is the answer (a conflicting transactionId). */
export type HookHandled<Answer = Record<string, unknown>> =
  | { status?: undefined; body: Answer; outcome: "ok" | "duplicate"; holder_id: string }
  | { status: typeof HOOK_ANSWERS.conflict; body: { error: string }; outcome: "conflict"; holder_id: string }

/**
 * One inbound hook of the registry (index.ts; docs/architecture.md, "Adding an inbound hook").
 * The route, parse-hook.ts and handle-hook.ts know nothing else of a hook.
 */
export type HookDefinition<
  M extends HookMethod,
  Customer extends z.ZodType,
  Answer extends z.ZodType,
  Command extends { method: M; rounded: DroppedField[] },
> = {
  method: M
  /** The body's `customer` (zod). The envelope (`method`, `crm_key`) is the registry's. */
  customer: Customer
  /** The 200 answer (zod): `handle`'s answers are typed by it. */
  answer: Answer
  /** Before the schema: takes out what may be dropped rather than refused, recording it in `dropped`. */
  tolerate?: (customer: Record<string, unknown>, dropped: DroppedFields) => Record<string, unknown>
  /** The checked customer as a command (E.164 phones, minor units, basis points); throws HookInputError (fields.ts). */
  parse: (customer: z.output<Customer>, context: ParseContext) => Command
  /** Carries the command out through the module or a workflow; unknown holders throw MedusaErrors (answered 400). */
  handle: (scope: MedusaContainer, command: Command) => Promise<HookHandled<z.input<Answer>>>
  /** The amount whose cents the balance currency rounds (route.ts reads the currency only then). */
  amount?: (command: Command) => number | undefined
  /** What the delivery log keeps beside the method and phone. */
  logged?: (command: Command) => { transaction_id?: string; dropped?: DroppedField[] }
}

/** Declares a hook; only for the type inference (the entry stays a plain object). */
export function defineHook<
  M extends HookMethod,
  Customer extends z.ZodType,
  Answer extends z.ZodType,
  Command extends { method: M; rounded: DroppedField[] },
>(definition: HookDefinition<M, Customer, Answer, Command>): HookDefinition<M, Customer, Answer, Command> {
  return definition
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyHook = HookDefinition<HookMethod, z.ZodType, z.ZodType<unknown, Record<string, unknown>>, any>
