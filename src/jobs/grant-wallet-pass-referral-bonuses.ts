import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { backgroundWork } from "../utils/background-work"
import { grantReferralBonuses } from "../workflows/program/grant-referral-bonuses"

/**
 * Hourly: settles the referrals whose referred customer's first order has stood the
 * program's days (docs/program.md, "Referral"), paying the referrer and the new customer once.
 */
async function grantWalletPassReferralBonuses(container: MedusaContainer) {
  const run = await grantReferralBonuses(container)
  if (run.paid || run.void) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`wallet-pass: referrals settled: ${run.paid} paid, ${run.void} void, ${run.waiting} waiting`)
  }
}

export default backgroundWork(grantWalletPassReferralBonuses)

export const config = { name: "wallet-pass-referral-bonuses", schedule: "20 * * * *" }
