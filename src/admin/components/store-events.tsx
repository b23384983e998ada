import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { getJson, walletPassKeys } from "../lib/api"
import type { AdminWalletPassStatusResponse } from "../../api/types"
import { RowsTable } from "./rows-table"

const params = (p: Record<string, number>) =>
  Object.entries(p)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ")

/**
 * Store events → the service's triggers (docs/store-events.md): which store event goes as
 * which key, and per key what the last 24 hours sent, skipped, left waiting or failed; the
 * daily cap and whether it holds events back until tomorrow.
 */
export const StoreEvents = () => {
  // The status query's data: the panel above fetches and refreshes it.
  const { data } = useQuery({
    queryKey: walletPassKeys.status,
    queryFn: () => getJson<AdminWalletPassStatusResponse>("/admin/wallet-pass/status"),
  })
  const events = data?.wallet_pass_status.events
  if (!events) return null
  const counts = new Map(events.last_24h.map((row) => [row.key, row]))
  const rows = events.mapping.map((m) => ({ id: m.event, ...m, ...(counts.get(m.key) ?? {}) }))
  return (
    <Container className="flex flex-col gap-2 p-0" data-testid="wallet-pass-store-events">
      <div className="flex items-center justify-between px-6 pt-4">
        <Heading level="h2">Store events</Heading>
        {events.per_day !== null && (
          <Badge size="small" color={events.capped ? "orange" : "grey"} data-testid="wallet-pass-events-cap">
            {events.capped
              ? `Daily cap reached: ${events.sent_today} of ${events.per_day} sent today, ${events.waiting} wait for tomorrow`
              : `${events.sent_today} of ${events.per_day} sent today`}
          </Badge>
        )}
      </div>
      {rows.length === 0 ? (
        <Text size="small" className="px-6 pb-4 text-ui-fg-subtle">
          No store event is mapped to an event key: set the plugin option `events` to send orders, shipments, abandoned
          carts and more to the service's triggers.
        </Text>
      ) : (
        <RowsTable
          rows={rows}
          columns={[
            { header: "Store event", cell: (r) => r.event },
            { header: "Event key", cell: (r) => r.key },
            { header: "Settings", cell: (r) => params(r.params) || "—" },
            { header: "Sent (24 h)", cell: (r) => ("sent" in r ? r.sent : 0) },
            { header: "Waiting", cell: (r) => ("waiting" in r ? r.waiting : 0) },
            { header: "Skipped", cell: (r) => ("skipped" in r ? r.skipped : 0) },
            { header: "Failed", cell: (r) => ("failed" in r ? r.failed : 0) },
          ]}
        />
      )}
    </Container>
  )
}
