import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { DETECTED_EVENTS, WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"
import { detectStoreEvents } from "../workflows/events/detect-store-events"

/**
 * Every minute: the events the plugin detects itself (carts left idle, credits about to
 * lapse, birthdays, passes not installed), for those the merchant mapped (docs/store-events.md).
 */
async function sendWalletPassDetectedEvents(container: MedusaContainer) {
  const { events } = container.resolve(WALLET_PASS_MODULE).getOptions()
  if (!Object.keys(DETECTED_EVENTS).some((e) => e in events)) return
  const run = await detectStoreEvents(container)
  const sent = Object.entries(run).filter(([, n]) => n > 0)
  if (sent.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`wallet-pass: store events detected: ${sent.map(([e, n]) => `${e} ${n}`).join(", ")}`)
  }
}

export default backgroundWork(sendWalletPassDetectedEvents)

export const config = { name: "wallet-pass-detected-events", schedule: "* * * * *" }
