import { Container, Heading } from "@medusajs/ui"
import type { AdminCustomerWalletPassStoreEventsResponse, Json } from "../../api/types"
import { STORE_EVENT_STATES } from "../../modules/wallet-pass/browser"
import { type CustomerSectionProps, useCustomerList, useListControls } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { RowsTable } from "./rows-table"

type StoreEvent = Json<AdminCustomerWalletPassStoreEventsResponse>["store_events"][number]

/**
 * The store events sent to the service's triggers for this customer, or skipped with why
 * (docs/store-events.md), in Medusa's DataTable: newest first, 20 a page, sorted by date,
 * filtered by sent or skipped.
 */
export const PassStoreEvents = ({ currency, ...props }: CustomerSectionProps & { currency: string | null }) => {
  const f = useWalletPassFormat()
  const { t } = f
  const controls = useListControls("-created_at")
  const { data, paging, isLoading } = useCustomerList<AdminCustomerWalletPassStoreEventsResponse>(
    "store-events",
    props,
    controls.query
  )
  return (
    <Container className="p-0" data-testid="wallet-pass-store-events-sent">
      <RowsTable<StoreEvent>
        title={<Heading level="h2">{t("customer.events.title")}</Heading>}
        rows={data?.store_events ?? []}
        paging={paging}
        isLoading={isLoading}
        sorting={controls.sorting}
        filtering={{
          filters: [
            {
              id: "state",
              type: "select",
              label: t("common.columns.state"),
              options: STORE_EVENT_STATES.map((state) => ({
                value: state,
                label: t(`customer.events.state.${state}`),
              })),
            },
          ],
          state: controls.filterState,
          setState: controls.setFilters,
        }}
        empty={t("customer.events.none")}
        testId="wallet-pass-store-events-table"
        columns={[
          { header: t("common.columns.date"), cell: (e) => f.dateTime(e.created_at), sort: "created_at" },
          {
            header: t("customer.events.event"),
            cell: (e) =>
              t("customer.events.line", {
                event: t(`page.events.name.${e.event}`, { defaultValue: e.event }),
                key: e.key,
              }),
          },
          {
            header: t("customer.events.value"),
            cell: (e) => (e.value ? f.eventValue(e, currency) : ""),
            title: (e) => (e.value ? f.eventValue(e, currency) : ""),
            truncate: true,
          },
          {
            header: t("common.columns.state"),
            cell: (e) =>
              e.state === "skipped"
                ? t("customer.events.skipped", { reason: f.reason(e) })
                : t(`customer.events.state.${e.state}`),
            title: (e) => (e.state === "skipped" ? f.reason(e) : null),
            truncate: true,
          },
        ]}
      />
    </Container>
  )
}
