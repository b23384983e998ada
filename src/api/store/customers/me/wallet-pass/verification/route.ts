import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import { maskPhone } from "../../../../../../lib/phone"
import { requestPhoneVerificationWorkflow } from "../../../../../../workflows/accounts/request-phone-verification"
import { resolveAccountPass } from "../../../../../utils/account-pass"
import { presentPhoneProblem, shopperPhoneMessage } from "../../../../../utils/phone-problem"
import {
  assertMobileRange,
  assertTextCountry,
  clientAddress,
  hasOrdered,
  notMobile,
  countryOfPhone,
  tooManyTexts,
} from "../../../../../utils/text-limits"
import type {
  StoreWalletPassVerificationResponse,
  StoreWalletPassVerificationStatusResponse,
} from "../../../../../types"

/**
 * POST /store/customers/me/wallet-pass/verification — texts a code, through the service, to
 * the signed-in account's phone, so the account can prove it holds it (docs/adoption.md,
 * trust). 202 with when the code expires. Every code counts against the `texts` limits (per
 * phone across accounts, per account, per client address; per class of sender, an order or
 * an earlier proof being a stake, and within it per address prefix and phone range;
 * docs/security.md): over one, 429 with the shopper's message and `Retry-After`. Phones of
 * countries the shop does not serve, and numbers that are not mobiles: 400. The answer is the same whether a pass has the phone or not (no pass:
 * no text goes, and the status below says it was not sent).
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<StoreWalletPassVerificationResponse>
) => {
  const customerId = req.auth_context.actor_id
  const texts = req.scope.resolve(WALLET_PASS_MODULE).getOptions().texts
  const account = await resolveAccountPass(req.scope, customerId)
  if (!account.phone) {
    // A phone that is not one mobile number is texted nothing: the shopper is told why (docs/phones.md).
    const problem = presentPhoneProblem(account.phone_problem)
    if (problem?.problem === "not_mobile") throw notMobile()
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      problem ? shopperPhoneMessage(problem) : "This account has no phone number to verify: add one first"
    )
  }
  const country = countryOfPhone(account.phone)
  await assertTextCountry(req.scope, texts, country)
  const phoneRange = assertMobileRange(account.phone)
  const holderId =
    (account.own?.holder.phone === account.phone ? account.own.holder.id : account.elsewhere?.holder_id) ?? null
  const { result } = await requestPhoneVerificationWorkflow(req.scope).run({
    input: {
      holder_id: holderId,
      customer_id: customerId,
      phone: account.phone,
      country,
      phone_range: phoneRange,
      address: clientAddress(req, texts),
      ordered: await hasOrdered(req.scope, customerId),
    },
  })
  if (!result.ok) return tooManyTexts(res, result)
  res.status(202).json({ verification: { phone: maskPhone(account.phone), expires_at: result.expires_at } })
}

/**
 * GET /store/customers/me/wallet-pass/verification — the account's latest code: when it
 * expires and where its text is (`queued`, `sent`, `not_sent` with the shopper's `message`,
 * `unknown`); `{ verification: null }` before the first. A text the service refused or
 * answered `sms_send: false` is `not_sent` (never sent again by itself).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<StoreWalletPassVerificationStatusResponse>
) => {
  const [latest] = await req.scope.resolve(WALLET_PASS_MODULE).listWalletPassVerifications(
    { customer_id: req.auth_context.actor_id },
    {
      select: ["phone", "expires_at", "confirmed_at", "text_state", "text_error"],
      order: { created_at: "DESC" },
      take: 1,
    }
  )
  res.json({
    verification: latest
      ? {
          phone: maskPhone(latest.phone),
          expires_at: latest.expires_at,
          confirmed: latest.confirmed_at !== null,
          text: latest.text_state,
          message: latest.text_state === "not_sent" ? latest.text_error : null,
        }
      : null,
  })
}
