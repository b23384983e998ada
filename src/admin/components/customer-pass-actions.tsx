import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { ActionButton } from "./action-button"

type Props = { customerId: string; hasPass: boolean; canEnroll: boolean }

/** Refresh from the service, resend the install link, or enrol now (no pass yet, or enrolment failed). */
export const CustomerPassActions = ({ customerId, hasPass, canEnroll }: Props) => {
  const invalidate = [walletPassKeys.customer(customerId)]
  const base = `/admin/customers/${customerId}/wallet-pass`
  const refresh = useWalletPassAction(() => postJson(`${base}/refresh`), { success: "Refresh queued", invalidate })
  const installLink = useWalletPassAction(() => postJson(`${base}/install-link`), {
    success: "Install link queued",
    invalidate,
  })
  const enroll = useWalletPassAction(() => postJson(`${base}/enroll`), { success: "Enrolment requested", invalidate })

  return (
    <div className="flex flex-wrap gap-2 px-6 py-4">
      {canEnroll && (
        <ActionButton action={enroll} variant="primary" data-testid="wallet-pass-enroll">
          Enrol now
        </ActionButton>
      )}
      {hasPass && (
        <>
          <ActionButton action={refresh}>Refresh from the service</ActionButton>
          <ActionButton action={installLink}>Resend install link</ActionButton>
        </>
      )}
    </div>
  )
}
