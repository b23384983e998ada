import { Badge, Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { formatDate, getJson, walletPassKeys } from "../lib/api"
import { backendLink } from "../lib/sdk"
import type {
  Json,
  AdminWalletPassHookDeliveryListResponse,
  AdminWalletPassHookRefusal,
  AdminWalletPassHookRefusalListResponse,
} from "../../api/types"

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
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Received</Table.HeaderCell>
              <Table.HeaderCell>Method</Table.HeaderCell>
              <Table.HeaderCell>Phone</Table.HeaderCell>
              <Table.HeaderCell>Answer</Table.HeaderCell>
              <Table.HeaderCell>Why</Table.HeaderCell>
              <Table.HeaderCell>Time</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {deliveries.map((d) => (
              <Table.Row key={d.id}>
                <Table.Cell>{formatDate(d.created_at)}</Table.Cell>
                <Table.Cell>{d.method ?? "—"}</Table.Cell>
                <Table.Cell>{d.phone ?? "—"}</Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color={OUTCOME_COLOR[d.outcome] ?? "red"}>
                    {d.status_code} {d.outcome}
                  </Badge>
                </Table.Cell>
                <Table.Cell className="max-w-xs truncate" title={d.error ?? undefined}>
                  {d.error ?? ""}
                </Table.Cell>
                <Table.Cell>{d.duration_ms} ms</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
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
