import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { unstorableTextError } from "../../lib/safe-json"

/**
 * A text field the database can keep: a NUL character or an unpaired surrogate (which
 * Postgres refuses, a 500 at the INSERT) is a 400 naming the field. Chain `.trim()`,
 * `.min()` and `.max()` after it as on any string.
 */
export function storableText(field: string) {
  return z.string({ error: `${field} must be a text` }).superRefine((value, ctx) => {
    const error = unstorableTextError(field, value)
    if (error) ctx.addIssue({ code: "custom", message: error })
  })
}

/**
 * Middleware: a route parameter Postgres cannot keep (`/admin/customers/%00/...`) answers
 * 400 naming the parameter, before any query would fail on it.
 */
export function refuseUnstorableParams(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void {
  for (const [name, value] of Object.entries(req.params ?? {})) {
    const error = typeof value === "string" ? unstorableTextError(name, value) : null
    if (error) return next(new MedusaError(MedusaError.Types.INVALID_DATA, error))
  }
  next()
}
