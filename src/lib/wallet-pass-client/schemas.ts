/**
 * Zod schemas for the service's requests and responses (docs/service-api.md, "Customers"), and the
 * TypeScript types derived from them. Request inputs are checked strictly before anything is
 * sent; responses are read leniently where the revisions differ (numbers may arrive as numeric
 * strings, optional fields as null).
 */
import { z } from "@medusajs/framework/zod"
import { EVENT_VALUE_MAX_LENGTH, PUSH_TYPES } from "../constants"
import { codePointLength, fitsEventValue } from "../text"
import { emailSchema } from "../email"

// ---------------------------------------------------------------------------------------------
// Lenient readers shared by responses and hooks
// ---------------------------------------------------------------------------------------------

const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

/** An amount: a JSON number (2.8.2) or a numeric string (2.7.2), read as a number. */
export const amountSchema = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(NUMERIC_TEXT, "expected a number or a numeric string")
    .transform((text) => Number(text)),
])

/** A boolean that may also arrive as 0/1 or "true"/"false"/"1"/"0". */
export const flagSchema = z.union([
  z.boolean(),
  z.union([z.literal(0), z.literal(1)]).transform((n) => n === 1),
  z.enum(["true", "false", "1", "0"]).transform((text) => text === "true" || text === "1"),
])

/** An identifier (card number, CRM id, transaction id) that may arrive as a number. */
export const idSchema = z.union([z.string(), z.number().transform((n) => String(n))])

/** An optional field that may also arrive as `null`; both read as absent. */
export function optional<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional()
}

/** Campaign type as received: 2.7.2 names the wallet type `text`, read here as `push`. */
export const pushTypeSchema = z
  .enum([...PUSH_TYPES, "text"])
  .transform((type): (typeof PUSH_TYPES)[number] => (type === "text" ? "push" : type))

// ---------------------------------------------------------------------------------------------
// Request inputs (what callers pass to the client)
// ---------------------------------------------------------------------------------------------

/** Phone as the caller writes it; normalised to E.164 before sending. */
const phoneInput = z.string().min(1, "phone is empty")
const amountInput = z.number().refine(Number.isFinite, "must be a finite number")
const percentInput = amountInput.refine((n) => n >= 0 && n <= 100, "must be a percent between 0 and 100")
const positiveAmountInput = amountInput.refine((n) => n > 0, "must be a positive amount")
const serviceDateInput = z.union([z.string().min(1), z.date()])
const messageInput = z.string().min(1, "message is empty")

/** Field names of user_create_or_update (docs/service-api.md, "Customers"); custom template variables must not reuse them. */
export const CUSTOMER_WRITE_FIELDS = [
  "app_key",
  "phone",
  "name",
  "email",
  "surname",
  "middlename",
  "birthday",
  "discount",
  "bonus",
  "balance",
  "card_track",
  "template_uuid",
  "customerId",
  "link",
  "sms",
  "push",
  "send_webpush",
  "send_telegram",
] as const

/** Counts Unicode characters, not UTF-16 units, so an emoji is one character (src/lib/text.ts). */
export const characterCount = codePointLength

/** Values a custom template variable may take. */
export const templateVariableSchema = z.union([z.string(), z.number(), z.boolean(), z.null()])

export const userCreateOrUpdateInputSchema = z
  .strictObject({
    phone: phoneInput,
    name: z.string().optional(),
    email: emailSchema.optional(),
    surname: z.string().optional(),
    middlename: z.string().optional(),
    /** dd.mm.yyyy, yyyy-mm-dd or a Date; sent as dd.mm.yyyy. */
    birthday: z.union([z.string(), z.date()]).optional(),
    discount: percentInput.optional(),
    bonus: percentInput.optional(),
    /** Sets the balance to this value (absolute). Use balanceAdd/balanceDeduct to change it by an amount. */
    balance: amountInput.refine((n) => n >= 0, "must not be negative").optional(),
    card_track: z.string().optional(),
    template_uuid: z.guid().optional(),
    customerId: z.string().min(1).optional(),
    /** Pass issue form URL; the service appends a hash to personalise it. */
    link: z.url().optional(),
    /** SMS text; `%link%` is replaced with the personalised link. */
    sms: messageInput.optional(),
    push: messageInput.optional(),
    send_webpush: messageInput.optional(),
    send_telegram: messageInput.optional(),
    /** Custom template variables, sent as top-level fields of the same body. */
    variables: z.record(z.string().min(1), templateVariableSchema).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.sms?.includes("%link%") && !input.link) {
      ctx.addIssue({ code: "custom", path: ["link"], message: "sms contains %link% but link is not set" })
    }
    for (const key of Object.keys(input.variables ?? {})) {
      if ((CUSTOMER_WRITE_FIELDS as readonly string[]).includes(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["variables", key],
          message: `"${key}" is a field of the request, not a template variable`,
        })
      }
    }
  })
