import { Button, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { AdminWalletPassActions } from "../../api/types"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { countryName, useWalletPassFormat, type WalletPassFormat } from "../lib/format"
import { ActionButton } from "./action-button"

type Props = { customerId: string; actions: AdminWalletPassActions; hasPhone: boolean }

/**
 * What the admin may ask for this customer's pass (the route's `actions`): enrol, refresh
 * from the service, resend the install link. A request the service cannot act on is not
 * offered; the line under the buttons says why.
 */
export const CustomerPassActions = ({ customerId, actions, hasPhone }: Props) => {
  const f = useWalletPassFormat()
  const { t } = f
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
  const unreadable = actions.blocked === "phone_unreadable" && actions.phone_problem
  const why = unreadable
    ? phoneProblemText(actions.phone_problem!, f)
    : actions.blocked
      ? t(`customer.blocked.${actions.blocked}${actions.enroll || hasPhone ? "" : "AddPhone"}`)
      : null
  const any = actions.enroll || actions.refresh || actions.install_link
  if (!any && !why) return null
  return (
    <div className="flex flex-col gap-2 px-6 py-4" data-testid="wallet-pass-actions">
      {any && (
        <div className="flex flex-wrap gap-2">
          {actions.enroll && (
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
      {why && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-blocked">
          {why}
        </Text>
      )}
      {unreadable && (
        <div>
          {/* Medusa's own customer form: saving a phone that reads enrols the customer (customer.updated). */}
          <Button size="small" variant="secondary" asChild>
            <Link to={`/customers/${customerId}/edit`} data-testid="wallet-pass-edit-phone">
              {t("customer.blocked.editPhone")}
            </Link>
          </Button>
        </div>
      )}
    </div>
  )
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
