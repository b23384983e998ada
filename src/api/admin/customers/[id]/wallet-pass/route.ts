import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { fromMinorUnits } from "../../../../../lib/amounts"
import { balanceCurrency } from "../../../../../utils/currency"
import { type AccountPass, listExpiringCredits, resolveAccountPass } from "../../../../utils/account-pass"
import { presentAdminPass } from "../../../../utils/present-pass"
import { presentPhoneProblem } from "../../../../utils/phone-problem"
import type { AdminCustomerWalletPassResponse, AdminWalletPassActions } from "../../../../types"

/**
 * What the admin may ask for this pass: a request the service cannot act on (no pass, no
 * phone, a phone that cannot be read, an enrolment it refused) is not offered, and `blocked`
 * says why.
 */
function passActions(account: AccountPass, installLink: boolean): AdminWalletPassActions {
  const holder = account.own?.holder
  const phone_problem = presentPhoneProblem(account.phone_problem)
  const canEnroll = !!account.phone && !account.elsewhere
  const none = { refresh: false, push: false, adjust: false, install_link: false, phone_problem }
  // Without a pass that works, an unreadable phone is the reason to fix first.
  const unusable = (blocked: AdminWalletPassActions["blocked"]) => ({
    ...none,
    enroll: canEnroll,
    blocked: phone_problem ? ("phone_unreadable" as const) : blocked,
  })
  if (!holder) return unusable("no_pass")
  if (!holder.phone) return unusable("no_phone")
  if (holder.enrollment_state === "failed") return unusable("enrollment_failed")
  const enrolled = holder.enrollment_state === "enrolled"
  return {
    enroll: false,
    // A read of a pass the service does not know yet would find nothing: it waits for the enrolment.
    refresh: enrolled,
    push: true,
    adjust: true,
    install_link: installLink,
    blocked: enrolled ? null : "not_enrolled",
    phone_problem,
  }
}

/**
 * GET /admin/customers/:id/wallet-pass — the pass of one customer; `wallet_pass: null` when
 * they have none. `pass_elsewhere`: the pass of this customer's phone when another store
 * customer holds it (the admin may move it here). `expiring`: credits with a lifetime, soonest
 * first. `actions`: what the admin may ask for this pass, and why not. The customer's store
 * events are paged by `GET .../wallet-pass/store-events`.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminCustomerWalletPassResponse>) => {
  // 404 in Medusa's error shape for an unknown customer.
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const account = await resolveAccountPass(req.scope, req.params.id, { ledgerLimit: 20 })
  const holderId = account.own?.holder.id
  const expiring = holderId ? await listExpiringCredits(req.scope, holderId) : []
  res.json({
    wallet_pass: account.own ? presentAdminPass(account.own, await balanceCurrency(req.scope)) : null,
    pass_elsewhere: account.elsewhere,
    expiring: expiring.map((c) => ({ amount: fromMinorUnits(c.remaining ?? 0), expires_at: c.expires_at! })),
    actions: passActions(account, !!walletPass.getOptions().installLink),
  })
}
