import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { OperationStateBadge } from "../components/operation-state-badge"
import { getJson, walletPassKeys } from "../lib/api"
import type { AdminOrderWalletPass, AdminOrderWalletPassResponse } from "../../api/types"
import { ledgerColumns, RowsTable } from "../components/rows-table"

const TOTALS: { key: keyof Omit<AdminOrderWalletPass, "entries">; label: string }[] = [
  { key: "credited", label: "Bonus credited" },
  { key: "redeemed", label: "Bonus redeemed" },
  { key: "reversed", label: "Credit reversed" },
  { key: "redemption_refunded", label: "Redemption refunded" },
]

/** The bonus of one order and the state of each request to the service. */
const OrderWalletPassWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, isLoading, isError } = useQuery({
    queryKey: walletPassKeys.order(order.id),
    queryFn: () => getJson<AdminOrderWalletPassResponse>(`/admin/orders/${order.id}/wallet-pass`),
  })
  const bonus = data?.wallet_pass

  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-order-widget">
      <div className="px-6 py-4">
        <Heading level="h2">Wallet pass bonus</Heading>
      </div>
      {isLoading && <Text className="px-6 py-4 text-ui-fg-subtle">Loading…</Text>}
      {isError && <Text className="px-6 py-4 text-ui-fg-error">Could not load the order's bonus.</Text>}
      {bonus && bonus.entries.length === 0 && (
        <Text className="px-6 py-4 text-ui-fg-subtle">No bonus on this order.</Text>
      )}
      {bonus && bonus.entries.length > 0 && (
        <>
          <div className="grid grid-cols-4 gap-4 px-6 py-4">
            {TOTALS.map(({ key, label }) => (
              <div key={key}>
                <Text size="small" className="text-ui-fg-subtle">
                  {label}
                </Text>
                <Text size="large" weight="plus">
                  {bonus[key]}
                </Text>
              </div>
            ))}
          </div>
          <RowsTable
            rows={bonus.entries}
            columns={[
              ...ledgerColumns(),
              { header: "Entry", cell: (entry) => entry.state },
              {
                header: "Request",
                cell: (entry) =>
                  entry.operation ? (
                    <span title={entry.operation.last_error ?? undefined}>
                      <OperationStateBadge state={entry.operation.state} />
                    </span>
                  ) : (
                    "—"
                  ),
              },
            ]}
          />
        </>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.after" })

export default OrderWalletPassWidget
