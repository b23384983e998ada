import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  cartRates,
  ledgerKeys,
  OPERATION_PRIORITY,
  operationKeys,
  WALLET_PASS_MODULE,
} from "../../../modules/wallet-pass"
import { bonusFor, currencyStep, floorToMinorUnits } from "../../../lib/amounts"
import { balanceCurrency } from "../../../utils/currency"
import type { RecordLedgerChangeStepInput } from "./record-ledger-change"
import { reason } from "../../../lib/reasons"

export const computeOrderAccrualStepId = "compute-order-accrual"

/**
 * The bonus an order earns: the holder's bonus percent (else the program rate) of the
 * accrual base — items after discounts without shipping and tax ("subtotal"), or the order
 * total — rounded down to the currency's minor unit. Null, with the reason logged, when
 * the order earns nothing (other currency, no holder, no phone, zero bonus).
 */
export const computeOrderAccrualStep = createStep(
  computeOrderAccrualStepId,
  async ({ order_id }: { order_id: string }, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const options = walletPass.getOptions()
    const skip = (reason: string) => {
      logger.info(`wallet-pass: no bonus for order ${order_id}: ${reason}`)
      return new StepResponse<RecordLedgerChangeStepInput>(null)
    }
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["id", "display_id", "currency_code", "customer_id", "item_total", "item_tax_total", "total", "status"],
      filters: { id: order_id },
    })
    const order = data[0]
    if (!order) return skip("order not found")
    if (order.status === "canceled") return skip("order is canceled")
    const currency = await balanceCurrency(container)
    if (!currency || order.currency_code?.toLowerCase() !== currency) {
      return skip(`order currency ${order.currency_code} is not the balance currency ${currency}`)
    }
    if (!order.customer_id) return skip("order has no customer")
    const [holder] = await walletPass.listWalletPassHolders({ customer_id: order.customer_id })
    if (!holder) return skip("customer has no wallet pass")
    if (!holder.phone) return skip(`customer is not enrolled (${holder.enrollment_error ?? holder.enrollment_state})`)

    const base =
      options.accrual.base === "total"
        ? floorToMinorUnits(order.total)
        : floorToMinorUnits(order.item_total) - floorToMinorUnits(order.item_tax_total)
    // An account that has not proven the phone, and a customer without an account (anyone
    // who types its e-mail orders as it), earn no rate above the program's default
    // (docs/security.md).
    const [customer] = await container
      .resolve(Modules.CUSTOMER)
      .listCustomers({ id: order.customer_id }, { select: ["id", "has_account"] })
    const rate = cartRates(holder, customer, options).bonus_bp
    const step = currencyStep(currency)
    const amount = Math.floor(bonusFor(base, rate) / step) * step
    if (amount <= 0) return skip(`bonus is zero (base ${base / 100}, rate ${rate / 100}%)`)

    return new StepResponse<RecordLedgerChangeStepInput>({
      entry: {
        holder_id: holder.id,
        amount,
        kind: "accrual",
        dedupe_key: ledgerKeys.orderAccrual(order_id),
        order_id,
        reason: reason("accrual", { percent: rate / 100, order: order.display_id ?? order_id }),
        metadata: { base, rate_bp: rate, currency },
      },
      operation: {
        method: "balance_add",
        payload: {},
        dedupe_key: operationKeys.forEntry(ledgerKeys.orderAccrual(order_id)),
        priority: OPERATION_PRIORITY.money,
      },
    })
  }
)
