import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import { enrollCustomerWorkflow } from "../workflows/enrollment/enroll-customer"
import { CUSTOMER_PROMO_METADATA_KEY, WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { grantProgramBonusWorkflow } from "../workflows/program/grant-program-bonus"
import { recordReferralWorkflow } from "../workflows/program/record-referral"
import { updateLevelsWorkflow } from "../workflows/program/update-levels"
import { trackedWork } from "../utils/background-work"

/**
 * A new store customer (signup or admin): enrol them in the wallet-pass program, on the
 * program's first level (docs/program.md); when the program owns the rates, the enrolment
 * request, still waiting, carries the level's. The program's welcome bonus follows, once, and
 * the referral when the customer signed up with a referrer's promo code (customer metadata
 * `wallet_pass_promo`).
 */
async function enrollNewCustomer({ event, container }: SubscriberArgs<{ id: string }>) {
  await enrollCustomerWorkflow(container).run({ input: { customer_id: event.data.id, source: "signup" } })
  await updateLevelsWorkflow(container).run({ input: { customer_ids: [event.data.id] } })
  const [holder] = await container
    .resolve(WALLET_PASS_MODULE)
    .listWalletPassHolders({ customer_id: event.data.id }, { select: ["id"] })
  if (!holder) return
  await grantProgramBonusWorkflow(container).run({ input: { holder_id: holder.id, bonus: "welcome" } })
  const { metadata } = await container
    .resolve(Modules.CUSTOMER)
    .retrieveCustomer(event.data.id, { select: ["metadata"] })
  const promo = metadata?.[CUSTOMER_PROMO_METADATA_KEY]
  if (typeof promo === "string" && promo.trim())
    await recordReferralWorkflow(container).run({ input: { holder_id: holder.id, promo } })
}

export default trackedWork(enrollNewCustomer)

export const config: SubscriberConfig = {
  event: "customer.created",
  context: { subscriberId: "wallet-pass-enroll-new-customer" },
}
