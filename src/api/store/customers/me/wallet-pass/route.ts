import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { usableRates, WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../../utils/currency"
import { listExpiringCredits, NOT_LINKED_REASON, resolveAccountPass } from "../../../../utils/account-pass"
import { presentStorePass } from "../../../../utils/present-store-pass"
import { presentPhoneProblem, shopperPhoneMessage } from "../../../../utils/phone-problem"
import type { StoreWalletPassResponse } from "../../../../types"
import { holderCardTexts } from "../../../../utils/card-texts"

/**
 * GET /store/customers/me/wallet-pass — the signed-in customer's own pass (Medusa requires
 * the customer's session or bearer token and a publishable key on /store/customers/me*);
 * `{ wallet_pass: null }` when they have none. The customer comes from the token only.
 * Until the account has proven its phone it sees only the balance its own orders earned and
 * no personalised install link, card number or rate the service gave the phone (docs/adoption.md,
 * trust; docs/security.md); `not_linked` says that the phone is not its own pass's and may be
 * verified (the same whether another customer's pass has it or none does); `phone_problem`,
 * why its phone cannot be read. `Cache-Control: private, no-store`.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<StoreWalletPassResponse>) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const account = await resolveAccountPass(req.scope, req.auth_context.actor_id)
  // The same answer whether another customer's pass has the phone or none does (docs/security.md):
  // whenever the account's phone is not its own pass's, it may verify it.
  const notLinked =
    account.phone && account.own?.holder.phone !== account.phone
      ? { not_linked: { reason: NOT_LINKED_REASON, can_verify: true } }
      : {}
  const problem = presentPhoneProblem(account.phone_problem)
  const phoneProblem = problem
    ? {
        phone_problem: {
          problem: problem.problem,
          country: problem.country,
          example: problem.example,
          message: shopperPhoneMessage(problem),
          ...(problem.candidates ? { candidates: problem.candidates } : {}),
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
  // A store account's rates: the service's only once the phone is proven (privileges.ts).
  const rates = usableRates(pass.holder, access.verified, options)
  res.json({
    wallet_pass: presentStorePass(pass, {
      bonusBasisPoints: rates.bonus_bp,
      discountBasisPoints: rates.discount_bp,
      currencyCode: await balanceCurrency(req.scope),
      formUrl: options.installLink?.formUrl ?? null,
      access,
      expiring,
      pending: (await walletPass.getPendingBonuses([pass.holder.id])).get(pass.holder.id) ?? null,
      cardTexts: access.verified ? await holderCardTexts(req.scope, pass.holder) : null,
    }),
    ...notLinked,
    ...phoneProblem,
  })
}
