import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import type WalletPassModuleService from "../../../../../modules/wallet-pass/service"
import { presentAdminPass } from "../../../../utils/present-pass"

/** GET /admin/customers/:id/wallet-pass — the pass of one customer; `wallet_pass: null` when they have none. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  // 404 in Medusa's error shape for an unknown customer.
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const walletPass = req.scope.resolve<WalletPassModuleService>(WALLET_PASS_MODULE)
  const pass = await walletPass.retrieveCustomerPass(req.params.id)
  res.json({ wallet_pass: pass ? presentAdminPass(pass) : null })
}
