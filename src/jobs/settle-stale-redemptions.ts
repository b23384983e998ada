import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"

/**
 * A checkout that crashed between reserving bonus and placing the order leaves a held
 * reservation (and the holder's queue waiting behind it): converted if the cart became an
 * order, voided otherwise, 30 minutes on.
 */
async function settleStaleWalletPassRedemptions(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const orderOfCart = async (cartId: string) => {
    const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
    return (data[0]?.order_id as string | undefined) ?? null
  }
  const settled = await container.resolve(WALLET_PASS_MODULE).settleStaleRedemptions(orderOfCart)
  if (settled.converted || settled.voided) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`wallet-pass: stale redemptions converted ${settled.converted}, voided ${settled.voided}`)
  }
}

export default backgroundWork(settleStaleWalletPassRedemptions)

export const config = { name: "wallet-pass-settle-stale-redemptions", schedule: "0 */5 * * * *" }
