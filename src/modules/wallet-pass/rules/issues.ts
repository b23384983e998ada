import type { z } from "@medusajs/framework/zod"

/**
 * One line for a zod issue of an options or program check, with the field's path
 * ("tiers.levels.1.threshold: ..."): unknown fields named as `unknown`, and "is required"
 * only when nothing was given there (a number that is not whole is a wrong value, not a
 * missing one, though zod reports both as a wrong type).
 */
export function issueLine(issue: z.core.$ZodIssue, raw: unknown, unknown: string): string {
  const at = issue.path.join(".")
  const what =
    issue.code === "unrecognized_keys"
      ? `${unknown} ${issue.keys.map((k) => `"${k}"`).join(", ")}`
      : issue.code === "invalid_type" && valueAt(raw, issue.path) === undefined
        ? `is required (${issue.message})`
        : issue.message
  return at ? `${at}: ${what}` : what
}

function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  let at = raw
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined
    at = (at as Record<PropertyKey, unknown>)[key]
  }
  return at
}
