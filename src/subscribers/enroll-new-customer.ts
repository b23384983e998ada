import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { enrollCustomerWorkflow } from "../workflows/enrollment/enroll-customer"
import { trackedWork } from "../utils/background-work"

/** A new store customer (signup or admin): enrol them in the wallet-pass program. */
async function enrollNewCustomer({ event, container }: SubscriberArgs<{ id: string }>) {
  await enrollCustomerWorkflow(container).run({ input: { customer_id: event.data.id, source: "signup" } })
}

export default trackedWork(enrollNewCustomer)

export const config: SubscriberConfig = {
  event: "customer.created",
  context: { subscriberId: "wallet-pass-enroll-new-customer" },
}
