import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { redemptionPromotionCode } from "./constants"
import { convertCartRedemptionStep } from "./steps/convert-cart-redemption"
import { deleteRedemptionPromotionStep } from "./steps/delete-redemption-promotion"
import { findOrderCartStep } from "./steps/find-order-cart"

export const recordOrderRedemptionWorkflowId = "record-order-redemption"

/**
 * The bonus an order paid with is recorded once as its redemption (the entry reserved at
 * checkout, keyed by its cart) and balance/deduct goes through the queue, once. The cart's
 * bonus promotion can apply to nothing any more and is deleted (the order keeps its
 * adjustments and their code).
 */
export const recordOrderRedemptionWorkflow = createWorkflow(
  recordOrderRedemptionWorkflowId,
  (input: WorkflowData<{ order_id: string }>) => {
    const converted = convertCartRedemptionStep(input)
    const orderCart = findOrderCartStep(input)
    when("wallet-pass-order-has-cart", { orderCart }, ({ orderCart }) => !!orderCart.cart_id).then(() => {
      deleteRedemptionPromotionStep(
        transform({ orderCart }, ({ orderCart }) => ({ codes: [redemptionPromotionCode(orderCart.cart_id!)] }))
      )
    })
    return new WorkflowResponse(converted)
  }
)
