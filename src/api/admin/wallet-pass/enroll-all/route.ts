import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { enrollExistingCustomersWorkflow } from "../../../../workflows/enrollment/enroll-existing-customers"
import type { AdminWalletPassEnrollAllResponse, AdminWalletPassEnrollAllStartResponse } from "../../../types"

/** GET /admin/wallet-pass/enroll-all — how far bulk enrolment has come. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminWalletPassEnrollAllResponse>) => {
  res.json({ progress: await req.scope.resolve(WALLET_PASS_MODULE).getBulkEnrollmentProgress() })
}

/**
 * POST /admin/wallet-pass/enroll-all — enrol every existing customer with a phone and no pass
 * yet; the requests go out after all other work, within the plan's limits. Safe to repeat.
 * `run.enrolled` is how many this call queued (0: nobody to enrol).
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassEnrollAllStartResponse>
) => {
  const { result } = await enrollExistingCustomersWorkflow(req.scope).run()
  res
    .status(202)
    .json({ run: result, progress: await req.scope.resolve(WALLET_PASS_MODULE).getBulkEnrollmentProgress() })
}
