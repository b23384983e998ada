import { z } from "@medusajs/framework/zod"
import { InvalidBirthdayError, InvalidPhoneError } from "../phone"
import { WalletPassApiError, type WalletPassErrorKind } from "./errors"
import { redactBody, redactText } from "./redact"
import { errorBodySchema } from "./schemas"

/**
 * How a call that did not succeed becomes a WalletPassApiError: input refused before
 * sending, an HTTP status with the service's error body, or a transport failure (whether
 * the request can have reached the service decides its outcome).
 */

/** Input problems found while building a request, beyond what the zod schemas express. */
export class LocalInputError extends Error {
  constructor(readonly issues: string[]) {
    super(issues.join("; "))
  }
}

export function describeIssue(issue: z.core.$ZodIssue): string {
  return `${issue.path.join(".") || "input"}: ${issue.message}`
}

export function localError(path: string, cause: unknown): WalletPassApiError {
  let issues: string[]
  if (cause instanceof z.ZodError) issues = cause.issues.map(describeIssue)
  else if (cause instanceof InvalidPhoneError) issues = [`phone: ${cause.message}`]
  else if (cause instanceof InvalidBirthdayError) issues = [`birthday: ${cause.message}`]
  else if (cause instanceof LocalInputError) issues = cause.issues
  else throw cause // a bug in this file, not bad input: let it surface as itself
  return new WalletPassApiError({ kind: "local_validation", path, issues, detail: "refused locally" })
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

export function statusError(
  path: string,
  status: number,
  text: string | undefined,
  retryAfter: string | undefined,
  secrets: string[],
  kind?: WalletPassErrorKind
): WalletPassApiError {
  const json = text === undefined ? { ok: false as const } : parseJson(text)
  const body = json.ok ? errorBodySchema.safeParse(json.value) : undefined
  let serviceError: string | undefined
  let serviceCode: string | undefined
  if (body?.success) {
    const { error, message, errors, code, error_code } = body.data
    serviceError = typeof error === "string" ? error : (error?.message ?? message)
    if (serviceError === undefined && errors?.length)
      serviceError = errors.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("; ")
    serviceCode = (typeof error === "object" ? error?.code : undefined) ?? code ?? error_code
  } else if (!json.ok && text !== undefined && text.trim() !== "" && !/^\s*</.test(text)) {
    // A plain-text error body (the description does not show the shape): its text is the error.
    serviceError = text.trim().slice(0, PLAIN_ERROR_MAX_CHARACTERS)
  }
  const resolvedKind: WalletPassErrorKind =
    kind === "rejected" && saysOverLimit(serviceError, serviceCode)
      ? "rate_limited"
      : (kind ??
        (status === 429 || status === 503
          ? "rate_limited"
          : status >= 500
            ? "server_error"
            : status >= 400
              ? "rejected"
              : "invalid_response"))
  return new WalletPassApiError({
    kind: resolvedKind,
    path,
    status,
    serviceError: serviceError === undefined ? undefined : redactText(serviceError, secrets),
    serviceCode: serviceCode === undefined ? undefined : redactText(serviceCode, secrets),
    rawBody: text === undefined ? undefined : redactBody(text, secrets),
    retryAfterSeconds: resolvedKind === "rate_limited" ? parseRetryAfter(retryAfter) : undefined,
    detail: resolvedKind === "invalid_response" ? `unexpected status ${status}` : undefined,
  })
}

/** The most of a plain-text error body kept as the error's text. */
const PLAIN_ERROR_MAX_CHARACTERS = 300

/**
 * A 2xx `success: false` is the service not applying the request. It is read as the answer
 * over a limit (not applied, sent again at the plan's rate) when it says nothing else (no text,
 * no code) or its text or code names a limit; otherwise it is a refusal (docs/service-api.md,
 * "Failures").
 */
function saysOverLimit(text: string | undefined, code: string | undefined): boolean {
  if (text === undefined && code === undefined) return true
  return OVER_LIMIT_WORDS.test(`${text ?? ""} ${code ?? ""}`)
}
const OVER_LIMIT_WORDS = /too.?many|rate.?limit|limit.?exceeded|over.?(the|a).?limit|throttl/i

/** Retry-After as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === "") return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const at = Date.parse(text)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, Math.ceil((at - now) / 1000))
}

/** Errors that never got as far as a written request. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_DESTROYED",
  "UND_ERR_CLOSED",
  "UND_ERR_INVALID_ARG",
])
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"])

export function transportError(path: string, status: number | undefined, cause: unknown): WalletPassApiError {
  const code = errorCode(cause)
  let kind: WalletPassErrorKind
  if (code !== undefined && NOT_SENT_CODES.has(code) && status === undefined) kind = "connect_failed"
  else if (code !== undefined && TIMEOUT_CODES.has(code)) kind = "timeout"
  else kind = "connection_reset" // socket closed, reset, broken pipe, parser error: the request may have been applied
  const message = cause instanceof Error ? cause.message : String(cause)
  return new WalletPassApiError({ kind, path, status, detail: code ? `${code}: ${message}` : message, cause })
}

function errorCode(error: unknown): string | undefined {
  // Connect failures may arrive wrapped (AggregateError for happy-eyeballs, or `cause`).
  for (let e: unknown = error, i = 0; e && i < 4; i++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === "string") return code
    const inner = (e as { errors?: unknown[] }).errors?.[0] ?? (e as { cause?: unknown }).cause
    e = inner
  }
  return undefined
}
