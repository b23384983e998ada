import { Badge, Button, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { getJson, postJson, usePagedList, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import type {
  AdminWalletPassImportItemListResponse,
  AdminWalletPassImportResponse,
  AdminWalletPassStatusResponse,
} from "../../api/types"
import { ActionButton } from "./action-button"
import { RowsTable } from "./rows-table"

const COUNTS = ["found", "adopted", "linked", "created", "skipped", "review"] as const

/**
 * Import of the customers the service already has (docs/adoption.md): start it (it resumes by itself after a restart),
 * progress with the requests spent and an estimate at the plan's background rate, the final
 * refresh, and the customers skipped or left for review with their reasons.
 */
export const ServiceImport = () => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data } = useQuery({
    queryKey: walletPassKeys.import,
    queryFn: () => getJson<AdminWalletPassImportResponse>("/admin/wallet-pass/import"),
    refetchInterval: (query) =>
      query.state.data?.import?.state === "running" && query.state.data.import.phase !== "ready" ? 3000 : false,
  })
  const run = data?.import
  // Keyed by the run and its counts: the list follows the run as it skips or flags customers.
  const problems = usePagedList<AdminWalletPassImportItemListResponse>(
    walletPassKeys.importItems(`${run?.id}:${(run?.customers.skipped ?? 0) + (run?.customers.review ?? 0)}`),
    "/admin/wallet-pass/import/items",
    { state: "review,skipped" },
    { pageSize: 10 }
  )
  const invalidate = [walletPassKeys.import, walletPassKeys.status, walletPassKeys.sync]
  const start = useWalletPassAction(() => postJson("/admin/wallet-pass/import"), {
    success: t("page.import.started"),
    invalidate,
  })
  const refresh = useWalletPassAction(() => postJson("/admin/wallet-pass/import/refresh"), {
    success: t("page.import.refreshStarted"),
    invalidate,
  })
  // A pass the service links to another CRM, skipped: the merchant may make it the store's.
  const takeOver = useWalletPassAction(
    (itemId: string) => postJson(`/admin/wallet-pass/import/items/${encodeURIComponent(itemId)}/take-over`),
    { success: t("page.import.takenOver"), invalidate }
  )
  const running = run?.state === "running"
  // The connection panel's own query: whether the service already sends its changes to the store.
  const { data: status } = useQuery({
    queryKey: walletPassKeys.status,
    queryFn: () => getJson<AdminWalletPassStatusResponse>("/admin/wallet-pass/status"),
  })
  const external = status?.wallet_pass_status.service.mode === "external_crm"
  // A run whose customers are all read waits for the admin, not for the store: not "running".
  const waitsForRefresh = running && run?.phase === "ready"
  const phaseKey = run?.phase === "ready" && external ? "readyExternal" : run?.phase

  return (
    <Container className="flex flex-col gap-3 px-6 py-4" data-testid="wallet-pass-import">
      <div className="flex items-center justify-between">
        <Heading level="h2">{t("page.import.title")}</Heading>
        <div className="flex gap-2">
          {running && run?.phase === "ready" && (
            <ActionButton
              action={refresh}
              variant="primary"
              confirm={{
                title: t("page.import.refreshConfirmTitle"),
                description: t(external ? "page.import.refreshConfirmTextExternal" : "page.import.refreshConfirmText"),
                confirmText: t("page.import.refreshConfirm"),
              }}
            >
              {t("page.import.refresh")}
            </ActionButton>
          )}
          {/* A running import goes on by itself (after a restart too): nothing to press until it ends. */}
          {!running && (
            <ActionButton action={start} data-testid="wallet-pass-import-start">
              {run ? t("page.import.again") : t("page.import.start")}
            </ActionButton>
          )}
        </div>
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        {run
          ? t("page.import.help", {
              count: run.requests.per_hour,
              perHour: f.number(run.requests.per_hour),
            })
          : t("page.import.helpBeforeFirst")}
      </Text>
      {run && (
        <>
          <div className="flex items-center gap-2">
            <Badge
              size="2xsmall"
              color={
                run.state === "done" ? "green" : waitsForRefresh ? "orange" : run.state === "running" ? "blue" : "red"
              }
              data-testid="wallet-pass-import-state"
            >
              {waitsForRefresh ? t("page.import.stateReady") : f.label("syncRunState", run.state)}
            </Badge>
            <Text size="small" data-testid="wallet-pass-import-phase">
              {t(`page.import.phase.${phaseKey}`, { defaultValue: run.phase })}
            </Text>
          </div>
          <div className="grid grid-cols-6 gap-2">
            {COUNTS.map((key) => (
              <div key={key}>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {t(`page.import.counts.${key}`)}
                </Text>
                <Text size="large" weight="plus" data-testid={`wallet-pass-import-${key}`}>
                  {f.number(run.customers[key])}
                </Text>
              </div>
            ))}
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {t("page.import.spent", { count: run.requests.spent })}
            {running && run.requests.remaining > 0
              ? ` ${t("page.import.toGo", { count: run.requests.remaining, eta: f.age(run.eta_seconds) })}`
              : ""}
            {run.phase === "list"
              ? ` · ${t("page.import.window", {
                  window: f.number(Math.min(run.windows.done + 1, run.windows.total)),
                  total: f.number(run.windows.total),
                })}`
              : ""}
          </Text>
          {!!problems.data?.items.length && (
            <RowsTable
              rows={problems.data.items}
              paging={problems.paging}
              columns={[
                { header: t("common.filters.phone"), cell: (item) => item.phone },
                { header: t("common.columns.state"), cell: (item) => f.label("importItemState", item.state) },
                {
                  header: t("page.import.why"),
                  cell: (item) => f.reason(item, { currency: problems.data?.currency_code }),
                  title: (item) => f.reason(item, { currency: problems.data?.currency_code }),
                  truncate: true,
                },
                {
                  header: "",
                  cell: (item) =>
                    item.reason_code === "import_remote_crm" && item.state === "skipped" ? (
                      <Button
                        size="small"
                        variant="secondary"
                        isLoading={takeOver.isPending && takeOver.variables === item.id}
                        onClick={() => takeOver.mutate(item.id)}
                        data-testid="wallet-pass-import-take-over"
                      >
                        {t("page.import.takeOver")}
                      </Button>
                    ) : null,
                },
              ]}
            />
          )}
        </>
      )}
    </Container>
  )
}
