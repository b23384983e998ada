import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type Program, WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import type { AdminWalletPassProgramPreviewResponse } from "../../../../types"

/**
 * POST /admin/wallet-pass/program/preview — how many holders the program in the body would
 * move between levels, and between which, if it were saved. Writes nothing.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<Program>,
  res: MedusaResponse<AdminWalletPassProgramPreviewResponse>
) => {
  const { moved } = await req.scope
    .resolve(WALLET_PASS_MODULE)
    .saveProgram({ program: req.validatedBody, actor: null, dry_run: true })
  res.json({ moved })
}
