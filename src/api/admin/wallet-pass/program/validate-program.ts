import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { type Program, programProblems, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { needsCurrentRevision } from "../../../utils/revision"

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The program a body makes of `current` (docs/program.md, "Admin and store"): a save is
 * partial, as Medusa's admin updates are. A top-level field the body leaves out keeps its
 * value; one it gives replaces that field whole; one it gives as `null` goes back to its
 * default (`pass: null`: no card variables, no designs). Unknown fields stay for the schema
 * to refuse. Pure.
 */
export function programFromPatch(current: Program, body: Record<string, unknown>): Record<string, unknown> {
  const program: Record<string, unknown> = { ...current }
  for (const [field, value] of Object.entries(body)) {
    if (value === null) delete program[field]
    // Defined, not assigned: a body's own "__proto__" stays a field for the schema to refuse.
    else Object.defineProperty(program, field, { value, enumerable: true, writable: true, configurable: true })
  }
  return program
}

/** The body as a program over the one in force, validated; a problem is 400 invalid_data naming each field. */
async function patchedProgram(scope: MedusaContainer, body: unknown): Promise<Program> {
  if (!isPlainObject(body)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Invalid program: the body must be an object of program fields"
    )
  }
  const { program: current } = await scope.resolve(WALLET_PASS_MODULE).getProgram()
  const parsed = programProblems(programFromPatch(current, body))
  if (parsed.problems) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid program: ${parsed.problems.join("; ")}`)
  }
  // A level's design goes out as template_uuid (the option pass.levelTemplates is refused at boot the same way).
  if (Object.keys(parsed.program.pass.levelTemplates).length) {
    needsCurrentRevision(
      scope,
      "pass.levelTemplates (a card design per level, sent as template_uuid)",
      'send "pass" with its variables and "levelTemplates": {}, or set the revision option to "2.8.2"'
    )
  }
  return parsed.program
}

/**
 * Validates a program body (POST /admin/wallet-pass/program and its preview, the same way)
 * with the program's own schema, over the program in force (`programFromPatch`): every
 * problem names its field ("tiers.levels.1.threshold: ..."), which Medusa's generic body
 * validator would not. Answers 400 invalid_data; the route reads the whole program from
 * `validatedBody`.
 */
export async function validateProgramBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    req.validatedBody = await patchedProgram(req.scope, req.body ?? {})
  } catch (error) {
    return next(error)
  }
  next()
}

/**
 * Validates the card preview's body: `customer_id`, and an optional `program` read and checked
 * like a saved one, over the program in force (400 invalid_data naming each field).
 */
export async function validateCardPreviewBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = (req.body ?? {}) as Record<string, unknown>
  const customerId = body.customer_id
  if (typeof customerId !== "string" || !customerId.trim() || customerId.length > 200 || /[\u0000]/.test(customerId)) {
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, "customer_id must be a customer's id"))
  }
  const unknown = Object.keys(body).filter((k) => k !== "customer_id" && k !== "program")
  if (unknown.length) {
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Unknown field(s): ${unknown.join(", ")}`))
  }
  let program: Program | undefined = undefined
  if (body.program !== undefined) {
    try {
      program = await patchedProgram(req.scope, body.program)
    } catch (error) {
      return next(error)
    }
  }
  req.validatedBody = { customer_id: customerId.trim(), ...(program ? { program } : {}) }
  next()
}
