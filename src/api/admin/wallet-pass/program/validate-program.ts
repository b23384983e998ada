import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { programProblems } from "../../../../modules/wallet-pass"

/**
 * Validates a program body (POST /admin/wallet-pass/program and its preview) with the
 * program's own schema: every problem names its field ("tiers.levels.1.threshold: ..."),
 * which Medusa's generic body validator would not. Answers 400 invalid_data; the route
 * reads the parsed program from `validatedBody`.
 */
export function validateProgramBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const parsed = programProblems(req.body)
  if (parsed.problems) {
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid program: ${parsed.problems.join("; ")}`))
  }
  req.validatedBody = parsed.program
  next()
}

/**
 * Validates the card preview's body: `customer_id`, and an optional `program` checked like a
 * saved one (400 invalid_data naming each field).
 */
export function validateCardPreviewBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = (req.body ?? {}) as Record<string, unknown>
  const customerId = body.customer_id
  if (typeof customerId !== "string" || !customerId.trim() || customerId.length > 200 || /[\u0000]/.test(customerId)) {
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, "customer_id must be a customer's id"))
  }
  const unknown = Object.keys(body).filter((k) => k !== "customer_id" && k !== "program")
  if (unknown.length) {
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Unknown field(s): ${unknown.join(", ")}`))
  }
  let program: unknown = undefined
  if (body.program !== undefined) {
    const parsed = programProblems(body.program)
    if (parsed.problems) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid program: ${parsed.problems.join("; ")}`))
    }
    program = parsed.program
  }
  req.validatedBody = { customer_id: customerId.trim(), ...(program ? { program } : {}) }
  next()
}
