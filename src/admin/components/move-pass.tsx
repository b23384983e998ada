import { Link } from "react-router-dom"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { ActionButton } from "./action-button"

type Props = { customerId: string; elsewhere: { holder_id: string; customer_id: string | null } }

/**
 * The pass of this customer's phone is held by another store customer (one made when the card
 * was installed in a shop, or an earlier account with the same phone): move it here, with its
 * balance and cards, after a confirmation. The sentence that says so is the pass's status
 * (customer-pass-actions.tsx).
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
    <div className="flex flex-wrap items-center gap-3" data-testid="wallet-pass-elsewhere">
      <ActionButton
        action={move}
        data-testid="wallet-pass-move"
        confirm={{
          title: t("customer.move.confirmTitle"),
          description: t("customer.move.confirmText"),
          confirmText: t("customer.move.confirm"),
        }}
      >
        {t("customer.move.button")}
      </ActionButton>
      {elsewhere.customer_id && (
        <Link className="txt-compact-small text-ui-fg-interactive" to={`/customers/${elsewhere.customer_id}`}>
          {t("customer.move.openOther")}
        </Link>
      )}
    </div>
  )
}
