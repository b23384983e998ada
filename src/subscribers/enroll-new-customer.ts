import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { enrollCustomerWorkflow } from "../workflows/enrollment/enroll-customer"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { grantProgramBonusWorkflow } from "../workflows/program/grant-program-bonus"
import { updateLevelsWorkflow } from "../workflows/program/update-levels"
import { trackedWork } from "../utils/background-work"

/**
 * A new store customer (signup or admin): enrol them in the wallet-pass program, on the
 * program's first level (docs/program.md); when the program owns the rates, the enrolment
 * request, still waiting, carries the level's. The program's welcome bonus follows, once.
 */
async function enrollNewCustomer({ event, container }: SubscriberArgs<{ id: string }>) {
  await enrollCustomerWorkflow(container).run({ input: { customer_id: event.data.id, source: "signup" } })
  await updateLevelsWorkflow(container).run({ input: { customer_ids: [event.data.id] } })
  const [holder] = await container
    .resolve(WALLET_PASS_MODULE)
    .listWalletPassHolders({ customer_id: event.data.id }, { select: ["id"] })
  if (holder) await grantProgramBonusWorkflow(container).run({ input: { holder_id: holder.id, bonus: "welcome" } })
}

export default trackedWork(enrollNewCustomer)

export const config: SubscriberConfig = {
  event: "customer.created",
  context: { subscriberId: "wallet-pass-enroll-new-customer" },
}
