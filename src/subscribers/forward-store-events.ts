import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FORWARDED_EVENTS, type ForwardedEvent, WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { sendStoreEventWorkflow } from "../workflows/events/send-store-event"
import { describeForwardedEvent, type ForwardedEventData } from "../workflows/events/utils/describe-store-event"
import { trackedWork } from "../utils/background-work"

/**
 * Medusa's order events, for the service's triggers: the event key the merchant mapped to
 * the event (option `events`) goes to the service for the order's customer, once per event
 * and order, fulfillment or return (docs/store-events.md). Unmapped events cost nothing.
 */
async function forwardStoreEvents({ event, container }: SubscriberArgs<ForwardedEventData>) {
  const name = event.name as ForwardedEvent
  if (!container.resolve(WALLET_PASS_MODULE).getOptions().events[name]) return
  const input = await describeForwardedEvent(container, name, event.data)
  if (input) await sendStoreEventWorkflow(container).run({ input })
}

export default trackedWork(forwardStoreEvents)

export const config: SubscriberConfig = {
  event: [...FORWARDED_EVENTS],
  context: { subscriberId: "wallet-pass-forward-store-events" },
}