export type UserCreateOrUpdateInput = z.input<typeof userCreateOrUpdateInputSchema>

export const readCustomerInputSchema = z
  .strictObject({
    phone: phoneInput.optional(),
    card: z.string().min(1).optional(),
    /** Include referral information (`invites`). */
    invites: z.boolean().optional(),
    /** Include installation flags (`cardInstalls`). */
    installs: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.phone === undefined) === (input.card === undefined)) {
      ctx.addIssue({ code: "custom", path: [], message: "give exactly one of phone or card" })
    }
  })
type ReadCustomerOptions = Omit<z.input<typeof readCustomerInputSchema>, "phone" | "card">
/** read_customer input: one of `phone` or `card`, plus the `invites`/`installs` flags. */
export type ReadCustomerInput = ReadCustomerOptions &
  ({ phone: string; card?: never } | { card: string; phone?: never })

export const readCustomersInputSchema = z.strictObject({
  /** dd.mm.yyyy, or a Date (UTC day). */
  start_date: serviceDateInput,
  /** dd.mm.yyyy or dd.mm.yyyy hh:mm:ss, or a Date (UTC, to the second). */
  end_date: serviceDateInput,
  /** Omitted: all; true: only with an installed pass; false: only without. */
  installed: z.boolean().optional(),
  offset: z.int().min(0).optional(),
})
export type ReadCustomersInput = z.input<typeof readCustomersInputSchema>

export const pushCreateInputSchema = z.strictObject({
  message: messageInput,
  /** Defaults to `push` (wallet passes); sent as `text` under revision 2.7.2. */
  type: z.enum(PUSH_TYPES).optional(),
  name: z.string().optional(),
  /** Absent: the whole base. */
  segment_uuid: z.guid().optional(),
})
export type PushCreateInput = z.input<typeof pushCreateInputSchema>

export const pushSendInputSchema = z.strictObject({ push_uuid: z.guid() })
export type PushSendInput = z.input<typeof pushSendInputSchema>

/** Identifier fields of event/send and balance requests: exactly one is sent. */
const customerRefShape = {
  phone: phoneInput.optional(),
  card: z.string().min(1).optional(),
  remoteId: z.string().min(1).optional(),
}

function exactlyOneRef(input: { phone?: string; card?: string; remoteId?: string }, ctx: z.RefinementCtx) {
  const given = [input.phone, input.card, input.remoteId].filter((v) => v !== undefined).length
  if (given !== 1) ctx.addIssue({ code: "custom", path: [], message: "give exactly one of phone, card or remoteId" })
}

/** One customer identifier (docs/service-api.md, "Requests"). */
export type CustomerRef =
  | { phone: string; card?: never; remoteId?: never }
  | { card: string; phone?: never; remoteId?: never }
  | { remoteId: string; phone?: never; card?: never }

export const eventSendInputSchema = z
  .strictObject({
    event: z.string().min(1, "event is empty"),
    value: z.string().refine(fitsEventValue, `value is longer than ${EVENT_VALUE_MAX_LENGTH} characters`).optional(),
    ...customerRefShape,
  })
  .superRefine(exactlyOneRef)
export type EventSendInput = Omit<z.input<typeof eventSendInputSchema>, keyof typeof customerRefShape> & CustomerRef

