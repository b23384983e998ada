import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { refundOrderRedemptionWorkflow } from "../workflows/redemption/refund-order-redemption"
import { trackedWork } from "../utils/background-work"

/** A canceled order gives back the bonus it was paid with, once. */
async function refundOrderRedemption({ event, container }: SubscriberArgs<{ id: string }>) {
  if (event.data?.id) {
    await refundOrderRedemptionWorkflow(container).run({ input: { order_id: event.data.id } })
  }
}

export default trackedWork(refundOrderRedemption)

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "wallet-pass-refund-order-redemption" },
}
