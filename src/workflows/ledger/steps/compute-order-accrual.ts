import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  bonusFor,
  cartRates,
  effectiveBonusBasisPoints,
  ledgerKeys,
  OPERATION_PRIORITY,
  type OrderDecisionOutcome,
  type OrderDecisionRow,
  operationKeys,
  WALLET_PASS_MODULE,
  type WalletPassOptions,
} from "../../../modules/wallet-pass"
import { currencyStep } from "../../../lib/amounts"
import type { RecordLedgerChangeStepInput } from "./record-ledger-change"
import type { HolderRow, OrderAccrualReading, OrderRow } from "./read-order-accrual"
import { chosenBases, type OrderBonusBaseChoice, type OrderBonusBaseHookInput } from "../order-bonus-base"
import { decideEarning } from "../order-earning"
import { reason } from "../../../lib/reasons"

export const computeOrderAccrualStepId = "compute-order-accrual"

/** What an order's bonus comes to: the outcome, and `amount` rounded down to the currency's minor unit. */
function outcomeOf(amount: number, rate: number, ownRate: number, excluded: boolean): OrderDecisionOutcome {
  if (amount > 0) return "credited"
  if (excluded) return "excluded"
  if (rate > 0) return "zero_amount"
  return ownRate > 0 ? "unproven" : "zero_rate"
}

/**
 * Decides an order's bonus (docs/loyalty.md, "Decided once, at placement"): the rate the
 * holder's rates in force when the order was placed give (their history, so a rate the service
 * or a level set afterwards does not count) — the holder's own once the account proved the
 * phone, else the program's default (cartRates) — of the order's lines under the earn rules and
 * campaigns of the program in force at placement (decideEarning, docs/program.md "Earn rules"),
 * as the store's setOrderBonusBase hook may have changed them (`base`, the one recorded, is
 * their sum). Recorded once: a decision already there (another path's, made first) is the one
 * answered.
 */
async function decideOrderBonus(
  container: MedusaContainer,
  {
    order,
    holder,
    currency,
    hook_input,
    choice,
    options,
  }: {
    order: OrderRow
    holder: HolderRow
    currency: string
    hook_input: OrderBonusBaseHookInput
    choice: OrderBonusBaseChoice
    options: WalletPassOptions
  }
): Promise<OrderDecisionRow> {
  const decisions = container.resolve(WALLET_PASS_MODULE)
  const placedAt = new Date(order.created_at)
  const inForce = await decisions.retrieveHolderRatesAt({ holder_id: holder.id, at: placedAt })
  const rates = inForce ?? holder
  // An account that has not proven the phone, and a customer without an account (anyone who
  // types its e-mail orders as it), earn no rate above the program's default (docs/security.md).
  const [customer] = await container
    .resolve(Modules.CUSTOMER)
    .listCustomers({ id: order.customer_id! }, { select: ["id", "has_account"] })
  const rate = cartRates(rates, customer, options).bonus_bp
  const { amount, base, breakdown, excluded } = decideEarning({
    hook_input,
    choice,
    accrual_base: options.accrual.base,
    rate_bp: rate,
    program: await decisions.getProgramAt(placedAt),
    placed_at: placedAt,
    step: currencyStep(currency),
  })
  return decisions.recordOrderDecision({
    order_id: order.id,
    holder_id: holder.id,
    outcome: outcomeOf(amount, rate, effectiveBonusBasisPoints(rates, options), excluded),
    rate_bp: rate,
    base,
    amount,
    currency_code: currency,
    placed_at: placedAt,
    rates_from: inForce?.valid_from ?? null,
    pending_days: options.accrual.pendingDays,
    breakdown,
  })
}

export type ComputeOrderAccrualStepInput = {
  reading: OrderAccrualReading
  /** The setOrderBonusBase hook's answer (undefined: no handler, or the handler kept the plugin's base). */
  hook_answer?: unknown
}

/**
 * The bonus an order earns, decided once from the rates in force when it was placed
 * (decideOrderBonus) and recorded, "nothing" too: a repeat of the event, the order sweep or
 * a rate changed since find the decision and never decide the order again. Null, with the
 * reason logged, when the order earns nothing (other currency, no holder, no phone, a decision
 * of nothing). A hook answer that breaks its rules fails the step before anything is recorded
 * (docs/loyalty.md, "Extending: workflow hooks").
 */
export const computeOrderAccrualStep = createStep(
  computeOrderAccrualStepId,
  async ({ reading, hook_answer }: ComputeOrderAccrualStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const { order_id } = reading
    const skip = (reason: string) => {
      logger.info(`wallet-pass: no bonus for order ${order_id}: ${reason}`)
      return new StepResponse<RecordLedgerChangeStepInput>(null)
    }
    if (reading.skip) return skip(reading.skip)
    let decision = reading.decision
    let pluginBase: number | null = null
    if (!decision && reading.pending) {
      const { order, holder, currency, hook_input } = reading.pending
      const choice = chosenBases(hook_input, hook_answer)
      const options = walletPass.getOptions()
      decision = await decideOrderBonus(container, { order, holder, currency, hook_input, choice, options })
      if (choice.kind !== "plugin" && decision.base !== hook_input.base) pluginBase = hook_input.base
    }
    if (!decision) return skip("nothing to decide")
    if (decision.outcome !== "credited") {
      const what = decision.outcome === "zero_rate" ? "bonus is zero" : `nothing (${decision.outcome})`
      return skip(`${what} (base ${decision.base / 100}, rate ${decision.rate_bp / 100}% in force at placement)`)
    }

    if (decision.pending_until) return skip(pendingNotice(decision))
    return new StepResponse<RecordLedgerChangeStepInput>(
      accrualLedgerChange(decision, reading.display_id ?? order_id, decision.amount, {
        // The store's setOrderBonusBase hook changed the base: what the plugin had computed.
        ...(pluginBase !== null ? { plugin_base: pluginBase } : {}),
      })
    )
  }
)

/**
 * An order's bonus that waits as pending (docs/loyalty.md, "Pending bonus"): nothing for the
 * ledger now (the maturity job credits it, workflows/ledger/mature-pending-bonus.ts); recording
 * the decision marked the holder's card due (its `pending` text moved).
 */
function pendingNotice(decision: OrderDecisionRow) {
  return `bonus ${decision.amount / 100} pending until ${new Date(decision.pending_until!).toISOString()}`
}

/**
 * The ledger change that credits an order's bonus (`amount`: the decision's, or what was left
 * of it when it matured from pending), keyed `order:<id>:accrual`, with its balance/add.
 */
export function accrualLedgerChange(
  decision: OrderDecisionRow,
  orderLabel: string | number,
  amount: number,
  metadata: Record<string, unknown> = {}
): NonNullable<RecordLedgerChangeStepInput> {
  const key = ledgerKeys.orderAccrual(decision.order_id)
  return {
    entry: {
      holder_id: decision.holder_id,
      amount,
      kind: "accrual",
      dedupe_key: key,
      order_id: decision.order_id,
      reason: reason("accrual", { percent: decision.rate_bp / 100, order: orderLabel }),
      metadata: {
        base: decision.base,
        rate_bp: decision.rate_bp,
        currency: decision.currency_code,
        // What each line and campaign gave (docs/program.md, "Earn rules").
        ...(decision.breakdown ? { breakdown: decision.breakdown } : {}),
        ...metadata,
      },
    },
    operation: {
      method: "balance_add",
      payload: {},
      dedupe_key: operationKeys.forEntry(key),
      priority: OPERATION_PRIORITY.money,
    },
  }
}
