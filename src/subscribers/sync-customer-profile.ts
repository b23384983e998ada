import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { syncHolderProfileWorkflow } from "../workflows/sync-holder-profile"

/** A store customer changed their name or email: the pass profile follows. */
export default async function syncCustomerProfile({ event, container }: SubscriberArgs<{ id: string }>) {
  await syncHolderProfileWorkflow(container).run({ input: { customer_id: event.data.id } })
}

export const config: SubscriberConfig = {
  event: "customer.updated",
  context: { subscriberId: "wallet-pass-sync-customer-profile" },
}
