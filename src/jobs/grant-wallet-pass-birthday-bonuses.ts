import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { backgroundWork } from "../utils/background-work"
import { grantBirthdayBonuses } from "../workflows/program/grant-birthday-bonuses"

/**
 * Hourly: the program's birthday bonus for those whose birthday it is in the program's time
 * zone (docs/program.md); hourly so the day is caught wherever the store is, once a year each.
 */
async function grantWalletPassBirthdayBonuses(container: MedusaContainer) {
  const credited = await grantBirthdayBonuses(container)
  if (credited) {
    container.resolve(ContainerRegistrationKeys.LOGGER).info(`wallet-pass: birthday bonus for ${credited} holder(s)`)
  }
}

export default backgroundWork(grantWalletPassBirthdayBonuses)

export const config = { name: "wallet-pass-birthday-bonuses", schedule: "5 * * * *" }
