import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { backgroundWork } from "../utils/background-work"
import { maturePendingBonuses } from "../workflows/ledger/mature-pending-bonus"

/**
 * Every minute: orders' pending bonuses whose days (option `accrual.pendingDays`) are over
 * become spendable, credited once each (docs/loyalty.md, "Pending bonus"). Runs whatever the
 * option is now, so bonuses left pending when it was lowered to 0 still mature; with none
 * pending a run costs one indexed query.
 */
async function matureWalletPassPendingBonus(container: MedusaContainer) {
  const run = await maturePendingBonuses(container)
  if (run.credited || run.failed) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(
        `wallet-pass: pending bonus: ${run.credited} order(s) credited, ${run.failed} failed (tried again next run)`
      )
  }
}

export default backgroundWork(matureWalletPassPendingBonus)

export const config = { name: "wallet-pass-mature-pending-bonus", schedule: "30 * * * * *" }
