import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { fromMinorUnits } from "../../../../../lib/amounts"
import { balanceCurrency } from "../../../../../utils/currency"
import { type AccountPass, listExpiringCredits, resolveAccountPass } from "../../../../utils/account-pass"
import { presentAdminPass } from "../../../../utils/present-pass"
import { presentPhoneProblem } from "../../../../utils/phone-problem"
import { accountStatus } from "../../../../utils/holder-status"
import type { HolderStatus } from "../../../../../lib/holder-status"
import type { AdminCustomerWalletPassResponse, AdminWalletPassActions } from "../../../../types"

/** Why the admin cannot refresh, push or credit, named by the pass's one status (src/lib/holder-status.ts). */
const BLOCKED: Record<HolderStatus["state"], AdminWalletPassActions["blocked"]> = {
  enrolled: null,
  unproven: null,
  enrolling: "not_enrolled",
  phone_problem: "phone_unreadable",
  no_phone: "no_phone",
  elsewhere: "pass_elsewhere",
  refused: "enrollment_failed",
  not_enrolled: "no_phone",
  no_pass: "no_pass",
}

/**
 * What the admin may ask for this pass, from its one status: a request the service cannot act
 * on (no pass, no phone, a phone that cannot be read, the phone's pass held by another
 * customer, an enrolment it refused) is not offered, and `blocked` says why.
 */
function passActions(account: AccountPass, status: HolderStatus, installLink: boolean): AdminWalletPassActions {
  const phone_problem = presentPhoneProblem(account.phone_problem)
  const works = status.state === "enrolled" || status.state === "unproven"
  const blocked = status.state === "no_phone" && !account.own ? "no_pass" : BLOCKED[status.state]
  return {
    enroll: status.merchant.includes("enroll"),
    // A read of a pass the service does not know yet would find nothing: it waits for the enrolment.
    refresh: works,
    push: works || status.state === "enrolling",
    adjust: works || status.state === "enrolling",
    install_link: (works || status.state === "enrolling") && installLink,
    blocked,
    phone_problem,
  }
}

/**
 * GET /admin/customers/:id/wallet-pass — the pass of one customer; `wallet_pass: null` when
 * they have none. `pass_elsewhere`: the pass of this customer's phone when another store
 * customer holds it (the admin may move it here). `expiring`: credits with a lifetime, soonest
 * first. `opening_balance`: what the service held when its record was taken over (null: no
 * balance taken). `pending`: the bonus of its orders still pending (docs/loyalty.md). `status`: the pass's one state and who takes it further (src/lib/holder-status.ts);
 * `actions`: what the admin may ask for this pass, and why not. The customer's store
 * events are paged by `GET .../wallet-pass/store-events`.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminCustomerWalletPassResponse>) => {
  // 404 in Medusa's error shape for an unknown customer.
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const account = await resolveAccountPass(req.scope, req.params.id, { ledgerLimit: 20 })
  const holderId = account.own?.holder.id
  const [expiring, [opening], pending] = holderId
    ? await Promise.all([
        listExpiringCredits(req.scope, holderId),
        walletPass.listWalletPassLedgerEntries(
          { holder_id: holderId, kind: "opening_balance", state: "applied" },
          { select: ["amount"], take: 1 }
        ),
        walletPass.getPendingBonuses([holderId]).then((all) => all.get(holderId) ?? null),
      ])
    : [[], [], null]
  const status = accountStatus(account)
  res.json({
    wallet_pass: account.own ? presentAdminPass(account.own, await balanceCurrency(req.scope)) : null,
    pass_elsewhere: account.elsewhere,
    expiring: expiring.map((c) => ({ amount: fromMinorUnits(c.remaining ?? 0), expires_at: c.expires_at! })),
    status,
    opening_balance: opening ? fromMinorUnits(Number(opening.amount)) : null,
    program_bonus_percent: walletPass.getOptions().accrual.bonusPercent ?? 0,
    pending: pending?.amount ? { amount: fromMinorUnits(pending.amount), until: pending.next_until } : null,
    actions: passActions(account, status, !!walletPass.getOptions().installLink),
  })
}
