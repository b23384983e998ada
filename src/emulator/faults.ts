/** Fault injection for the emulator's API requests (not for the control API). */
import { z } from "@medusajs/framework/zod"
import { EmulatorControlError } from "./errors"

/**
 * - `delay`: wait `delayMs`, then handle the request normally.
 * - `status`: answer `status` (default 500) without applying the request, or after applying it with `apply: true`.
 * - `reset`: destroy the connection without an answer; nothing is applied.
 * - `drop_after_apply`: apply the request, then destroy the connection instead of answering.
 * - `rate_limit`: answer 429 with `Retry-After: retryAfterSeconds` (default 1); nothing is applied.
 * - `sms_not_sent`: apply the request, but send no text it asks for: the answer says `sms_send: false`.
 * - `omit_field`: apply the request and answer as usual, without `field` (a dotted path such
 *   as `customer.phone`): a service whose answer lacks what our reading of the API expects.
 * - `add_field`: the same, with `field` set to `value` (default `"?"`): a field our reading does not know.
 * Every kind also takes `delayMs`, waited before the fault acts.
 */
export const FAULT_KINDS = [
  "delay",
  "status",
  "reset",
  "drop_after_apply",
  "rate_limit",
  "sms_not_sent",
  "omit_field",
  "add_field",
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export const faultSpecSchema = z
  .strictObject({
    kind: z.enum(FAULT_KINDS),
    /** How many matching requests the fault hits. Default 1. */
    count: z.int().positive().optional(),
    /** Only requests to this path, e.g. `/crm/balance/add` (with or without the `/v2` prefix). */
    path: z.string().min(1).optional(),
    /** Only requests whose body's `phone` is this E.164 phone (one customer's requests). */
    phone: z.string().min(1).optional(),
    /** Only requests whose raw body contains this text (one request of a customer's, e.g. a push's message). */
    contains: z.string().min(1).optional(),
    delayMs: z.int().min(0).optional(),
    status: z.int().min(400).max(599).optional(),
    apply: z.boolean().optional(),
    retryAfterSeconds: z.int().min(0).optional(),
    /** omit_field / add_field: the answer's field, as a dotted path (`customer.remoteId`). */
    field: z.string().min(1).optional(),
    /** add_field: the value given to it. */
    value: z.unknown().optional(),
  })
  .superRefine((spec, ctx) => {
    if (spec.kind === "delay" && spec.delayMs === undefined)
      ctx.addIssue({ code: "custom", path: ["delayMs"], message: "a delay fault needs delayMs" })
    if ((spec.kind === "omit_field" || spec.kind === "add_field") && spec.field === undefined)
      ctx.addIssue({ code: "custom", path: ["field"], message: `a ${spec.kind} fault needs field` })
  })
export type FaultSpec = z.input<typeof faultSpecSchema>

/** An injected fault and how many hits it has left. */
export type ActiveFault = Omit<FaultSpec, "count"> & { id: number; remaining: number; path?: string }

/** Normalises `/v2/crm/x` and `crm/x` to `/crm/x`. */
export function endpointPath(path: string): string {
  let p = path.startsWith("/") ? path : `/${path}`
  if (p.startsWith("/v2/")) p = p.slice(3)
  return p.replace(/\/+$/, "")
}

export class FaultQueue {
  private faults: ActiveFault[] = []
  private nextId = 1

  add(spec: FaultSpec): ActiveFault {
    const parsed = faultSpecSchema.safeParse(spec)
    if (!parsed.success) {
      throw new EmulatorControlError(
        `Invalid fault: ${parsed.error.issues.map((i) => `${i.path.join(".") || "fault"}: ${i.message}`).join("; ")}`
      )
    }
    const { count = 1, ...rest } = parsed.data
    const fault: ActiveFault = {
      ...rest,
      id: this.nextId++,
      remaining: count,
      ...(rest.path && { path: endpointPath(rest.path) }),
    }
    this.faults.push(fault)
    return { ...fault }
  }

  /** Takes one hit of the first fault that matches the endpoint (and phone, and body text), oldest first. */
  take(endpoint: string, body = ""): ActiveFault | undefined {
    const fault = this.faults.find(
      (f) =>
        f.remaining > 0 &&
        (f.path === undefined || f.path === endpoint) &&
        (f.contains === undefined || body.includes(f.contains)) &&
        (f.phone === undefined || f.phone === bodyPhone(body))
    )
    if (!fault) return undefined
    fault.remaining -= 1
    this.faults = this.faults.filter((f) => f.remaining > 0)
    return { ...fault }
  }

  list(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }))
  }

  clear(): void {
    this.faults = []
  }
}

/** The `phone` field of a JSON request body, for faults aimed at one customer. */
function bodyPhone(body: string): unknown {
  try {
    return (JSON.parse(body) as { phone?: unknown } | null)?.phone
  } catch {
    return undefined
  }
}

/** `body` with the dotted `field` removed (omit) or set to `value` (add); other answers unchanged. */
export function reshapeAnswer(body: unknown, fault: Pick<ActiveFault, "kind" | "field" | "value">): unknown {
  if (!fault.field || typeof body !== "object" || body === null) return body
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>
  const parts = fault.field.split(".")
  let at: Record<string, unknown> = copy
  for (const part of parts.slice(0, -1)) {
    const next = at[part]
    if (typeof next !== "object" || next === null) {
      if (fault.kind === "omit_field") return copy
      at[part] = {}
    }
    at = at[part] as Record<string, unknown>
  }
  const last = parts[parts.length - 1]
  if (fault.kind === "omit_field") delete at[last]
  else at[last] = fault.value === undefined ? "?" : fault.value
  return copy
}
