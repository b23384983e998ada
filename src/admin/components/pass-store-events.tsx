import { Text } from "@medusajs/ui"
import type { AdminWalletPass, Json } from "../../api/types"
import { useWalletPassFormat } from "../lib/format"

type StoreEvents = Json<AdminWalletPass>["store_events"]

/** The store events sent to the service's triggers for this customer, or skipped with why (docs/store-events.md). */
export const PassStoreEvents = ({ events }: { events: StoreEvents }) => {
  const f = useWalletPassFormat()
  const { t } = f
  if (events.length === 0) return null
  return (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-store-events-sent">
      <Text size="small" weight="plus">
        {t("customer.events.title")}
      </Text>
      {events.map((e) => (
        <Text size="xsmall" key={e.id} className="text-ui-fg-subtle">
          {f.dateTime(e.created_at)} ·{" "}
          {t("customer.events.line", {
            event: t(`page.events.name.${e.event}`, { defaultValue: e.event }),
            key: e.key,
          })}
          {e.value ? ` (${e.value})` : ""}
          {e.state === "skipped" ? ` — ${t("customer.events.skipped", { reason: f.reason(e.reason) })}` : ""}
        </Text>
      ))}
    </div>
  )
}
