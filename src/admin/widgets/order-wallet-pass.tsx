import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { ErrorDetail } from "../components/error-detail"
import { OperationStateBadge } from "../components/operation-state-badge"
import { ledgerColumns, RowsTable } from "../components/rows-table"
import { getJson, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import type { AdminOrderWalletPass, AdminOrderWalletPassResponse, Json } from "../../api/types"

const TOTALS = ["credited", "redeemed", "reversed", "redemption_refunded"] as const

/** The bonus of one order and the state of each request to the service. */
const OrderWalletPassWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data, isLoading, isError } = useQuery({
    queryKey: walletPassKeys.order(order.id),
    queryFn: () => getJson<AdminOrderWalletPassResponse>(`/admin/orders/${order.id}/wallet-pass`),
  })
  const bonus = data?.wallet_pass
  const currency = data?.currency_code ?? null
  type Entry = Json<AdminOrderWalletPass>["entries"][number]

  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-order-widget">
      <div className="px-6 py-4">
        <Heading level="h2">{t("order.title")}</Heading>
      </div>
      {isLoading && <Text className="px-6 py-4 text-ui-fg-subtle">{t("common.loading")}</Text>}
      {isError && <Text className="px-6 py-4 text-ui-fg-error">{t("order.loadFailed")}</Text>}
      {bonus && bonus.entries.length === 0 && <Text className="px-6 py-4 text-ui-fg-subtle">{t("order.none")}</Text>}
      {bonus && bonus.entries.length > 0 && (
        <>
          <div className="grid grid-cols-4 gap-4 px-6 py-4">
            {TOTALS.map((key) => (
              <div key={key}>
                <Text size="small" className="text-ui-fg-subtle">
                  {t(`order.totals.${key}`)}
                </Text>
                <Text size="large" weight="plus" data-testid={`wallet-pass-order-${key}`}>
                  {f.money(bonus[key], currency)}
                </Text>
              </div>
            ))}
          </div>
          <RowsTable<Entry>
            rows={bonus.entries}
            columns={[
              ...ledgerColumns<Entry>(f, currency),
              { header: t("order.entry"), cell: (entry) => f.label("ledgerState", entry.state) },
              {
                header: t("order.request"),
                cell: (entry) =>
                  entry.operation ? (
                    <div className="flex items-center gap-2">
                      <OperationStateBadge state={entry.operation.state} />
                      {entry.operation.last_error && <ErrorDetail error={entry.operation.last_error} />}
                    </div>
                  ) : (
                    t("common.none")
                  ),
              },
            ]}
          />
        </>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.after", id: "wallet-pass:order" })

export default OrderWalletPassWidget
