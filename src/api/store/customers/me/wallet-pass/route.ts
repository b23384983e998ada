import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import type WalletPassModuleService from "../../../../../modules/wallet-pass/service"
import { balanceCurrency } from "../../../../../lib/currency"
import { presentStorePass } from "../../../../utils/present-store-pass"

/**
 * GET /store/customers/me/wallet-pass — the signed-in customer's own pass (Medusa requires
 * the customer's session or bearer token and a publishable key on /store/customers/me*);
 * `{ wallet_pass: null }` when they have none. The customer comes from the token only.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const walletPass = req.scope.resolve<WalletPassModuleService>(WALLET_PASS_MODULE)
  const pass = await walletPass.retrieveCustomerPass(req.auth_context.actor_id, { ledgerLimit: 1 })
  if (!pass) {
    res.json({ wallet_pass: null })
    return
  }
  const options = walletPass.getOptions()
  res.json({
    wallet_pass: presentStorePass(pass, {
      bonusBasisPoints: walletPass.effectiveBonusBasisPoints(pass.holder),
      currencyCode: await balanceCurrency(req.scope),
      formUrl: options.installLink?.formUrl ?? null,
    }),
  })
}
