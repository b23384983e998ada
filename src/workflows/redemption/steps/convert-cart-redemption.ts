import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type ConvertCartRedemptionStepOutput = { entry_id: string; amount: number; holder_id: string } | null

export const convertCartRedemptionStepId = "convert-cart-redemption"

/**
 * An order was placed from a cart that paid with bonus: its reservation becomes the order's
 * redemption and balance/deduct is released to the queue. Idempotent (a repeated event
 * finds it done); null when the order paid nothing with bonus. No compensation: the entry
 * already took the balance at checkout, and the release is what the order needs.
 */
export const convertCartRedemptionStep = createStep(
  convertCartRedemptionStepId,
  async ({ order_id }: { order_id: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const [{ data: links }, { data: orders }] = await Promise.all([
      query.graph({ entity: "order_cart", fields: ["cart_id"], filters: { order_id } }),
      query.graph({ entity: "order", fields: ["id", "display_id"], filters: { id: order_id } }),
    ])
    const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id
    if (!cartId || !orders[0]) return new StepResponse<ConvertCartRedemptionStepOutput>(null)
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const converted = await walletPass.convertCartRedemption({
      cart_id: cartId,
      order_id,
      display_id: orders[0].display_id,
    })
    return new StepResponse<ConvertCartRedemptionStepOutput>(
      converted ? { entry_id: converted.entry_id, amount: converted.amount, holder_id: converted.holder_id } : null
    )
  }
)
