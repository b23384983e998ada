import { Text } from "@medusajs/ui"
import type { AdminCustomerWalletPassStoreEventsResponse } from "../../api/types"
import { type CustomerSectionProps, useCustomerList } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { Pager } from "./rows-table"

/**
 * The store events sent to the service's triggers for this customer, or skipped with why
 * (docs/store-events.md), newest first, a page at a time.
 */
export const PassStoreEvents = ({ currency, ...props }: CustomerSectionProps & { currency: string | null }) => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data, paging } = useCustomerList<AdminCustomerWalletPassStoreEventsResponse>("store-events", props)
  if (!data?.count) return null
  return (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-store-events-sent">
      <Text size="small" weight="plus">
        {t("customer.events.title")}
      </Text>
      {data.store_events.map((e) => (
        <Text size="xsmall" key={e.id} className="text-ui-fg-subtle">
          {f.dateTime(e.created_at)} ·{" "}
          {t("customer.events.line", {
            event: t(`page.events.name.${e.event}`, { defaultValue: e.event }),
            key: e.key,
          })}
          {e.value ? ` (${f.eventValue(e, currency)})` : ""}
          {e.state === "skipped" ? ` — ${t("customer.events.skipped", { reason: f.reason(e) })}` : ""}
        </Text>
      ))}
      <Pager paging={paging} testId="wallet-pass-store-events-pagination" />
    </div>
  )
}
