import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { formatDate, getJson, postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { OperationStateBadge } from "./operation-state-badge"
import type { AdminWalletPassOperationListResponse } from "../../api/types"
import { RowsTable } from "./rows-table"

const REVIEW_STATES = "failed,needs_review"

/** Requests that failed or need a person: retry them or mark them handled by hand. */
export const OperationsReview = () => {
  const { data } = useQuery({
    queryKey: walletPassKeys.operations(REVIEW_STATES),
    queryFn: () =>
      getJson<AdminWalletPassOperationListResponse>("/admin/wallet-pass/operations", { state: REVIEW_STATES }),
  })
  const invalidate = [walletPassKeys.all]
  const retry = useWalletPassAction((id: string) => postJson(`/admin/wallet-pass/operations/${id}/retry`), {
    success: "Queued again",
    invalidate,
  })
  const resolve = useWalletPassAction((id: string) => postJson(`/admin/wallet-pass/operations/${id}/resolve`), {
    success: "Marked resolved",
    invalidate,
  })
  const operations = data?.operations ?? []

  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Needs review ({data?.count ?? 0})</Heading>
      </div>
      {operations.length === 0 ? (
        <Text className="px-6 py-4 text-ui-fg-subtle">Nothing failed.</Text>
      ) : (
        <RowsTable
          rows={operations}
          columns={[
            { header: "Created", cell: (op) => formatDate(op.created_at) },
            { header: "Request", cell: (op) => op.method },
            { header: "State", cell: (op) => <OperationStateBadge state={op.state} /> },
            { header: "Error", cell: (op) => op.last_error ?? "—", title: (op) => op.last_error, truncate: true },
            {
              cell: (op) => (
                <div className="flex justify-end gap-2">
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(op.id)}
                  >
                    Retry
                  </Button>
                  <Button
                    size="small"
                    variant="transparent"
                    disabled={resolve.isPending}
                    onClick={() => resolve.mutate(op.id)}
                  >
                    Mark resolved
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
    </Container>
  )
}
