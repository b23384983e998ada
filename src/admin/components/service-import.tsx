import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { formatAge, getJson, postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import type { AdminWalletPassImportItemListResponse, AdminWalletPassImportResponse } from "../../api/types"
import { ActionButton } from "./action-button"
import { RowsTable } from "./rows-table"

const PHASE_LABEL: Record<string, string> = {
  list: "Listing the service's customers",
  read: "Reading each customer",
  ready: "Imported — run the final refresh right before you switch the service to external CRM",
  refresh: "Final refresh",
  done: "Done",
}

/**
 * Import of the customers the service already has (docs/adoption.md): start or resume,
 * progress with the requests spent and an estimate at the plan's background rate, the final
 * refresh, and the customers skipped or left for review with their reasons.
 */
export const ServiceImport = () => {
  const { data } = useQuery({
    queryKey: walletPassKeys.import,
    queryFn: () => getJson<AdminWalletPassImportResponse>("/admin/wallet-pass/import"),
    refetchInterval: (query) =>
      query.state.data?.import?.state === "running" && query.state.data.import.phase !== "ready" ? 3000 : false,
  })
  const run = data?.import
  // Keyed by the counts: the list follows the run as it skips or flags customers.
  const problemKey = `${run?.id}:${(run?.customers.skipped ?? 0) + (run?.customers.review ?? 0)}`
  const problems = useQuery({
    queryKey: walletPassKeys.importItems(problemKey),
    queryFn: () =>
      getJson<AdminWalletPassImportItemListResponse>("/admin/wallet-pass/import/items", {
        state: "review,skipped",
        limit: "10",
      }),
    enabled: !!run,
  })
  const invalidate = [walletPassKeys.import, walletPassKeys.status, walletPassKeys.sync]
  const start = useWalletPassAction(() => postJson("/admin/wallet-pass/import"), {
    success: "Import started",
    invalidate,
  })
  const refresh = useWalletPassAction(() => postJson("/admin/wallet-pass/import/refresh"), {
    success: "Final refresh started",
    invalidate,
  })
  const running = run?.state === "running"

  return (
    <Container className="flex flex-col gap-3 px-6 py-4" data-testid="wallet-pass-import">
      <div className="flex items-center justify-between">
        <Heading level="h2">Import from the service</Heading>
        <div className="flex gap-2">
          {running && run?.phase === "ready" && (
            <ActionButton
              action={refresh}
              variant="primary"
              confirm={{
                title: "Run the final refresh?",
                description:
                  "Every imported customer is read once more and balances the service changed since the import are taken into the store. Switch the service to the external-CRM mode right after it ends.",
                confirmText: "Run the final refresh",
              }}
            >
              Final refresh
            </ActionButton>
          )}
          {!(running && (run?.phase === "ready" || run?.phase === "refresh")) && (
            <ActionButton action={start} data-testid="wallet-pass-import-start">
              {running ? "Resume" : run ? "Import again" : "Start import"}
            </ActionButton>
          )}
        </div>
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        Brings the customers the service already has into the store with their balances, rates and cards. Safe to
        repeat: customers the store knows are skipped. Uses spare budget only (at most{" "}
        {run?.requests.per_hour ?? "half the plan's"} requests an hour).
      </Text>
      {run && (
        <>
          <div className="flex items-center gap-2">
            <Badge size="2xsmall" color={run.state === "done" ? "green" : run.state === "running" ? "blue" : "red"}>
              {run.state}
            </Badge>
            <Text size="small">{PHASE_LABEL[run.phase] ?? run.phase}</Text>
          </div>
          <div className="grid grid-cols-6 gap-2">
            {(
              [
                ["Found", run.customers.found],
                ["Adopted", run.customers.adopted],
                ["Linked", run.customers.linked],
                ["Created", run.customers.created],
                ["Skipped", run.customers.skipped],
                ["Review", run.customers.review],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {label}
                </Text>
                <Text size="large" weight="plus" data-testid={`wallet-pass-import-${label.toLowerCase()}`}>
                  {value}
                </Text>
              </div>
            ))}
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {run.requests.spent} requests spent
            {running && run.requests.remaining > 0
              ? `, about ${run.requests.remaining} to go (${formatAge(run.eta_seconds)} at the background rate)`
              : ""}
            {run.phase === "list"
              ? ` · window ${Math.min(run.windows.done + 1, run.windows.total)} of ${run.windows.total}`
              : ""}
          </Text>
          {!!problems.data?.items.length && (
            <RowsTable
              rows={problems.data.items}
              columns={[
                { header: "Phone", cell: (item) => item.phone },
                { header: "State", cell: (item) => item.state },
                { header: "Why", cell: (item) => item.reason },
              ]}
            />
          )}
        </>
      )}
    </Container>
  )
}
