import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"

/** Validates query parameters with a zod schema; a mistake answers 400 in Medusa's error shape. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {})
  if (!result.success) {
    const issue = result.error.issues[0]
    const at = issue.path.join(".")
    const message = issue.code === "unrecognized_keys" ? `unknown parameter(s) ${issue.keys.join(", ")}` : issue.message
    throw new MedusaError(MedusaError.Types.INVALID_DATA, at ? `${at}: ${message}` : message)
  }
  return result.data
}
