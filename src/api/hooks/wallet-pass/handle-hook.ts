import { HOOK_ANSWERS } from "./answers"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  BalanceOutOfRangeError,
  describeBalanceChange,
  effectiveBonusBasisPoints,
  type HookOutcome,
  type ServiceBalanceResult,
  WALLET_PASS_EVENTS,
  WALLET_PASS_MODULE,
} from "../../../modules/wallet-pass"
import { basisPointsToPercent, fromMinorUnits } from "../../../lib/amounts"
import { balanceCurrency } from "../../../utils/currency"
import { linkPassCustomerWorkflow } from "../../../workflows/enrollment/link-pass-customer"
import { setHolderPrivilegesWorkflow } from "../../../workflows/discount/set-holder-privileges"
import type { HookCommand } from "./parse-hook"

export type HookHandled = {
  /** 400 for a refusal that is the hook's answer, not an error (a conflicting transactionId); else 200. */
  status?: 400
  body: Record<string, unknown>
  outcome: Extract<HookOutcome, "ok" | "duplicate" | "conflict">
  holder_id: string
}

/**
 * Carries out a checked hook through the module and workflows and builds the service's
 * answer (docs/service-api.md, "Hooks"). Unknown holders and foreign cards throw MedusaErrors that the
 * route turns into 400 `{ error }`.
 */
export async function handleHook(scope: MedusaContainer, command: HookCommand): Promise<HookHandled> {
  const walletPass = scope.resolve(WALLET_PASS_MODULE)

  if (command.method === "createCustomer") {
    const { result } = await linkPassCustomerWorkflow(scope).run({
      input: {
        phone: command.phone,
        fields: command.fields,
        cards: command.cards,
        bonus_percent_bp: command.bonus_percent_bp,
        discount_percent_bp: command.discount_percent_bp,
        balance: command.balance,
      },
    })
    // The holder keeps what the last createCustomer could not store, for the customer's widget.
    await walletPass.updateWalletPassHolders({
      id: result.holder_id,
      dropped_fields: command.dropped.length ? { at: new Date().toISOString(), fields: command.dropped } : null,
    })
    return { body: { customerId: result.customer_id }, outcome: "ok", holder_id: result.holder_id }
  }

  if (command.method === "addBalance" && command.amount === 0) {
    // A sum smaller than the currency's unit, rounded to nothing (parse-hook.ts): answered for
    // a known holder, and nothing is written; the hook log records the rounding.
    const { holder } = await walletPass.findHookHolder(command.phone, command.card_numbers)
    return { body: { success: true }, outcome: "ok", holder_id: holder.id }
  }

  if (command.method === "addBalance") {
    // The plugin's busiest write, and a single module transaction (find and lock the
    // holder, check, insert): nothing in it needs a workflow's compensation, and a
    // workflow run cost as much again as the change (a workflow_execution query and the
    // orchestration, measured with npm run bench). The event goes out after the commit,
    // so a change that rolled back never announces itself.
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
    if (result.created) {
      await announceBalanceChange(scope, {
        holder_id: result.holder_id,
        entry_id: result.entry.id,
        amount: command.amount,
      })
    }
    const repeat = !result.created && !result.echo_of_operation_id
    return { body: { success: true }, outcome: repeat ? "duplicate" : "ok", holder_id: result.holder_id }
  }

  const { holder, balance } = await walletPass.findHookHolder(command.phone, command.card_numbers)

  switch (command.method) {
    case "readBalance": {
      if (holder.adoption_state === "pending") {
        // Our answer would become the card's balance: not before the store has taken the
        // service's (docs/adoption.md). The card keeps what the service shows meanwhile.
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `the store has not adopted the balance the service holds for ${command.phone} yet; try again shortly`
        )
      }
      return {
        body: {
          success: true,
          bonus: basisPointsToPercent(effectiveBonusBasisPoints(holder, walletPass.getOptions())),
          balance: fromMinorUnits(balance),
          discount: basisPointsToPercent(holder.discount_percent_bp),
        },
        outcome: "ok",
        holder_id: holder.id,
      }
    }
    case "setPrivileges": {
      await setHolderPrivilegesWorkflow(scope).run({
        input: {
          holder_id: holder.id,
          bonus_percent_bp: command.bonus_percent_bp,
          discount_percent_bp: command.discount_percent_bp,
        },
      })
      return { body: { success: true }, outcome: "ok", holder_id: holder.id }
    }
  }
}

/**
 * Why a transactionId that was used before cannot answer this delivery: the entry that
 * took it is for another sum or another holder (an exact repeat is answered as the first).
 */
async function describeConflict(
  scope: MedusaContainer,
  command: Extract<HookCommand, { method: "addBalance" }>,
  result: ServiceBalanceResult
): Promise<string> {
  const currency = await balanceCurrency(scope)
  const first = result.entry
  const otherHolder = first.holder_id !== result.holder_id ? " to another customer" : ""
  const otherSum =
    first.amount !== command.amount ? `; this delivery is ${describeBalanceChange(command.amount, currency)}` : ""
  return `transactionId ${command.transaction_id} was already used for ${describeBalanceChange(first.amount, currency)}${otherHolder}${otherSum}`
}

/**
 * Emits wallet_pass.balance_changed for a committed service change. The change stands
 * whatever happens here: a failed emit is logged, not answered as a failed hook (the
 * service's retry would find the transactionId applied and emit nothing either).
 */
async function announceBalanceChange(
  scope: MedusaContainer,
  data: { holder_id: string; entry_id: string; amount: number }
): Promise<void> {
  try {
    await scope.resolve(Modules.EVENT_BUS).emit({ name: WALLET_PASS_EVENTS.BALANCE_CHANGED, data })
  } catch (e) {
    scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `wallet-pass: ${WALLET_PASS_EVENTS.BALANCE_CHANGED} for entry ${data.entry_id} was not emitted: ${(e as Error).message}`
      )
  }
}
