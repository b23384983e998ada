import { Text } from "@medusajs/ui"
import type { AdminWalletPassActions } from "../../api/types"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { ActionButton } from "./action-button"

type Props = { customerId: string; actions: AdminWalletPassActions; hasPhone: boolean }

/**
 * What the admin may ask for this customer's pass (the route's `actions`): enrol, refresh
 * from the service, resend the install link. A request the service cannot act on is not
 * offered; the line under the buttons says why.
 */
export const CustomerPassActions = ({ customerId, actions, hasPhone }: Props) => {
  const { t } = useWalletPassFormat()
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
  const why = actions.blocked
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
    </div>
  )
}
