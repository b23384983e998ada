import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type OrderSpendInput, PAID_COLLECTION_STATES } from "../../../modules/wallet-pass"
import { floorToMinorUnits } from "../../../lib/amounts"
import { balanceCurrency } from "../../../utils/currency"
import { returnedShare } from "../../ledger/utils/order-shares"

export type OrderSpendCause = { type: "placed" } | { type: "canceled" } | { type: "returned"; return_id: string }

export const computeOrderSpendStepId = "compute-wallet-pass-order-spend"

const PAID = new Set<string>(PAID_COLLECTION_STATES)

/**
 * What an order placed, canceled or returned does to its customer's spend (docs/program.md):
 * placed, its total in the balance currency; canceled, nothing any more; returned, the
 * returned share of its items. Null for an order that counts toward no level (a guest's,
 * another currency's, or one placed without an authorized payment: a draft order converted
 * before it was paid), with the reason logged.
 */
export const computeOrderSpendStep = createStep(
  computeOrderSpendStepId,
  async ({ order_id, cause }: { order_id: string; cause: OrderSpendCause }, { container }) => {
    if (cause.type === "canceled") {
      return new StepResponse<OrderSpendInput | null>({ type: "canceled", order_id })
    }
    if (cause.type === "returned") {
      const share = await returnedShare(container, order_id, cause.return_id)
      return new StepResponse<OrderSpendInput | null>({ type: "returned", order_id, return_id: cause.return_id, share })
    }
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["id", "customer_id", "currency_code", "total", "status", "created_at", "payment_collections.status"],
      filters: { id: order_id },
    })
    const order = data[0]
    const currency = await balanceCurrency(container)
    const amount = order ? floorToMinorUnits(order.total) : 0
    const paid =
      amount <= 0 ||
      (order?.payment_collections ?? []).some((c: { status?: string } | null) => !!c?.status && PAID.has(c.status))
    if (
      !order?.customer_id ||
      order.status === "canceled" ||
      order.currency_code?.toLowerCase() !== currency ||
      !paid
    ) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(
          `wallet-pass: order ${order_id} counts toward no level (a guest's, canceled, not in ${currency}, or placed without an authorized payment)`
        )
      return new StepResponse<OrderSpendInput | null>(null)
    }
    return new StepResponse<OrderSpendInput | null>({
      type: "placed",
      order_id,
      customer_id: order.customer_id,
      amount,
      placed_at: new Date(order.created_at as string | Date),
    })
  }
)
