import { Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { formatDate, getJson, postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { OperationStateBadge } from "./operation-state-badge"
import type { AdminWalletPassOperationListResponse } from "../../api/types"

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
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Created</Table.HeaderCell>
              <Table.HeaderCell>Request</Table.HeaderCell>
              <Table.HeaderCell>State</Table.HeaderCell>
              <Table.HeaderCell>Error</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {operations.map((op) => (
              <Table.Row key={op.id}>
                <Table.Cell>{formatDate(op.created_at)}</Table.Cell>
                <Table.Cell>{op.method}</Table.Cell>
                <Table.Cell>
                  <OperationStateBadge state={op.state} />
                </Table.Cell>
                <Table.Cell className="max-w-xs truncate" title={op.last_error ?? undefined}>
                  {op.last_error ?? "—"}
                </Table.Cell>
                <Table.Cell>
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
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
