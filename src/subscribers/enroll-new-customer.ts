import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { enrollCustomerWorkflow } from "../workflows/enrollment/enroll-customer"

/** A new store customer (signup or admin): enrol them in the wallet-pass program. */
export default async function enrollNewCustomer({ event, container }: SubscriberArgs<{ id: string }>) {
  await enrollCustomerWorkflow(container).run({ input: { customer_id: event.data.id, source: "signup" } })
}

export const config: SubscriberConfig = {
  event: "customer.created",
  context: { subscriberId: "wallet-pass-enroll-new-customer" },
}
