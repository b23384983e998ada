/**
 * Limits on JSON and text that come from outside, checked before anything walks or stores
 * them: Postgres text and jsonb refuse NUL characters and unpaired UTF-16 surrogates (the
 * INSERT fails, a 500), and deeply nested values make recursive code (validation,
 * redaction, the ORM's copies) slow or overflow the stack.
 */

/** The deepest nesting accepted in a hook body (a real one nests 3 or 4 levels). */
export const JSON_MAX_DEPTH = 32
/** The most values (object keys and array items, at any depth) accepted in a hook body. */
export const JSON_MAX_VALUES = 1000

const QUOTE = 34
const BACKSLASH = 92
const OPENERS = new Set([123, 91]) // { [
const CLOSERS = new Set([125, 93]) // } ]

/**
 * True when raw JSON text nests deeper than `max` levels: brackets outside strings,
 * counted in one pass without parsing or recursion, stopping at the first level too deep.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) {
      inString = true
    } else if (OPENERS.has(c)) {
      if (++depth > max) return true
    } else if (CLOSERS.has(c)) {
      depth--
    }
  }
  return false
}

/**
 * What in `text` Postgres cannot keep, as words ("a NUL character (U+0000)", "an unpaired
 * surrogate (U+D800)"), or null when it can keep all of it. Unpaired surrogates are what
 * `String.prototype.isWellFormed` refuses; the first one is where `toWellFormed` (which makes
 * each U+FFFD, the length unchanged) differs from the text.
 */
export function unstorableCharacter(text: string): string | null {
  if (text.includes("\u0000")) return "a NUL character (U+0000)"
  if (text.isWellFormed()) return null
  const wellFormed = text.toWellFormed()
  let at = 0
  while (text.charCodeAt(at) === wellFormed.charCodeAt(at)) at++
  return `an unpaired surrogate (U+${text.charCodeAt(at).toString(16).toUpperCase()})`
}

/** "<field> contains <what>, which the store cannot keep", or null for storable text. */
export function unstorableTextError(field: string, text: string): string | null {
  const problem = unstorableCharacter(text)
  return problem ? `${field} contains ${problem}, which the store cannot keep` : null
}

const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/

/** `customer.extra.a`, `customer.cardNumbers[0]`, `customer.extra["odd key"]` (escaped, so always storable). */
function childPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`
  if (PLAIN_KEY.test(key) && key.length <= 60) return path ? `${path}.${key}` : key
  return `${path}[${JSON.stringify(key.slice(0, 60))}]`
}

/**
 * Walks a parsed JSON value whose nesting is already bounded (see {@link nestsDeeperThan}):
 * refuses more than `maxValues` values, and any string or key Postgres cannot keep. Answers
 * the first problem as a sentence naming where it is, or null.
 */
export function checkJsonValue(
  value: unknown,
  { maxValues = JSON_MAX_VALUES }: { maxValues?: number } = {}
): string | null {
  let values = 0
  let firstUnstorable: string | null = null
  const stack: [unknown, string][] = [[value, ""]]
  while (stack.length) {
    const [current, path] = stack.pop()!
    if (typeof current === "string") {
      firstUnstorable ??= unstorableTextError(path || "body", current)
    } else if (Array.isArray(current)) {
      values += current.length
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], childPath(path, i)])
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current)
      values += entries.length
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]
        const at = childPath(path, key)
        firstUnstorable ??= unstorableTextError(`${at} (a key)`, key)
        stack.push([child, at])
      }
    }
    if (values > maxValues) return `body has more than ${maxValues} values (keys and array items)`
  }
  return firstUnstorable
}

const NUL = /\u0000/g

/** `text` with its NUL characters and unpaired surrogates as U+FFFD. */
const storableText = (text: string) => text.replace(NUL, "\ufffd").toWellFormed()

/**
 * A copy of a JSON value Postgres can keep: NUL characters and unpaired surrogates in
 * strings and keys become U+FFFD. For logging a body that was refused for them.
 */
export function storableCopy(value: unknown, depth = JSON_MAX_DEPTH): unknown {
  if (typeof value === "string") return storableText(value)
  if (value === null || typeof value !== "object" || depth <= 0) return typeof value === "object" ? null : value
  if (Array.isArray(value)) return value.map((v) => storableCopy(v, depth - 1))
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableCopy(v, depth - 1)]))
}
