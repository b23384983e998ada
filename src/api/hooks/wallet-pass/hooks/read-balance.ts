import { MedusaError } from "@medusajs/framework/utils"
import type { DroppedField } from "../../../../lib/dropped-fields"
import { basisPointsToPercent, fromMinorUnits } from "../../../../lib/amounts"
import { readBalanceHookAnswerSchema, readBalanceHookCustomerSchema } from "../../../../lib/wallet-pass-client/hooks"
import { effectiveBonusBasisPoints, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { cardNumbersOf } from "./fields"
import { defineHook } from "./types"

export type ReadBalanceCommand = {
  method: "readBalance"
  phone: string
  card_numbers: string[]
  rounded: DroppedField[]
}

/** 6.2: the service reads the holder's bonus rate, balance and discount (docs/service-api.md, "Hooks"). */
export const readBalance = defineHook({
  method: "readBalance",
  customer: readBalanceHookCustomerSchema,
  answer: readBalanceHookAnswerSchema,
  parse: (customer, { phone, amounts }): ReadBalanceCommand => ({
    method: "readBalance",
    phone,
    card_numbers: cardNumbersOf(customer.cardNumbers),
    rounded: amounts.rounded,
  }),
  // One module call (the busiest path, no workflow); deliveries that arrive together share
  // one database call (services/hook-inbox.ts).
  handle: async (scope, command) => {
    const walletPass = scope.resolve(WALLET_PASS_MODULE)
    const { holder, balance } = await walletPass.findHookHolder(command.phone, command.card_numbers)
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
  },
})
