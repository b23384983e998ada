import { z } from "@medusajs/framework/zod"
import { EVENT_VALUE_MAX_LENGTH, PUSH_TYPES } from "../../../lib/constants"
import { OPERATION_STATES, OperationState } from "../../../modules/wallet-pass/constants"
import { toMinorUnits } from "../../../modules/wallet-pass/utils/amounts"

const page = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
}

export const AdminWalletPassStatusQuery = z.object({ check: z.enum(["true", "false"]).optional() }).strict()

export const AdminWalletPassOperationsQuery = z
  .object({
    ...page,
    state: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined
        const states = v.split(",").map((s) => s.trim())
        const bad = states.filter((s) => !OPERATION_STATES.includes(s as OperationState))
        if (bad.length) {
          ctx.addIssue({ code: "custom", message: `state must be a comma list of ${OPERATION_STATES.join(", ")}; got ${bad.join(", ")}` })
          return z.NEVER
        }
        return states as OperationState[]
      }),
  })
  .strict()

export const AdminWalletPassPageQuery = z.object(page).strict()

export const AdminWalletPassApiCallsQuery = z
  .object({
    since: z.iso.datetime({ offset: true, error: "since must be an ISO 8601 date-time" }).optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  })
  .strict()

export const AdminReviewWalletPassOperation = z.object({ note: z.string().trim().max(500).optional() }).strict()
export type AdminReviewWalletPassOperationType = z.infer<typeof AdminReviewWalletPassOperation>

const message = z.string({ error: "message must be a text" }).trim().min(1, { error: "message must not be empty" }).max(1000)

/** A personal push to one customer's pass: wallet push, web push or messaging app. */
export const AdminWalletPassPush = z.object({ type: z.enum(PUSH_TYPES).default("push"), message }).strict()
export type AdminWalletPassPushType = z.infer<typeof AdminWalletPassPush>

/** A manual credit (positive) or debit (negative) in the balance unit, with a reason. */
export const AdminWalletPassAdjust = z
  .object({
    amount: z
      .number({ error: "amount must be a number in the balance unit" })
      .refine((v) => v !== 0 && toMinorUnits(v) !== null, { error: "amount must be a non-zero number with at most two decimals" }),
    reason: z.string().trim().min(1, { error: "reason is required" }).max(200),
  })
  .strict()
export type AdminWalletPassAdjustType = z.infer<typeof AdminWalletPassAdjust>

/** An event for the service's triggers (event/send). */
export const AdminWalletPassEvent = z
  .object({
    event: z.string().trim().min(1, { error: "event is required" }).max(100),
    value: z
      .string()
      .max(EVENT_VALUE_MAX_LENGTH, { error: `value is at most ${EVENT_VALUE_MAX_LENGTH} characters` })
      .optional(),
  })
  .strict()
export type AdminWalletPassEventType = z.infer<typeof AdminWalletPassEvent>

/** A push campaign for the whole base (no segment) or a segment. */
export const AdminWalletPassCampaign = z
  .object({
    name: z.string().trim().max(200).optional(),
    message,
    type: z.enum(PUSH_TYPES).default("push"),
    segment_uuid: z.uuid({ error: "segment_uuid must be a UUID" }).optional(),
  })
  .strict()
export type AdminWalletPassCampaignType = z.infer<typeof AdminWalletPassCampaign>
