import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { enrollCustomerWorkflow } from "../workflows/enrollment/enroll-customer"
import { syncHolderProfileWorkflow } from "../workflows/enrollment/sync-holder-profile"
import { trackedWork } from "../utils/background-work"

/**
 * A store customer changed. One recorded without a usable phone who now has one is enrolled;
 * then name and email changes follow to the pass (coalesced with that enrolment when both
 * are waiting).
 */
async function syncCustomerProfile({ event, container }: SubscriberArgs<{ id: string }>) {
  const customer_id = event.data.id
  await enrollCustomerWorkflow(container).run({
    input: { customer_id, source: "signup", retry: "phone_added", existing_only: true },
  })
  await syncHolderProfileWorkflow(container).run({ input: { customer_id } })
}

export default trackedWork(syncCustomerProfile)

export const config: SubscriberConfig = {
  event: "customer.updated",
  context: { subscriberId: "wallet-pass-sync-customer-profile" },
}
