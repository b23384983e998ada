import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"
import { queueChangedCardTexts } from "../utils/card-format"

/**
 * Writes the expiry of lapsed lifetime credits and queues the new balance for the service; the
 * balance set carries the card's new texts (the next credit to lapse), and a holder whose
 * texts changed without one gets a profile update (docs/program.md, "On the card").
 */
async function expireWalletPassCredits(container: MedusaContainer) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const expired = await walletPass.expireLapsedCredits()
  if (expired.length) {
    await queueChangedCardTexts(
      container,
      expired.map((e) => e.holder_id)
    )
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`wallet-pass: expired ${expired.length} lifetime credit(s)`)
  }
}

export default backgroundWork(expireWalletPassCredits)

export const config = { name: "wallet-pass-expire-credits", schedule: "0 * * * * *" }
