import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cardInUse, WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"
import { updateAllLevels } from "../workflows/program/update-all-levels"

/**
 * Daily: every holder's level again (docs/program.md), so orders that leave the program's
 * rolling window stop counting. Writes and queues only for holders whose level or rates change,
 * or whose card's texts did (docs/program.md, "On the card").
 */
async function updateWalletPassLevels(container: MedusaContainer) {
  const { program } = await container.resolve(WALLET_PASS_MODULE).getProgram()
  if (!program.tiers.levels.length && !cardInUse(program.pass)) return
  const { read, changed } = await updateAllLevels(container)
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`wallet-pass: levels checked for ${read} holders, ${changed} changed`)
}

export default backgroundWork(updateWalletPassLevels)

export const config = { name: "wallet-pass-update-levels", schedule: "30 3 * * *" }
