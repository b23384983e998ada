import type { MedusaContainer } from "@medusajs/framework/types"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import type { HookOutcome } from "../../modules/wallet-pass/constants"
import type WalletPassModuleService from "../../modules/wallet-pass/service"
import { basisPointsToPercent, fromMinorUnits } from "../../modules/wallet-pass/utils/amounts"
import { applyServiceBalanceWorkflow } from "../../workflows/apply-service-balance"
import { linkPassCustomerWorkflow } from "../../workflows/link-pass-customer"
import { setHolderPrivilegesWorkflow } from "../../workflows/set-holder-privileges"
import type { HookCommand } from "./parse-hook"

export type HookHandled = {
  body: Record<string, unknown>
  outcome: Extract<HookOutcome, "ok" | "duplicate">
  holder_id: string
}

/**
 * Carries out a checked hook through the module and workflows and builds the service's
 * answer (spec section 6). Unknown holders and foreign cards throw MedusaErrors that the
 * route turns into 400 `{ error }`.
 */
export async function handleHook(scope: MedusaContainer, command: HookCommand): Promise<HookHandled> {
  const walletPass = scope.resolve<WalletPassModuleService>(WALLET_PASS_MODULE)

  if (command.method === "createCustomer") {
    const { result } = await linkPassCustomerWorkflow(scope).run({
      input: {
        phone: command.phone,
        fields: command.fields,
        cards: command.cards,
        bonus_percent_bp: command.bonus_percent_bp,
        discount_percent_bp: command.discount_percent_bp,
      },
    })
    return { body: { customerId: result.customer_id }, outcome: "ok", holder_id: result.holder_id }
  }

  const { holder, balance } = await walletPass.findHookHolder(command.phone, command.card_numbers)

  switch (command.method) {
    case "readBalance": {
      return {
        body: {
          success: true,
          bonus: basisPointsToPercent(walletPass.effectiveBonusBasisPoints(holder)),
          balance: fromMinorUnits(balance),
          discount: basisPointsToPercent(holder.discount_percent_bp),
        },
        outcome: "ok",
        holder_id: holder.id,
      }
    }
    case "addBalance": {
      const { result } = await applyServiceBalanceWorkflow(scope).run({
        input: {
          holder_id: holder.id,
          amount: command.amount,
          transaction_id: command.transaction_id,
          lifetime_seconds: command.lifetime_seconds,
        },
      })
      const repeat = !result.created && !result.echo_of_operation_id
      return { body: { success: true }, outcome: repeat ? "duplicate" : "ok", holder_id: holder.id }
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
