import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"

/**
 * Writes the expiry of lapsed lifetime credits and queues the new balance for the service; the
 * balance set carries the card's new texts (the next credit to lapse), and the balance door
 * marks the card for its catch-up (docs/program.md, "On the card").
 */
async function expireWalletPassCredits(container: MedusaContainer) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const expired = await walletPass.expireLapsedCredits()
  if (expired.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`wallet-pass: expired ${expired.length} lifetime credit(s)`)
  }
}

export default backgroundWork(expireWalletPassCredits)

export const config = { name: "wallet-pass-expire-credits", schedule: "0 * * * * *" }
