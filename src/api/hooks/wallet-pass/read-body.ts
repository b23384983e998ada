import { HOOK_ANSWERS, type HookFailureStatus } from "./answers"
import type { IncomingMessage } from "http"
import { checkJsonValue, JSON_MAX_DEPTH, nestsDeeperThan } from "../../../lib/safe-json"

/** The largest hook body accepted; larger ones get 400 (HOOK_ANSWERS.too_large). A real hook is a few hundred bytes. */
export const HOOK_BODY_LIMIT_BYTES = 64 * 1024

/** A refused body keeps `json` when it parsed (its crm_key may still authenticate the caller, and the log shows it). */
export type RawBodyResult =
  { ok: true; json: unknown } | { ok: false; status: HookFailureStatus; error: string; json?: unknown }

/**
 * Reads and parses a JSON body with limits: its size, its nesting (scanned before it is
 * parsed, so nothing recursive ever meets a deep body), its number of values, and text
 * Postgres cannot keep anywhere in it (NUL, unpaired surrogates). The hook route turns
 * Medusa's body parser off so that each of these gets the hook's own `{ error }` answer.
 */
export async function readJsonBody(req: IncomingMessage, limit = HOOK_BODY_LIMIT_BYTES): Promise<RawBodyResult> {
  const declared = Number(req.headers["content-length"])
  if (Number.isFinite(declared) && declared > limit) {
    req.resume()
    return { ok: false, status: HOOK_ANSWERS.too_large, error: `body is larger than ${limit} bytes` }
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
    return { ok: false, status: HOOK_ANSWERS.too_large, error: `body is larger than ${limit} bytes` }
  }
  const text = Buffer.concat(chunks).toString("utf8")
  if (!text.trim()) {
    return { ok: false, status: HOOK_ANSWERS.body_refused, error: "body is empty; expected a JSON object" }
  }
  if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
    return { ok: false, status: HOOK_ANSWERS.body_refused, error: `body nests deeper than ${JSON_MAX_DEPTH} levels` }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, status: HOOK_ANSWERS.body_refused, error: "body is not valid JSON" }
  }
  const problem = checkJsonValue(json)
  return problem ? { ok: false, status: HOOK_ANSWERS.body_refused, error: problem, json } : { ok: true, json }
}
