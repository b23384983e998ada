import type { MedusaContainer } from "@medusajs/framework/types"
import type { DroppedField } from "../../../../lib/dropped-fields"
import {
  addBalanceHookCustomerSchema,
  hookAckAnswerSchema,
  lifetimeToSeconds,
} from "../../../../lib/wallet-pass-client/hooks"
import {
  BalanceOutOfRangeError,
  describeBalanceChange,
  type ServiceBalanceResult,
  WALLET_PASS_MODULE,
} from "../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../utils/currency"
import { HOOK_ANSWERS } from "../answers"
import { cardNumbersOf, HookInputError, MAX_ID, text } from "./fields"
import { defineHook } from "./types"

const MAX_LIFETIME_SECONDS = 100 * 366 * 86_400

export type AddBalanceCommand = {
  method: "addBalance"
  phone: string
  card_numbers: string[]
  /** Minor units; 0 only when a sum smaller than the currency's unit was rounded to nothing. */
  amount: number
  transaction_id: string
  lifetime_seconds?: number
  rounded: DroppedField[]
}

/** 6.3: the service changes the balance; a negative sum is a write-off (docs/service-api.md, "Hooks"). */
export const addBalance = defineHook({
  method: "addBalance",
  customer: addBalanceHookCustomerSchema,
  answer: hookAckAnswerSchema,
  parse: (customer, { phone, sent, amounts, lifetimeUnit }): AddBalanceCommand => {
    const card_numbers = cardNumbersOf(customer.cardNumbers)
    const amount = amounts.amount(sent.sum, "customer.sum")
    // A sum sent as zero is refused; one rounded to zero is answered and credits nothing.
    if (amount === 0 && !amounts.rounded.length) throw new HookInputError("customer.sum must not be zero")
    const transaction_id = text(customer.transactionId, "customer.transactionId", MAX_ID)
    if (!transaction_id) throw new HookInputError("customer.transactionId must not be empty")
    // A lifetime of 0 is a credit that never expires (docs/service-api.md, "Hooks").
    let lifetime_seconds: number | undefined
    const given = customer.lifetime === undefined ? undefined : lifetimeToSeconds(customer.lifetime, lifetimeUnit)
    if (given !== undefined) {
      const seconds = Math.round(given)
      if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_LIFETIME_SECONDS) {
        throw new HookInputError(
          `customer.lifetime must be 0 (no expiry) or a positive number of ${lifetimeUnit} up to 100 years`
        )
      }
      lifetime_seconds = seconds
    }
    return {
      method: "addBalance",
      phone,
      card_numbers,
      amount,
      transaction_id,
      lifetime_seconds,
      rounded: amounts.rounded,
    }
  },
  handle: async (scope, command) => {
    const walletPass = scope.resolve(WALLET_PASS_MODULE)
    if (command.amount === 0) {
      // A sum smaller than the currency's unit, rounded to nothing (above): answered for
      // a known holder, and nothing is written; the hook log records the rounding.
      const { holder } = await walletPass.findHookHolder(command.phone, command.card_numbers)
      return { body: { success: true }, outcome: "ok", holder_id: holder.id }
    }
    // The plugin's busiest write, and a single module transaction (find and lock the
    // holder, check, insert): nothing in it needs a workflow's compensation, and a
    // workflow run cost as much again as the change (a workflow_execution query and the
    // orchestration, measured with npm run bench). The module announces a new entry
    // (wallet_pass.balance_changed) once its batch committed: a change that rolled back
    // never announces itself, a repeat never twice (services/balance-door.ts).
    const result = await walletPass
      .applyServiceBalanceHook({
        phone: command.phone,
        card_numbers: command.card_numbers,
        amount: command.amount,
        transaction_id: command.transaction_id,
        lifetime_seconds: command.lifetime_seconds,
      })
      .catch(async (e) => {
        // Said again in the balance currency, which the module does not know.
        if (!(e instanceof BalanceOutOfRangeError)) throw e
        throw new BalanceOutOfRangeError(e.balance, e.amount, await balanceCurrency(scope))
      })
    if (!result.created && result.conflicting) {
      const error = await describeConflict(scope, command, result)
      return { status: HOOK_ANSWERS.conflict, body: { error }, outcome: "conflict", holder_id: result.holder_id }
    }
    const repeat = !result.created && !result.echo_of_operation_id
    return { body: { success: true }, outcome: repeat ? "duplicate" : "ok", holder_id: result.holder_id }
  },
  amount: (command) => command.amount,
  logged: (command) => ({ transaction_id: command.transaction_id }),
})

/**
 * Why a transactionId that was used before cannot answer this delivery: the entry that
 * took it is for another sum or another holder (an exact repeat is answered as the first).
 */
async function describeConflict(
  scope: MedusaContainer,
  command: AddBalanceCommand,
  result: ServiceBalanceResult
): Promise<string> {
  const currency = await balanceCurrency(scope)
  const first = result.entry
  const otherHolder = first.holder_id !== result.holder_id ? " to another customer" : ""
  const otherSum =
    first.amount !== command.amount ? `; this delivery is ${describeBalanceChange(command.amount, currency)}` : ""
  return `transactionId ${command.transaction_id} was already used for ${describeBalanceChange(first.amount, currency)}${otherHolder}${otherSum}`
}
