import type { IncomingMessage } from "http"

/** The largest hook body accepted; larger ones get 413. A real hook is a few hundred bytes. */
export const HOOK_BODY_LIMIT_BYTES = 64 * 1024

export type RawBodyResult =
  | { ok: true; json: unknown }
  | { ok: false; status: 400 | 413; error: string }

/**
 * Reads and parses a JSON body with a size limit. The hook route turns Medusa's body parser
 * off so that bad JSON and oversized bodies get the hook's own `{ error }` answers.
 */
export async function readJsonBody(req: IncomingMessage, limit = HOOK_BODY_LIMIT_BYTES): Promise<RawBodyResult> {
  const declared = Number(req.headers["content-length"])
  if (Number.isFinite(declared) && declared > limit) {
    req.resume()
    return { ok: false, status: 413, error: `body is larger than ${limit} bytes` }
  }
  const chunks: Buffer[] = []
  let size = 0
  let tooLarge = false
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) {
      tooLarge = true // keep draining so the client gets our answer, not a reset
      continue
    }
    chunks.push(chunk as Buffer)
  }
  if (tooLarge) {
    return { ok: false, status: 413, error: `body is larger than ${limit} bytes` }
  }
  const text = Buffer.concat(chunks).toString("utf8")
  if (!text.trim()) {
    return { ok: false, status: 400, error: "body is empty; expected a JSON object" }
  }
  try {
    return { ok: true, json: JSON.parse(text) }
  } catch {
    return { ok: false, status: 400, error: "body is not valid JSON" }
  }
}
