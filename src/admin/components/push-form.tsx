import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { PushMessageForm, usePushDraft } from "./push-message"

/** A personal push to one customer. */
export const PushForm = ({ customerId }: { customerId: string }) => {
  const { t } = useWalletPassFormat()
  const draft = usePushDraft()
  const send = useWalletPassAction(
    () => postJson(`/admin/customers/${customerId}/wallet-pass/push`, { type: draft.type, message: draft.message }),
    { success: t("customer.push.queued"), invalidate: [walletPassKeys.customer(customerId)] }
  )

  return (
    <PushMessageForm
      heading={{ title: t("customer.push.title"), help: t("customer.push.help") }}
      draft={draft}
      placeholder={t("customer.push.message")}
      submitLabel={t("customer.push.send")}
      send={send}
      testIds={{ message: "wallet-pass-push-message", submit: "wallet-pass-push-send" }}
    />
  )
}
