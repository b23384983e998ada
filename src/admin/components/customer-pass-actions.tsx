import { Button, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { AdminCustomerWalletPassResponse, AdminWalletPassActions, Json } from "../../api/types"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { countryName, useWalletPassFormat, type WalletPassFormat } from "../lib/format"
import { ActionButton } from "./action-button"
import { MovePass } from "./move-pass"

type Props = { customerId: string; data: Json<AdminCustomerWalletPassResponse> }

/**
 * The pass's one status (the route's `status`, src/lib/holder-status.ts) in one sentence, with
 * the way out for whoever can take it: the merchant's buttons (enrol, move the pass here, edit
 * the phone) and what the customer can do in the store; then what the admin may ask of a pass
 * that works (refresh from the service, resend the install link). The customer widget and the
 * customer's pass page both show it, so they never disagree.
 */
export const CustomerPassActions = ({ customerId, data }: Props) => {
  const f = useWalletPassFormat()
  const { t } = f
  const { status, actions } = data
  const invalidate = [walletPassKeys.customer(customerId)]
  const base = `/admin/customers/${customerId}/wallet-pass`
  const refresh = useWalletPassAction(() => postJson(`${base}/refresh`), {
    success: t("customer.actions.refreshQueued"),
    invalidate,
  })
  const installLink = useWalletPassAction(() => postJson(`${base}/install-link`), {
    success: t("customer.actions.installLinkQueued"),
    invalidate,
  })
  const enroll = useWalletPassAction(() => postJson(`${base}/enroll`), {
    success: t("customer.actions.enrollQueued"),
    invalidate,
  })
  const sentence = statusSentence(data, f)
  const any = status.merchant.includes("enroll") || actions.refresh || actions.install_link
  return (
    <div className="flex flex-col gap-2 px-6 py-4" data-testid="wallet-pass-actions" data-state={status.state}>
      {sentence && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-blocked">
          {sentence}
        </Text>
      )}
      {status.shopper.includes("add_phone") && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-shopper-step">
          {t("customer.status.shopperAddsPhone")}
        </Text>
      )}
      {status.merchant.includes("move") && data.pass_elsewhere && (
        <MovePass customerId={customerId} elsewhere={data.pass_elsewhere} />
      )}
      {status.merchant.includes("edit_phone") && (
        <div>
          {/* Medusa's own customer form: saving a phone that reads enrols the customer (customer.updated). */}
          <Button size="small" variant="secondary" asChild>
            <Link to={`/customers/${customerId}/edit`} data-testid="wallet-pass-edit-phone">
              {t("customer.blocked.editPhone")}
            </Link>
          </Button>
        </div>
      )}
      {any && (
        <div className="flex flex-wrap gap-2">
          {status.merchant.includes("enroll") && (
            <ActionButton action={enroll} variant="primary" data-testid="wallet-pass-enroll">
              {t("customer.actions.enroll")}
            </ActionButton>
          )}
          {actions.refresh && (
            <ActionButton action={refresh} data-testid="wallet-pass-refresh">
              {t("customer.actions.refresh")}
            </ActionButton>
          )}
          {actions.install_link && (
            <ActionButton action={installLink}>{t("customer.actions.installLink")}</ActionButton>
          )}
        </div>
      )}
    </div>
  )
}

/** The one sentence of the pass's status, in the admin's language; none for a pass that works and is proven. */
function statusSentence({ status, actions, wallet_pass }: Json<AdminCustomerWalletPassResponse>, f: WalletPassFormat) {
  const { t } = f
  switch (status.state) {
    case "enrolled":
      return null
    case "unproven":
      return t("customer.status.unproven")
    case "enrolling":
      return t("customer.blocked.not_enrolled")
    case "phone_problem":
      return actions.phone_problem ? phoneProblemText(actions.phone_problem, f) : null
    case "no_phone":
      return t(wallet_pass ? "customer.blocked.no_phoneAddPhone" : "customer.blocked.no_passAddPhone")
    case "elsewhere":
      return `${t("customer.move.elsewhere")} ${t("customer.move.canVerify")}`
    case "refused":
      return t("customer.blocked.enrollment_failed")
    case "not_enrolled":
      return t("customer.blocked.no_phone")
    case "no_pass":
      return t("customer.blocked.no_pass")
  }
}

/** Why the customer's phone cannot be read, in the admin's language, with a number written the way that reads. */
function phoneProblemText(problem: NonNullable<AdminWalletPassActions["phone_problem"]>, f: WalletPassFormat): string {
  const values = {
    phone: problem.typed,
    problem: f.t(`common.phoneProblem.${problem.problem}`, { defaultValue: problem.problem }),
    example: problem.example,
  }
  return problem.country
    ? f.t("customer.blocked.phone_unreadable", { ...values, country: countryName(problem.country, f.locale) })
    : f.t("customer.blocked.phone_unreadableAnywhere", values)
}
