import { updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { isDiscountGroup } from "../discount/discount-names"

/**
 * A cart is priced by who shops with it (docs/security.md). Medusa attaches a guest cart that
 * names a customer's e-mail to that customer, account or not, and its promotions then see the
 * customer's groups: whoever knows an e-mail would shop at that customer's discount. So the
 * plugin's discount groups count for a cart only when the customer shopping with it signed in:
 * the request's signed-in customer (registered in the request's container by the store cart
 * routes' middleware, src/api/utils/cart-shopper.ts) is the cart's, or was when a signed-in
 * request last changed it (`wallet_pass_cart_shopper`, for the re-pricing the plugin does
 * without a request). Otherwise the promotions are computed as if the customer were in none of
 * the plugin's groups. Other groups, the merchant's own, are left as Medusa has them.
 */

/** The request container's key for the signed-in customer of a store cart request (null: a guest). */
export const CART_SHOPPER_KEY = "walletPassCartShopper"

type HookCart = {
  id: string
  customer_id?: string | null
  customer?: {
    groups?: { id: string; name?: string | null; metadata?: Record<string, unknown> | null }[] | null
  } | null
}

function signedInShopper(container: MedusaContainer): string | null {
  return (container.resolve(CART_SHOPPER_KEY, { allowUnregistered: true }) as string | null | undefined) ?? null
}

/** Records that the cart's customer shops with it signed in; a concurrent record of the same is no error. */
async function recordShopper(container: MedusaContainer, cartId: string, customerId: string): Promise<void> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const [known] = await walletPass.listWalletPassCartShoppers({ cart_id: cartId }, { select: ["id", "customer_id"] })
  if (known?.customer_id === customerId) return
  if (known) {
    await walletPass.updateWalletPassCartShoppers({ id: known.id, customer_id: customerId })
    return
  }
  await walletPass.createWalletPassCartShoppers({ cart_id: cartId, customer_id: customerId }).catch(async (error) => {
    const [now] = await walletPass.listWalletPassCartShoppers({ cart_id: cartId }, { select: ["customer_id"] })
    if (now?.customer_id !== customerId) throw error
  })
}

async function recordedShopper(container: MedusaContainer, cartId: string): Promise<string | null> {
  const [known] = await container
    .resolve(WALLET_PASS_MODULE)
    .listWalletPassCartShoppers({ cart_id: cartId }, { select: ["customer_id"] })
  return known?.customer_id ?? null
}

updateCartPromotionsWorkflow.hooks.setPromotionContext(async ({ cart }: { cart: HookCart }, { container }) => {
  const customerId = cart.customer_id ?? null
  if (!customerId) return new StepResponse(undefined)
  if (signedInShopper(container) === customerId) {
    await recordShopper(container, cart.id, customerId)
    return new StepResponse(undefined)
  }
  const groups = cart.customer?.groups ?? []
  if (!groups.some(isDiscountGroup)) return new StepResponse(undefined)
  if ((await recordedShopper(container, cart.id)) === customerId) return new StepResponse(undefined)
  return new StepResponse({ customer: { ...cart.customer, groups: groups.filter((group) => !isDiscountGroup(group)) } })
})
