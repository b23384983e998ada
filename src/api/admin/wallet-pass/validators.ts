import { z } from "@medusajs/framework/zod"
import { EVENT_VALUE_MAX_LENGTH, HOOK_METHODS, PUSH_TYPES } from "../../../lib/constants"
import {
  HOOK_OUTCOMES,
  IMPORT_ITEM_STATES,
  LEDGER_KINDS,
  OPERATION_METHODS,
  OPERATION_STATES,
  STORE_EVENT_STATES,
} from "../../../modules/wallet-pass/browser"
import { balanceAmount } from "../../utils/balance-amount"
import { storableText } from "../../utils/storable-text"
import { fitsEventValue } from "../../../lib/text"

/** `?state=a,b`: a comma list of the given values, refused with the allowed ones named. */
function commaListOf<T extends string>(allowed: readonly T[], name = "state") {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined
      const values = v.split(",").map((s) => s.trim())
      const bad = values.filter((s) => !(allowed as readonly string[]).includes(s))
      if (bad.length) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a comma list of ${allowed.join(", ")}; got ${bad.join(", ")}`,
        })
        return z.NEVER
      }
      return values as T[]
    })
}

const page = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
}

export const AdminWalletPassStatusQuery = z.object({ check: z.enum(["true", "false"]).optional() }).strict()
export type AdminWalletPassStatusQueryType = z.infer<typeof AdminWalletPassStatusQuery>

/**
 * `?phone=`: digits a phone contains (at least 3), written as people write phones
 * ("+7 999 000-55-77", "5577"); the route reads a whole number in the store's country.
 */
const phoneFilter = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = v?.trim()
    if (!text) return undefined
    if (text.length > 32 || !/^[+\d\s().-]+$/.test(text) || text.replace(/\D/g, "").length < 3) {
      ctx.addIssue({
        code: "custom",
        message: "phone must be a phone number or at least 3 of its digits, like +7 999 000-55-77 or 5577",
      })
      return z.NEVER
    }
    return text
  })

/** What the request log's requests may be within their method (`payload.type`). */
export const OPERATION_REQUEST_TYPES = [
  "enroll",
  "profile",
  "balance_sync",
  "push",
  "install_link",
  "verify",
  "adopt",
  "cards",
  "drift",
  "import",
  "import_refresh",
] as const

/** `GET /admin/wallet-pass/operations`: by state, method, kind, customer and phone; paged. */
export const AdminWalletPassOperationsQuery = z
  .object({
    ...page,
    state: commaListOf(OPERATION_STATES),
    method: commaListOf(OPERATION_METHODS, "method"),
    type: commaListOf(OPERATION_REQUEST_TYPES, "type"),
    customer_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: "customer_id must be a customer id, like cus_01J…" })
      .optional(),
    phone: phoneFilter,
    order: orderOf(["created_at", "state"] as const, "-created_at"),
  })
  .strict()
export type AdminWalletPassOperationsQueryType = z.infer<typeof AdminWalletPassOperationsQuery>

export const AdminWalletPassPageQuery = z.object(page).strict()

/**
 * `?order=`: a field of `fields`, descending with a leading "-" (Medusa's own way:
 * `-created_at`), refused with the allowed values named. Kept a string: Medusa's query config
 * reads `order` too (the route turns it into its sort with `orderBy`, api/utils/list-page.ts).
 */
function orderOf<F extends string>(fields: readonly F[], fallback: `-${F}` | F) {
  const allowed = fields.flatMap((f) => [f, `-${f}`])
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim() || fallback
      if (!allowed.includes(value)) {
        ctx.addIssue({ code: "custom", message: `order must be one of ${allowed.join(", ")}; got ${value}` })
        return z.NEVER
      }
      return value as F | `-${F}`
    })
}

/** `GET /admin/customers/:id/wallet-pass/ledger`: paged, sorted by date or amount, by kind. */
export const AdminWalletPassLedgerQuery = z
  .object({
    ...page,
    order: orderOf(["created_at", "amount"] as const, "-created_at"),
    kind: commaListOf(LEDGER_KINDS, "kind"),
  })
  .strict()
export type AdminWalletPassLedgerQueryType = z.infer<typeof AdminWalletPassLedgerQuery>

/** `GET /admin/customers/:id/wallet-pass/store-events`: paged, sorted by date, by state. */
export const AdminWalletPassStoreEventsQuery = z
  .object({
    ...page,
    order: orderOf(["created_at"] as const, "-created_at"),
    state: commaListOf(STORE_EVENT_STATES),
  })
  .strict()
export type AdminWalletPassStoreEventsQueryType = z.infer<typeof AdminWalletPassStoreEventsQuery>

/** `GET /admin/wallet-pass/hook-deliveries`: by method (`unknown`: none of the service's), outcome and phone; paged. */
export const AdminWalletPassHookDeliveriesQuery = z
  .object({
    ...page,
    method: commaListOf([...HOOK_METHODS, "unknown"] as const, "method"),
    outcome: commaListOf(HOOK_OUTCOMES, "outcome"),
    phone: phoneFilter,
    order: orderOf(["created_at"] as const, "-created_at"),
  })
  .strict()
export type AdminWalletPassHookDeliveriesQueryType = z.infer<typeof AdminWalletPassHookDeliveriesQuery>
export type AdminWalletPassPageQueryType = z.infer<typeof AdminWalletPassPageQuery>

export const AdminWalletPassApiCallsQuery = z
  .object({
    since: z.iso
      .datetime({ offset: true, error: "since must be an ISO 8601 date-time" })
      // Postgres has no year 0: a date it cannot read would be a 500.
      .refine((v) => new Date(v).getUTCFullYear() >= 1, {
        error: "since must be an ISO 8601 date-time from the year 0001 on",
      })
      .optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  })
  .strict()
export type AdminWalletPassApiCallsQueryType = z.infer<typeof AdminWalletPassApiCallsQuery>

export const AdminReviewWalletPassOperation = z
  .object({ note: storableText("note").trim().max(500).optional() })
  .strict()
export type AdminReviewWalletPassOperationType = z.infer<typeof AdminReviewWalletPassOperation>

const message = storableText("message").trim().min(1, { error: "message must not be empty" }).max(1000)

/** A personal push to one customer's pass: wallet push, web push or messaging app. */
export const AdminWalletPassPush = z.object({ type: z.enum(PUSH_TYPES).default("push"), message }).strict()
export type AdminWalletPassPushType = z.infer<typeof AdminWalletPassPush>

/** A manual credit (positive) or debit (negative) in the balance unit, with a reason. */
export const AdminWalletPassAdjust = z
  .object({
    amount: balanceAmount("amount", "nonzero"),
    reason: storableText("reason").trim().min(1, { error: "reason is required" }).max(200),
  })
  .strict()
export type AdminWalletPassAdjustType = z.infer<typeof AdminWalletPassAdjust>

/** The merchant's decision about a pass the service links to another CRM. */
export const AdminWalletPassRemoteDecision = z
  .object({ decision: z.enum(["skip", "take_over"], { error: 'decision must be "skip" or "take_over"' }) })
  .strict()
export type AdminWalletPassRemoteDecisionType = z.infer<typeof AdminWalletPassRemoteDecision>

/** An event for the service's triggers (event/send). */
export const AdminWalletPassEvent = z
  .object({
    event: storableText("event").trim().min(1, { error: "event is required" }).max(100),
    value: storableText("value")
      .refine(fitsEventValue, { error: `value is at most ${EVENT_VALUE_MAX_LENGTH} characters` })
      .optional(),
  })
  .strict()
export type AdminWalletPassEventType = z.infer<typeof AdminWalletPassEvent>

/** A push campaign for the whole base (no segment) or a segment. */
export const AdminWalletPassCampaign = z
  .object({
    name: storableText("name").trim().max(200).optional(),
    message,
    type: z.enum(PUSH_TYPES).default("push"),
    segment_uuid: z.uuid({ error: "segment_uuid must be a UUID" }).optional(),
  })
  .strict()
export type AdminWalletPassCampaignType = z.infer<typeof AdminWalletPassCampaign>

/** Body of `POST /admin/customers/:id/wallet-pass/move`: the pass (holder) to move here, as the admin confirmed it. */
export const AdminWalletPassMove = z
  .object({
    holder_id: storableText("holder_id").trim().min(1, { error: "holder_id is required: the pass to move" }),
    note: storableText("note").trim().max(500, { error: "note is at most 500 characters" }).optional(),
    /** The customer the admin saw holding the pass (null: none); the move is refused with 409 once another holds it. */
    from_customer_id: storableText("from_customer_id").trim().min(1).nullable().optional(),
  })
  .strict()
export type AdminWalletPassMoveType = z.infer<typeof AdminWalletPassMove>

export const AdminWalletPassImportItemsQuery = z
  .object({
    ...page,
    state: commaListOf(IMPORT_ITEM_STATES),
  })
  .strict()
export type AdminWalletPassImportItemsQueryType = z.infer<typeof AdminWalletPassImportItemsQuery>

/**
 * Body of `POST /admin/wallet-pass/import`: empty (`{}`). Anything else is refused, so a body
 * meant for another route (`{ "kind": "drift" }`, which is `POST /admin/wallet-pass/sync`)
 * never starts an import.
 */
export const AdminWalletPassImportStart = z
  .object(
    {},
    {
      error:
        'POST /admin/wallet-pass/import takes an empty body; the background checks are POST /admin/wallet-pass/sync { "kind": "installs" | "drift" }',
    }
  )
  .strict()
  .optional()

/** Body of `POST /admin/wallet-pass/sync`: which background check to run now. */
export const AdminWalletPassSync = z
  .object({ kind: z.enum(["installs", "drift"], { error: 'kind must be "installs" or "drift"' }) })
  .strict()
export type AdminWalletPassSyncType = z.infer<typeof AdminWalletPassSync>
