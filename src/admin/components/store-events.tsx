import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { getJson, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import type { AdminWalletPassStatusResponse } from "../../api/types"
import { RowsTable } from "./rows-table"

/**
 * Store events → the service's triggers (docs/store-events.md): which store event goes as
 * which key, and per key what the last 24 hours sent, skipped, left waiting or failed; the
 * daily cap and whether it holds events back until tomorrow.
 */
export const StoreEvents = () => {
  const f = useWalletPassFormat()
  const { t } = f
  // The status query's data: the panel above fetches and refreshes it.
  const { data } = useQuery({
    queryKey: walletPassKeys.status,
    queryFn: () => getJson<AdminWalletPassStatusResponse>("/admin/wallet-pass/status"),
  })
  const events = data?.wallet_pass_status.events
  if (!events) return null
  const counts = new Map(events.last_24h.map((row) => [row.key, row]))
  const rows = events.mapping.map((m) => ({ id: m.event, ...m, ...(counts.get(m.key) ?? {}) }))
  // A window of 0 hours is none (once per order, shipment…): nothing to say.
  const settings = (p: Record<string, number>) =>
    Object.entries(p)
      .filter(([name, value]) => !(name === "windowHours" && value === 0))
      .map(([name, value]) => t(`page.events.param.${name}`, { count: value, defaultValue: `${name} ${value}` }))
      .join(", ")
  return (
    <Container className="flex flex-col gap-2 p-0" data-testid="wallet-pass-store-events">
      <div className="flex items-center justify-between px-6 pt-4">
        <Heading level="h2">{t("page.events.title")}</Heading>
        {events.per_day !== null && (
          <Badge size="small" color={events.capped ? "orange" : "grey"} data-testid="wallet-pass-events-cap">
            {events.capped
              ? t("page.events.capped", {
                  sent: f.number(events.sent_today),
                  cap: f.number(events.per_day),
                  count: events.waiting,
                })
              : t("page.events.sentToday", { sent: f.number(events.sent_today), cap: f.number(events.per_day) })}
          </Badge>
        )}
      </div>
      {rows.length === 0 ? (
        <Text size="small" className="px-6 pb-4 text-ui-fg-subtle">
          {t("page.events.none")}
        </Text>
      ) : (
        <RowsTable
          rows={rows}
          columns={[
            {
              header: t("page.events.storeEvent"),
              cell: (r) => t(`page.events.name.${r.event}`, { defaultValue: r.event }),
              title: (r) => r.event,
            },
            { header: t("page.events.key"), cell: (r) => r.key },
            { header: t("page.events.settings"), cell: (r) => settings(r.params) || t("common.none") },
            { header: t("page.events.sent"), cell: (r) => ("sent" in r ? r.sent : 0) },
            { header: t("page.events.waiting"), cell: (r) => ("waiting" in r ? r.waiting : 0) },
            { header: t("page.events.skipped"), cell: (r) => ("skipped" in r ? r.skipped : 0) },
            { header: t("page.events.failed"), cell: (r) => ("failed" in r ? r.failed : 0) },
          ]}
        />
      )}
    </Container>
  )
}