export const balanceChangeInputSchema = z
  .strictObject({ sum: positiveAmountInput, ...customerRefShape })
  .superRefine(exactlyOneRef)
/** balance/add and balance/deduct input: a positive `sum` and one customer identifier. */
export type BalanceChangeInput = Omit<z.input<typeof balanceChangeInputSchema>, keyof typeof customerRefShape> &
  CustomerRef

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** 4.1 */
export const statusResponseSchema = z.object({ app: z.string(), balance: amountSchema })
export type StatusResponse = z.output<typeof statusResponseSchema>

/** 4.2 */
export const userCreateOrUpdateResponseSchema = z.object({
  success: flagSchema,
  sms_send: optional(flagSchema),
  card: optional(flagSchema),
  card_number: optional(idSchema),
  card_track: optional(idSchema),
  card_url: optional(z.string()),
  card_gpay_url: optional(z.string()),
  form_url: optional(z.string()),
  user_hash: optional(z.string()),
})
export type UserCreateOrUpdateResponse = z.output<typeof userCreateOrUpdateResponseSchema>

/** 2.2: the customer as read_customer returns it; custom template variables pass through. */
export const customerSchema = z.looseObject({
  phone: z.string(),
  email: optional(z.string()),
  name: optional(z.string()),
  surname: optional(z.string()),
  middlename: optional(z.string()),
  /** dd.mm.yyyy */
  birthday: optional(z.string()),
  cardNumbers: optional(z.array(idSchema)),
  cardTracks: optional(z.array(z.object({ card: idSchema, track: optional(idSchema) }))),
  /** Present when `installs` was requested. */
  cardInstalls: optional(z.array(z.object({ card: idSchema, install: flagSchema }))),
  discount: optional(amountSchema),
  bonus: optional(amountSchema),
  balance: optional(amountSchema),
  template_uuid: optional(z.string()),
  remoteId: optional(idSchema),
  invitedBy: optional(z.string()),
  /** Present when `invites` was requested. */
  invites: optional(z.array(z.string())),
})
export type Customer = z.output<typeof customerSchema>

/** 4.3 */
export const readCustomerResponseSchema = z.object({ customer: customerSchema })
export type ReadCustomerResponse = z.output<typeof readCustomerResponseSchema>

/** 4.4 */
export const readCustomersResponseSchema = z.object({ customers: z.array(z.string()) })
export type ReadCustomersResponse = z.output<typeof readCustomersResponseSchema>

/** One page yielded by `WalletPassClient.customerPages`. */
export type CustomerPage = { offset: number; customers: string[] }

/** 4.5 */
export const pushCreateResponseSchema = z.object({
  result: z.object({ name: optional(z.string()), uuid: z.string(), message: optional(z.string()) }),
})
export type PushCreateResponse = z.output<typeof pushCreateResponseSchema>

/** 4.6: the response is not shown in the spec; any JSON object is accepted (an empty body reads as `{}`). */
export const pushSendResponseSchema = z.looseObject({ success: optional(flagSchema) })
export type PushSendResponse = z.output<typeof pushSendResponseSchema>

/** 4.7 */
export const eventSendResponseSchema = z.object({ success: flagSchema })
export type EventSendResponse = z.output<typeof eventSendResponseSchema>

/** 4.8, 4.9: `balance` is the new balance (optional here so a success without it is not misread as a failure). */
export const balanceChangeResponseSchema = z.object({ success: flagSchema, balance: optional(amountSchema) })
export type BalanceChangeResponse = z.output<typeof balanceChangeResponseSchema>

/**
 * The error body of a failed request. The spec does not show one (section 7); this reads the
 * common shapes: `{ error }`, `{ message }`, `{ errors: [...] }`, with an optional `code`.
 */
export const errorBodySchema = z.looseObject({
  success: optional(flagSchema),
  error: optional(z.union([z.string(), z.looseObject({ message: optional(z.string()), code: optional(idSchema) })])),
  message: optional(z.string()),
  errors: optional(z.array(z.unknown())),
  code: optional(idSchema),
  error_code: optional(idSchema),
})
