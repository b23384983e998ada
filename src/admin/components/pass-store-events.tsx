import { Text } from "@medusajs/ui"
import type { AdminWalletPass, Json } from "../../api/types"
import { formatDate } from "../lib/api"

type StoreEvents = Json<AdminWalletPass>["store_events"]

/** The store events sent to the service's triggers for this customer, or skipped with why (docs/store-events.md). */
export const PassStoreEvents = ({ events }: { events: StoreEvents }) =>
  events.length === 0 ? null : (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-store-events-sent">
      <Text size="small" weight="plus">
        Store events
      </Text>
      {events.map((e) => (
        <Text size="xsmall" key={e.id} className="text-ui-fg-subtle">
          {formatDate(e.created_at)} · {e.event} as “{e.key}”{e.value ? ` (${e.value})` : ""}
          {e.state === "skipped" ? ` — not sent: ${e.reason}` : ""}
        </Text>
      ))}
    </div>
  )
