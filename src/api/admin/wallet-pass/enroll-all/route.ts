import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import type WalletPassModuleService from "../../../../modules/wallet-pass/service"
import { enrollExistingCustomersWorkflow } from "../../../../workflows/enrollment/enroll-existing-customers"

/** Progress of bulk enrolment: backfilled holders by enrolment state. */
async function progress(walletPass: WalletPassModuleService) {
  const holders = await walletPass.listWalletPassHolders({ source: "backfill" }, { select: ["enrollment_state"] })
  const by = (state: string) => holders.filter((h) => h.enrollment_state === state).length
  return {
    total: holders.length,
    enrolled: by("enrolled"),
    pending: by("pending"),
    failed: by("failed"),
    not_enrolled_no_phone: by("not_enrolled_no_phone"),
  }
}

/** GET /admin/wallet-pass/enroll-all — how far bulk enrolment has come. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json({ progress: await progress(req.scope.resolve(WALLET_PASS_MODULE)) })
}

/**
 * POST /admin/wallet-pass/enroll-all — enrol every existing customer with a phone and no pass
 * yet; the requests go out after all other work, within the plan's limits. Safe to repeat.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { result } = await enrollExistingCustomersWorkflow(req.scope).run()
  res.status(202).json({ run: result, progress: await progress(req.scope.resolve(WALLET_PASS_MODULE)) })
}
