import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { refundOrderRedemptionWorkflow } from "../workflows/redemption/refund-order-redemption"

/** A canceled order gives back the bonus it was paid with, once. */
export default async function refundOrderRedemption({ event, container }: SubscriberArgs<{ id: string }>) {
  if (event.data?.id) {
    await refundOrderRedemptionWorkflow(container).run({ input: { order_id: event.data.id } })
  }
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "wallet-pass-refund-order-redemption" },
}
