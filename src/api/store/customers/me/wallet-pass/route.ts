import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../../utils/currency"
import { listExpiringCredits, NOT_LINKED_REASON, resolveAccountPass } from "../../../../utils/account-pass"
import { presentStorePass } from "../../../../utils/present-store-pass"
import { presentPhoneProblem, shopperPhoneMessage } from "../../../../utils/phone-problem"
import type { StoreWalletPassResponse } from "../../../../types"
import { effectiveBonusBasisPoints } from "../../../../../modules/wallet-pass/options"
import { holderCardTexts } from "../../../../utils/card-texts"

/**
 * GET /store/customers/me/wallet-pass — the signed-in customer's own pass (Medusa requires
 * the customer's session or bearer token and a publishable key on /store/customers/me*);
 * `{ wallet_pass: null }` when they have none. The customer comes from the token only.
 * Until the account has proven its phone it sees only the balance its own orders earned and
 * no personalised install link (docs/adoption.md, trust); `not_linked` says why a pass of
 * its phone is not its own; `phone_problem`, why its phone cannot be read.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<StoreWalletPassResponse>) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const account = await resolveAccountPass(req.scope, req.auth_context.actor_id)
  const notLinked = account.elsewhere ? { not_linked: { reason: NOT_LINKED_REASON, can_verify: true } } : {}
  const problem = presentPhoneProblem(account.phone_problem)
  const phoneProblem = problem
    ? {
        phone_problem: {
          problem: problem.problem,
          country: problem.country,
          example: problem.example,
          message: shopperPhoneMessage(problem),
        },
      }
    : {}
  const pass = account.own
  if (!pass) {
    res.json({ wallet_pass: null, ...notLinked, ...phoneProblem })
    return
  }
  const options = walletPass.getOptions()
  const access = (await walletPass.getAccountBalances([pass.holder.id])).get(pass.holder.id)!
  const expiring = access.verified ? await listExpiringCredits(req.scope, pass.holder.id) : []
  res.json({
    wallet_pass: presentStorePass(pass, {
      bonusBasisPoints: effectiveBonusBasisPoints(pass.holder, walletPass.getOptions()),
      currencyCode: await balanceCurrency(req.scope),
      formUrl: options.installLink?.formUrl ?? null,
      access,
      expiring,
      cardTexts: access.verified ? await holderCardTexts(req.scope, pass.holder) : null,
    }),
    ...notLinked,
    ...phoneProblem,
  })
}
