import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/** What every answer of the plugin's own routes carries unless the route says otherwise. */
export const NO_STORE = "private, no-store"

/**
 * Middleware: the plugin's answers (a customer's pass, an admin's view, and every error
 * answer) are personal or changing: `Cache-Control: private, no-store` is set before the
 * route runs, so an error thrown anywhere after carries it too (docs/routes.md).
 */
export function noStore(_req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  res.setHeader("Cache-Control", NO_STORE)
  next()
}
