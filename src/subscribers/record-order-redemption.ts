import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { afterRequest } from "../lib/after-request"
import { recordOrderRedemptionWorkflow } from "../workflows/redemption/record-order-redemption"
import { trackedWork } from "../utils/background-work"

/** An order placed from a cart that paid with bonus: record the redemption and tell the service, once. */
async function recordOrderRedemption({ event, container }: SubscriberArgs<{ id: string }>) {
  if (event.data?.id) {
    await afterRequest()
    await recordOrderRedemptionWorkflow(container).run({ input: { order_id: event.data.id } })
  }
}

export default trackedWork(recordOrderRedemption)

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "wallet-pass-record-order-redemption" },
}
