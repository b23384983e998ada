import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

/** The largest body the plugin's store and admin routes read: Medusa's default limit. */
export const REQUEST_BODY_LIMIT_BYTES = 100 * 1024

/**
 * An error Medusa's error handler answers with its own status and message (it takes errors
 * shaped like the `http-errors` package's, as its body parser throws): 413 and 415, for which
 * MedusaError has no type.
 */
function httpError(status: number, message: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true })
}

/** True when the request carries a body (as the body parser's `type-is` decides). */
function hasBody(req: MedusaRequest): boolean {
  const length = req.headers["content-length"]
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && Number(length) > 0)
}

/** The body types Medusa's parser reads, which these routes keep reading: JSON, a form, plain text. */
const BODY_TYPES = ["application/json", "application/x-www-form-urlencoded", "text/plain"] as const
type BodyType = (typeof BODY_TYPES)[number]

/** The body's type, or why it cannot be read (an answer that names nothing the client sent). */
function bodyType(req: MedusaRequest): BodyType | Error {
  const [type, ...params] = (req.headers["content-type"] ?? "").toLowerCase().split(";")
  const known = BODY_TYPES.find((t) => t === type.trim())
  if (!known) return httpError(415, "The request body must be JSON (Content-Type: application/json)")
  const charset = params.map((p) => p.trim()).find((p) => p.startsWith("charset="))
  if (charset && !["charset=utf-8", 'charset="utf-8"', "charset=utf8"].includes(charset)) {
    return httpError(415, "The request body must be UTF-8")
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase()
  if (encoding !== "identity") return httpError(415, "The request body must not be compressed")
  return known
}

/** The body's text, or an error when it is larger than the limit (the rest is drained, so the answer arrives). */
async function readText(req: MedusaRequest): Promise<string | Error> {
  const tooLarge = httpError(413, `The request body is larger than ${REQUEST_BODY_LIMIT_BYTES / 1024} kB`)
  if (Number(req.headers["content-length"]) > REQUEST_BODY_LIMIT_BYTES) {
    req.resume()
    return tooLarge
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size <= REQUEST_BODY_LIMIT_BYTES) chunks.push(chunk as Buffer)
  }
  return size > REQUEST_BODY_LIMIT_BYTES ? tooLarge : Buffer.concat(chunks).toString("utf8")
}

/**
 * Middleware: reads the body of the plugin's store and admin routes, which turn Medusa's body
 * parser off (src/api/middlewares.ts). It runs after `noStore`, so its refusals carry
 * `Cache-Control: private, no-store` like every answer of these routes, and they name nothing
 * the client sent (Medusa's parser answers invalid JSON with the parser's message, which quotes
 * the body): 400 invalid_data for JSON that does not parse or is not an object or array, 413
 * above 100 kB, 415 for another content type, charset or encoding (docs/security.md,
 * "Caching"). As from Medusa's parser: a form becomes an object of its fields, plain text a
 * string, and a request without a body gets `{}`.
 */
export async function readRequestBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  req.body = {}
  if (!hasBody(req)) return next()
  const type = bodyType(req)
  if (type instanceof Error) {
    req.resume()
    return next(type)
  }
  const text = await readText(req)
  if (text instanceof Error) return next(text)
  if (type === "text/plain") req.body = text
  else if (type === "application/x-www-form-urlencoded") req.body = Object.fromEntries(new URLSearchParams(text))
  else if (text.trim()) {
    const body = parseJson(text)
    if (body instanceof Error) return next(body)
    req.body = body
  }
  next()
}

/** A JSON object or array, or the 400 that says it is not one. */
function parseJson(text: string): unknown {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return new MedusaError(MedusaError.Types.INVALID_DATA, "The request body is not valid JSON")
  }
  if (!body || typeof body !== "object") {
    return new MedusaError(MedusaError.Types.INVALID_DATA, "The request body must be a JSON object")
  }
  return body
}
