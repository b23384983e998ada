import { Badge, Button, Container, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { HOOK_METHODS } from "../../lib/constants"
import { HOOK_OUTCOMES } from "../../modules/wallet-pass/browser"
import { usePagedList, walletPassKeys, type Paging } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { backendLink } from "../lib/sdk"
import type {
  AdminWalletPassHookDelivery,
  AdminWalletPassHookDeliveryListResponse,
  AdminWalletPassHookRefusal,
  AdminWalletPassHookRefusalListResponse,
  Json,
} from "../../api/types"
import { ErrorDetail } from "./error-detail"
import { LogFilters, type LogFilterValues } from "./log-filters"
import { RowsTable } from "./rows-table"

/** Green for answered hooks, orange for a reused transactionId (the service must look at it), red for refusals. */
const OUTCOME_COLOR: Record<string, "green" | "orange" | "red"> = {
  ok: "green",
  duplicate: "green",
  conflict: "orange",
}

type Delivery = Json<AdminWalletPassHookDelivery>

/**
 * The hooks the service delivered, newest first, a page at a time, by method, outcome and
 * phone; the redacted request log for the service's support; refusals before authentication.
 */
export const HookDeliveries = () => {
  const f = useWalletPassFormat()
  const { t } = f
  const [filters, setFilters] = useState<LogFilterValues>({})
  const [order, setOrder] = useState("-created_at")
  const { data, paging } = usePagedList<AdminWalletPassHookDeliveryListResponse>(
    walletPassKeys.hookDeliveries,
    "/admin/wallet-pass/hook-deliveries",
    { method: filters.method, outcome: filters.state, phone: filters.phone, order },
    { pageSize: 20 }
  )
  const refusals = usePagedList<AdminWalletPassHookRefusalListResponse>(
    walletPassKeys.hookRefusals,
    "/admin/wallet-pass/hook-refusals",
    {},
    { pageSize: 10 }
  )
  const method = (d: Delivery) =>
    d.method && (HOOK_METHODS as readonly string[]).includes(d.method)
      ? f.label("hookMethod", d.method)
      : d.method
        ? `${t("common.hookMethod.unknown")} (${d.method})`
        : t("common.hookMethod.unknown")

  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-hooks">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("page.hooks.title", { count: data?.count ?? 0 })}</Heading>
        <Button size="small" variant="secondary" asChild>
          <a href={backendLink("/admin/wallet-pass/api-calls")} download="wallet-pass-api-calls.ndjson">
            {t("page.hooks.download")}
          </a>
        </Button>
      </div>
      <Text size="small" className="px-6 py-2 text-ui-fg-subtle">
        {t("page.hooks.help")}
      </Text>
      <LogFilters
        testId="wallet-pass-hooks-filters"
        value={filters}
        onChange={setFilters}
        methods={[...HOOK_METHODS, "unknown"].map((m) => ({ value: m, label: f.label("hookMethod", m) }))}
        states={HOOK_OUTCOMES.map((o) => ({ value: o, label: f.label("hookOutcome", o) }))}
      />
      <RowsTable<Delivery>
        testId="wallet-pass-hooks-table"
        rows={data?.hook_deliveries ?? []}
        paging={paging}
        sorting={{ order, setOrder }}
        empty={filters.method || filters.state || filters.phone ? t("common.filters.noMatch") : t("page.hooks.none")}
        columns={[
          {
            header: t("page.hooks.received"),
            cell: (d) => f.dateTime(d.created_at),
            className: "whitespace-nowrap",
            sort: "created_at",
          },
          { header: t("common.columns.method"), cell: method },
          { header: t("common.filters.phone"), cell: (d) => d.phone ?? t("common.none") },
          {
            header: t("page.hooks.answer"),
            cell: (d) => (
              <Badge size="2xsmall" color={OUTCOME_COLOR[d.outcome] ?? "red"} title={String(d.status_code)}>
                {`${d.status_code} · ${f.label("hookOutcome", d.outcome)}`}
              </Badge>
            ),
          },
          {
            header: t("common.columns.error"),
            cell: (d) => {
              const dropped = (d.dropped ?? []) as unknown as { field: string; reason: string }[]
              return dropped.length ? (
                <span title={dropped.map((x) => `${x.field}: ${x.reason}`).join("\n")}>
                  {t("page.hooks.dropped", { fields: dropped.map((x) => x.field).join(", ") })}
                </span>
              ) : (
                <ErrorDetail error={d.error} other={t("page.hooks.ourAnswer")} testId="wallet-pass-hook-error" />
              )
            },
          },
          { header: t("page.hooks.time"), cell: (d) => t("page.hooks.ms", { value: d.duration_ms }) },
        ]}
      />
      <RefusedDeliveries minutes={refusals.data?.hook_refusals ?? []} paging={refusals.paging} />
    </Container>
  )
}

/**
 * Deliveries refused before authentication (wrong credentials, address or headers): a
 * count per minute and the first few of each minute, so a misconfigured service or
 * someone probing the hook URL shows here without filling the log. Ten minutes a page.
 */
const RefusedDeliveries = ({ minutes, paging }: { minutes: Json<AdminWalletPassHookRefusal>[]; paging: Paging }) => {
  const f = useWalletPassFormat()
  const { t } = f
  return (
    <div className="flex flex-col" data-testid="wallet-pass-hook-refusals">
      <Text size="small" weight="plus" className="px-6 pt-4 pb-2">
        {t("page.hooks.refusedTitle")}
      </Text>
      <RowsTable<Json<AdminWalletPassHookRefusal>>
        rows={minutes}
        paging={paging}
        empty={t("page.hooks.refusedNone")}
        columns={[
          { header: t("page.hooks.minute"), cell: (m) => f.dateTime(m.minute), className: "whitespace-nowrap" },
          { header: t("page.hooks.refusedCount"), cell: (m) => t("page.hooks.refused", { count: m.refused }) },
          {
            header: t("page.hooks.samples"),
            cell: (m) => (
              <div className="flex flex-col">
                {m.samples.map((sample, i) => (
                  <Text
                    size="xsmall"
                    key={`${sample.at}-${i}`}
                    className="text-ui-fg-subtle"
                    // What the store answered the service, as the service got it.
                    data-wallet-pass-verbatim={sample.reason}
                  >
                    {t("page.hooks.refusedSample", {
                      status: sample.status,
                      address: sample.address ?? t("page.hooks.unknownAddress"),
                      reason: sample.reason,
                    })}
                  </Text>
                ))}
              </div>
            ),
          },
        ]}
      />
    </div>
  )
}
