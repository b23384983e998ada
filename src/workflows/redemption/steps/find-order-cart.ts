import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const findOrderCartStepId = "find-order-cart"

/** The cart an order was placed from (the order_cart link), null for an order without one (a draft order). */
export const findOrderCartStep = createStep(
  findOrderCartStepId,
  async ({ order_id }: { order_id: string }, { container }) => {
    const { data } = await container
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({ entity: "order_cart", fields: ["cart_id"], filters: { order_id } })
    return new StepResponse<{ cart_id: string | null }>({
      cart_id: (data[0] as { cart_id?: string } | undefined)?.cart_id ?? null,
    })
  }
)
