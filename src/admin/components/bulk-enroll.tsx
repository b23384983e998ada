import { Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { getJson, postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import type { AdminWalletPassEnrollAllResponse } from "../../api/types"
import { ActionButton } from "./action-button"

/** Enrol every existing customer with a phone; requests go out after other work, within the plan's limits. */
export const BulkEnroll = () => {
  const { data } = useQuery({
    queryKey: walletPassKeys.enrollAll,
    queryFn: () => getJson<AdminWalletPassEnrollAllResponse>("/admin/wallet-pass/enroll-all"),
    refetchInterval: (query) => ((query.state.data?.progress.pending ?? 0) > 0 ? 5000 : false),
  })
  const start = useWalletPassAction(() => postJson("/admin/wallet-pass/enroll-all"), {
    success: "Bulk enrolment started",
    invalidate: [walletPassKeys.enrollAll, walletPassKeys.status],
  })
  const p = data?.progress
  const done = p ? p.enrolled + p.failed + p.not_enrolled_no_phone : 0
  const percent = p && p.total > 0 ? Math.round((done / p.total) * 100) : 0

  return (
    <Container className="flex flex-col gap-3 px-6 py-4">
      <div className="flex items-center justify-between">
        <Heading level="h2">Enrol existing customers</Heading>
        <ActionButton action={start}>Enrol all</ActionButton>
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        Safe to repeat: customers who already have a pass are skipped.
      </Text>
      {p && p.total > 0 && (
        <>
          <div className="h-2 w-full overflow-hidden rounded-full bg-ui-bg-subtle">
            <div className="h-full bg-ui-fg-interactive" style={{ width: `${percent}%` }} />
          </div>
          <Text size="small">
            {done} of {p.total} processed: {p.enrolled} enrolled, {p.pending} pending, {p.failed} failed,{" "}
            {p.not_enrolled_no_phone} without a phone
          </Text>
        </>
      )}
    </Container>
  )
}
