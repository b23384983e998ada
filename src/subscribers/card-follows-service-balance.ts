import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WALLET_PASS_EVENTS } from "../modules/wallet-pass"
import { trackedWork } from "../utils/background-work"
import { queueChangedCardTexts } from "../utils/card-format"

/**
 * A credit or write-off the service sent (`addBalance`) may move the credit that lapses first:
 * no request of the store's carries it, so the card catches up with a profile update when
 * its texts changed (docs/program.md, "On the card"). Off the hook's answer, which stays one
 * module call.
 */
async function cardFollowsServiceBalance({ event, container }: SubscriberArgs<{ holder_id?: string }>) {
  if (event.data.holder_id) await queueChangedCardTexts(container, [event.data.holder_id])
}

export default trackedWork(cardFollowsServiceBalance)

export const config: SubscriberConfig = {
  event: WALLET_PASS_EVENTS.BALANCE_CHANGED,
  context: { subscriberId: "wallet-pass-card-follows-service-balance" },
}
