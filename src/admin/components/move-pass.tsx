import { Text } from "@medusajs/ui"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { ActionButton } from "./action-button"

type Props = { customerId: string; elsewhere: { holder_id: string; customer_id: string | null } }

/**
 * The pass of this customer's phone is held by another store customer (one made when the
 * card was installed in a shop): move it here, with its balance and cards, after a confirmation.
 */
export const MovePass = ({ customerId, elsewhere }: Props) => {
  const move = useWalletPassAction(
    () => postJson(`/admin/customers/${customerId}/wallet-pass/move`, { holder_id: elsewhere.holder_id }),
    { success: "Pass moved to this customer", invalidate: [walletPassKeys.customer(customerId), walletPassKeys.all] }
  )
  return (
    <div className="flex flex-col gap-2 px-6 py-4" data-testid="wallet-pass-elsewhere">
      <Text size="small">
        The pass of this customer's phone belongs to another customer of the store
        {elsewhere.customer_id ? (
          <>
            {" "}
            (
            <a className="text-ui-fg-interactive" href={`/app/customers/${elsewhere.customer_id}`}>
              open
            </a>
            )
          </>
        ) : null}
        . The customer can also move it by verifying the phone in the store.
      </Text>
      <ActionButton
        action={move}
        className="self-start"
        data-testid="wallet-pass-move"
        confirm={{
          title: "Move the pass to this customer?",
          description:
            "The pass, its balance and its cards leave the other customer and belong to this one. Do this only when you are sure both are the same person. The move is recorded.",
          confirmText: "Move the pass",
        }}
      >
        Move the pass here
      </ActionButton>
    </div>
  )
}
