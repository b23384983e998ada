import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { removeStaleBonusPromotionsWorkflow } from "../workflows/redemption/remove-stale-bonus-promotions"
import { backgroundWork } from "../utils/background-work"

/** Deletes carts' bonus promotions that can no longer apply (see removeStaleBonusPromotionsWorkflow). */
async function removeStaleBonusPromotions(container: MedusaContainer) {
  const { result } = await removeStaleBonusPromotionsWorkflow(container).run()
  if (result.deleted.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`wallet-pass: deleted ${result.deleted.length} bonus promotion(s) that can no longer apply`)
  }
}

// Hourly, at a minute of its own.
export default backgroundWork(removeStaleBonusPromotions)

export const config = { name: "wallet-pass-remove-stale-bonus-promotions", schedule: "0 41 * * * *" }
