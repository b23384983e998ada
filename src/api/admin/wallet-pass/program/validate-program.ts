import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { programProblems } from "../../../../modules/wallet-pass/program"

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
