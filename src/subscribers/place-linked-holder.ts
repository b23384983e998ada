import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WALLET_PASS_EVENTS } from "../modules/wallet-pass"
import { grantProgramBonusWorkflow } from "../workflows/program/grant-program-bonus"
import { recordReferralWorkflow } from "../workflows/program/record-referral"
import { updateLevelsWorkflow } from "../workflows/program/update-levels"
import { trackedWork } from "../utils/background-work"

/**
 * A pass installed and linked to a store customer: the holder goes on their level of the
 * program and gets its bonus for installing the card, once; a referrer the service sent
 * (`referCustomerPhone`, or a promo code entered in its form) is recorded (docs/program.md).
 */
async function placeLinkedHolder({ event, container }: SubscriberArgs<{ holder_id?: string }>) {
  if (event.data.holder_id) {
    await updateLevelsWorkflow(container).run({ input: { holder_ids: [event.data.holder_id] } })
    await grantProgramBonusWorkflow(container).run({ input: { holder_id: event.data.holder_id, bonus: "install" } })
    await recordReferralWorkflow(container).run({ input: { holder_id: event.data.holder_id } })
  }
}

export default trackedWork(placeLinkedHolder)

export const config: SubscriberConfig = {
  event: WALLET_PASS_EVENTS.HOLDER_LINKED,
  context: { subscriberId: "wallet-pass-place-linked-holder" },
}
