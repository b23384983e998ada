import { Badge, Button, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { formatDate, getJson, walletPassKeys } from "../lib/api"
import { backendLink } from "../lib/sdk"
import type {
  Json,
  AdminWalletPassHookDeliveryListResponse,
  AdminWalletPassHookRefusal,
  AdminWalletPassHookRefusalListResponse,
} from "../../api/types"
import { RowsTable } from "./rows-table"

/** Green for answered hooks, orange for a reused transactionId (the service must look at it), red for refusals. */
const OUTCOME_COLOR: Record<string, "green" | "orange" | "red"> = {
  ok: "green",
  duplicate: "green",
  conflict: "orange",
}

/** The latest hooks the service delivered, and the redacted request log for the service's support. */
export const HookDeliveries = () => {
  const { data } = useQuery({
    queryKey: walletPassKeys.hookDeliveries,
    queryFn: () =>
      getJson<AdminWalletPassHookDeliveryListResponse>("/admin/wallet-pass/hook-deliveries", {
        limit: "20",
      }),
  })
  const deliveries = data?.hook_deliveries ?? []
  const { data: refusals } = useQuery({
    queryKey: walletPassKeys.hookRefusals,
    queryFn: () => getJson<AdminWalletPassHookRefusalListResponse>("/admin/wallet-pass/hook-refusals", { limit: "10" }),
  })

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Hook deliveries ({data?.count ?? 0})</Heading>
        <Button size="small" variant="secondary" asChild>
          <a href={backendLink("/admin/wallet-pass/api-calls")} download="wallet-pass-api-calls.ndjson">
            Download request log
          </a>
        </Button>
      </div>
      <Text size="small" className="px-6 py-2 text-ui-fg-subtle">
        The request log (NDJSON) has every call to the service with secrets removed; send it to the service's support.
      </Text>
      {deliveries.length === 0 ? (
        <Text className="px-6 py-4 text-ui-fg-subtle">No hooks received yet.</Text>
      ) : (
        <RowsTable
          rows={deliveries}
          columns={[
            { header: "Received", cell: (d) => formatDate(d.created_at) },
            { header: "Method", cell: (d) => d.method ?? "—" },
            { header: "Phone", cell: (d) => d.phone ?? "—" },
            {
              header: "Answer",
              cell: (d) => (
                <Badge size="2xsmall" color={OUTCOME_COLOR[d.outcome] ?? "red"}>
                  {d.status_code} {d.outcome}
                </Badge>
              ),
            },
            { header: "Why", cell: (d) => d.error ?? "", title: (d) => d.error, truncate: true },
            { header: "Time", cell: (d) => `${d.duration_ms} ms` },
          ]}
        />
      )}
      <RefusedDeliveries minutes={refusals?.hook_refusals ?? []} />
    </Container>
  )
}

/**
 * Deliveries refused before authentication (wrong credentials, address or headers): a
 * count per minute and the first few of each minute, so a misconfigured service or
 * someone probing the hook URL shows here without filling the log.
 */
const RefusedDeliveries = ({ minutes }: { minutes: Json<AdminWalletPassHookRefusal>[] }) => (
  <div className="px-6 py-4" data-testid="wallet-pass-hook-refusals">
    <Text size="small" weight="plus">
      Refused before authentication
    </Text>
    {minutes.length === 0 ? (
      <Text size="small" className="text-ui-fg-subtle">
        None recently.
      </Text>
    ) : (
      minutes.map((m) => (
        <div key={m.minute} className="mt-2">
          <Text size="small">
            {formatDate(m.minute)}: {m.refused} refused
          </Text>
          {m.samples.map((sample, i) => (
            <Text size="xsmall" key={`${sample.at}-${i}`} className="text-ui-fg-subtle">
              {sample.status} from {sample.address ?? "unknown address"} — {sample.reason}
            </Text>
          ))}
        </div>
      ))
    )}
  </div>
)
