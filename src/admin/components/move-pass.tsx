import { Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { ActionButton } from "./action-button"

type Props = { customerId: string; elsewhere: { holder_id: string; customer_id: string | null } }

/**
 * The pass of this customer's phone is held by another store customer (one made when the
 * card was installed in a shop): move it here, with its balance and cards, after a confirmation.
 */
export const MovePass = ({ customerId, elsewhere }: Props) => {
  const { t } = useWalletPassFormat()
  const move = useWalletPassAction(
    () =>
      postJson(`/admin/customers/${customerId}/wallet-pass/move`, {
        holder_id: elsewhere.holder_id,
        from_customer_id: elsewhere.customer_id,
      }),
    { success: t("customer.move.done"), invalidate: [walletPassKeys.customer(customerId), walletPassKeys.all] }
  )
  return (
    <div className="flex flex-col gap-2 px-6 py-4" data-testid="wallet-pass-elsewhere">
      <Text size="small">
        {t("customer.move.elsewhere")}{" "}
        {elsewhere.customer_id && (
          <Link className="text-ui-fg-interactive" to={`/customers/${elsewhere.customer_id}`}>
            {t("customer.move.openOther")}
          </Link>
        )}
      </Text>
      <Text size="small" className="text-ui-fg-subtle">
        {t("customer.move.canVerify")}
      </Text>
      <ActionButton
        action={move}
        className="self-start"
        data-testid="wallet-pass-move"
        confirm={{
          title: t("customer.move.confirmTitle"),
          description: t("customer.move.confirmText"),
          confirmText: t("customer.move.confirm"),
        }}
      >
        {t("customer.move.button")}
      </ActionButton>
    </div>
  )
}
