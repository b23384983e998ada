import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type Program, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { saveProgramWorkflow } from "../../../../workflows/program/save-program"
import { updateAllLevels } from "../../../../workflows/program/update-all-levels"
import type { AdminWalletPassProgramResponse, AdminWalletPassProgramSaveResponse } from "../../../types"

/** GET /admin/wallet-pass/program — the loyalty program in force (docs/program.md) and where it comes from. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminWalletPassProgramResponse>) => {
  const { id: _id, ...current } = await req.scope.resolve(WALLET_PASS_MODULE).getProgram()
  res.json({ program: current })
}

/**
 * POST /admin/wallet-pass/program — saves a new version of the program (in force at once)
 * and moves holders to the levels it gives them; answers the version, how many holders it
 * moved and between which levels. A bad program is 400 with each field named, and nothing
 * is saved.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<Program>,
  res: MedusaResponse<AdminWalletPassProgramSaveResponse>
) => {
  const { result } = await saveProgramWorkflow(req.scope).run({
    input: { program: req.validatedBody, actor: req.auth_context.actor_id ?? null },
  })
  const levels = await updateAllLevels(req.scope)
  const { id: _id, moved, ...program } = result
  res.json({ program, moved, levels })
}
