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
  const button = (action: "retry" | "resolve", variant: "secondary" | "transparent", label: string) => (
    <Button
      size="small"
      variant={variant}
      disabled={actions[action].isPending}
      onClick={() => actions[action].mutate(operation.id)}
      data-testid={`wallet-pass-${action}`}
    >
      {label}
    </Button>
  )
  return (
    <div className="flex shrink-0 justify-end gap-2 whitespace-nowrap">
      {button("retry", "secondary", t("common.actions.retry"))}
      {button("resolve", "transparent", t("common.actions.resolve"))}
    </div>
  )
}
