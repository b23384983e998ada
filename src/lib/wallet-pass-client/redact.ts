/** Removing secrets from anything the client logs or attaches to an error. */

export const REDACTED = "[redacted]"

/** Keys whose values are secrets wherever they appear (compared case-insensitively). */
export const SECRET_KEYS = ["app_key", "appkey", "crm_key", "crmkey", "password", "authorization"] as const

/**
 * A deep copy of `value` with the values of secret keys replaced by "[redacted]" and every
 * occurrence of the given secret strings (the app key) cut out of all other string values, so a
 * service that echoes the key inside an error text cannot leak it into a log. Property names
 * are left alone: they come from the spec, and scrubbing them would mangle `app_key` itself
 * whenever a (test) key is a substring of it.
 */
export function redact(value: unknown, secrets: readonly string[]): unknown {
  const live = secrets.filter((s) => s.length > 0)
  const scrub = (text: string) => live.reduce((acc, secret) => acc.split(secret).join(REDACTED), text)
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === "string") return scrub(node)
    if (node === null || typeof node !== "object") return node
    if (depth > 32) return REDACTED // cycles or absurd nesting: do not risk leaking or recursing forever
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1))
    if (node instanceof Date) return node.toISOString()
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(node)) {
      out[key] = (SECRET_KEYS as readonly string[]).includes(key.toLowerCase()) ? REDACTED : walk(child, depth + 1)
    }
    return out
  }
  return walk(value, 0)
}

/** `text` with every occurrence of the secrets replaced. */
export function redactText(text: string, secrets: readonly string[]): string {
  return redact(text, secrets) as string
}

/**
 * A response body text with secrets removed: JSON whose secret keys carry values is re-serialised
 * redacted; anything else only has the secret strings cut out.
 */
export function redactBody(text: string, secrets: readonly string[]): string {
  try {
    const parsed: unknown = JSON.parse(text)
    const cleaned = redact(parsed, secrets)
    if (JSON.stringify(cleaned) !== JSON.stringify(parsed)) return JSON.stringify(cleaned)
  } catch {
    // not JSON: fall through to the plain-text scrub
  }
  return redactText(text, secrets)
}
