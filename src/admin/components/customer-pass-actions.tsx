import { Button } from "@medusajs/ui"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"

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
        <Button
          size="small"
          variant="primary"
          isLoading={enroll.isPending}
          onClick={() => enroll.mutate()}
          data-testid="wallet-pass-enroll"
        >
          Enrol now
        </Button>
      )}
      {hasPass && (
        <>
          <Button size="small" variant="secondary" isLoading={refresh.isPending} onClick={() => refresh.mutate()}>
            Refresh from the service
          </Button>
          <Button
            size="small"
            variant="secondary"
            isLoading={installLink.isPending}
            onClick={() => installLink.mutate()}
          >
            Resend install link
          </Button>
        </>
      )}
    </div>
  )
}
