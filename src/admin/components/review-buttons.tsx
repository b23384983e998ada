import { Button } from "@medusajs/ui"
import type { QueryKey } from "@tanstack/react-query"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"

/** States in which a request waits for a person: retry it, or mark it handled by hand. */
export const REVIEWABLE_STATES = ["failed", "needs_review"]

/** The retry and resolve actions of requests, with what to reload after either. */
export function useReviewActions(invalidate: QueryKey[] = [walletPassKeys.all]) {
  const { t } = useWalletPassFormat()
  const retry = useWalletPassAction((id: string) => postJson(`/admin/wallet-pass/operations/${id}/retry`), {
    success: t("common.toast.retried"),
    invalidate,
  })
  const resolve = useWalletPassAction((id: string) => postJson(`/admin/wallet-pass/operations/${id}/resolve`), {
    success: t("common.toast.resolved"),
    invalidate,
  })
  return { retry, resolve }
}

/** Retry / Mark resolved for one request that needs a person; nothing for the others. */
export const ReviewButtons = ({
  operation,
  actions,
}: {
  operation: { id: string; state: string }
  actions: ReturnType<typeof useReviewActions>
}) => {
  const { t } = useWalletPassFormat()
  if (!REVIEWABLE_STATES.includes(operation.state)) return null
  return (
    <div className="flex shrink-0 justify-end gap-2 whitespace-nowrap">
      <Button
        size="small"
        variant="secondary"
        disabled={actions.retry.isPending}
        onClick={() => actions.retry.mutate(operation.id)}
        data-testid="wallet-pass-retry"
      >
        {t("common.actions.retry")}
      </Button>
      <Button
        size="small"
        variant="transparent"
        disabled={actions.resolve.isPending}
        onClick={() => actions.resolve.mutate(operation.id)}
        data-testid="wallet-pass-resolve"
      >
        {t("common.actions.resolve")}
      </Button>
    </div>
  )
}
