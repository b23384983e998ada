/**
 * The description's unknowns as switches (docs/emulator.md, "Service behaviours"): what the
 * service answers over a limit, the shape of its error bodies, and float noise in the amounts
 * its hooks carry. docs/service-api.md says "not shown" for the first two and only "numbers"
 * for the third, so each is a choice a test can play one way or another.
 */
import { z } from "@medusajs/framework/zod"
import {
  ERROR_BODY_SHAPES,
  OVER_LIMIT_ANSWERS,
  type ErrorBodyShape,
  type OverLimitAnswer,
  type Reading,
} from "./readings"

export type ServiceBehaviours = { overLimit: OverLimitAnswer; errorBody: ErrorBodyShape; floatNoise: boolean }

export const DEFAULT_BEHAVIOURS: ServiceBehaviours = { overLimit: "429", errorBody: "error", floatNoise: false }

export const behavioursSchema = z.strictObject({
  overLimit: z.enum(OVER_LIMIT_ANSWERS).optional(),
  errorBody: z.enum(ERROR_BODY_SHAPES).optional(),
  floatNoise: z.boolean().optional(),
})
export type ServiceBehavioursInput = z.infer<typeof behavioursSchema>

/** An answer of the API as the server writes it: JSON, or plain text for the `text` error shape. */
export type WireAnswer = {
  status: number
  body: unknown
  retryAfterSeconds?: number
  /** Set when the body is plain text. */
  text?: string
}

/**
 * The answer over a limit (our choice, switchable): 429 with `Retry-After` (the default), 429
 * without it, 503 without it, or 200 `{ success: false }`. Nothing of the request is applied.
 */
export function overLimitAnswer(
  reading: Pick<Reading, "overLimit">,
  error: { success: false; error: string; code: string },
  retryAfterSeconds: number
): WireAnswer {
  switch (reading.overLimit) {
    case "429":
      return { status: 429, body: error, retryAfterSeconds }
    case "429_no_retry_after":
      return { status: 429, body: error }
    case "503":
      return { status: 503, body: error }
    case "200_success_false":
      return { status: 200, body: error }
  }
}

/**
 * The error body in the switched shape: `error` is `{ success: false, error, code }` (the
 * default), `message` is `{ message }`, `text` the text alone as `text/plain`. A 200 over the
 * limit stays a JSON `{ success: false }`, with the text in the shape's field (none for `text`).
 */
export function shapeErrorAnswer(reading: Pick<Reading, "errorBody">, answer: WireAnswer): WireAnswer {
  const body = answer.body as { success?: unknown; error?: unknown } | null
  if (!body || typeof body !== "object" || body.success !== false || typeof body.error !== "string") return answer
  const ok = answer.status < 300
  switch (reading.errorBody) {
    case "error":
      return answer
    case "message":
      return { ...answer, body: ok ? { success: false, message: body.error } : { message: body.error } }
    case "text":
      return ok ? { ...answer, body: { success: false } } : { ...answer, body: undefined, text: body.error }
  }
}

/**
 * An amount of a hook with float noise when switched on: the neighbouring binary float of a
 * two-decimal amount, away from zero, as a sum of floats prints it (0.1 + 0.2 is
 * 0.30000000000000004). Whole amounts stay whole: such sums are exact.
 */
export function hookAmount(value: number, reading: Pick<Reading, "floatNoise">): number {
  if (!reading.floatNoise || Number.isInteger(value) || !Number.isFinite(value)) return value
  const buffer = new Float64Array([value])
  new BigInt64Array(buffer.buffer)[0] += 1n
  return buffer[0]
}
