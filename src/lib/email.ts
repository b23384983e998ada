/**
 * The one e-mail rule of the plugin (docs/service-api.md, "Customers"): what the hook
 * receiver stores is what the client sends, so a customer whose e-mail came in a hook never
 * has every later profile update refused locally. The rule is deliberately loose (the service
 * asks the receiver to check nothing): one `@`, a non-empty local part, a domain of dot-separated
 * labels with at least one dot, no spaces or control characters, at most 254 characters.
 * Unicode is allowed on both sides, so `a@b.c` and `анна@пример.рф` pass.
 */
import { z } from "@medusajs/framework/zod"
import { codePointLength } from "./text"

export const EMAIL_MAX_LENGTH = 254

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\s\u0000-\u001f\u007f<>()[\]\\,;:"]/u

/** True when `value` is an e-mail address under the plugin's rule. */
export function isEmail(value: string): boolean {
  if (codePointLength(value) > EMAIL_MAX_LENGTH || FORBIDDEN.test(value)) return false
  const at = value.lastIndexOf("@")
  if (at <= 0 || value.indexOf("@") !== at) return false
  const local = value.slice(0, at)
  const labels = value.slice(at + 1).split(".")
  if (codePointLength(local) > 64 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false
  return labels.length >= 2 && labels.every((label) => label !== "" && !label.startsWith("-") && !label.endsWith("-"))
}

/** The address trimmed when it passes the rule, else null. */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== "string") return null
  const trimmed = value.trim()
  return trimmed !== "" && isEmail(trimmed) ? trimmed : null
}

/** The rule as a zod schema (the client's user_create_or_update input). */
export const emailSchema = z.string().refine(isEmail, "is not an e-mail address (one @, a domain with a dot)")
