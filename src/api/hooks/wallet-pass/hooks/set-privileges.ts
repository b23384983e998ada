import type { DroppedField } from "../../../../lib/dropped-fields"
import { hookAckAnswerSchema, setPrivilegesHookCustomerSchema } from "../../../../lib/wallet-pass-client/hooks"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { setHolderPrivilegesWorkflow } from "../../../../workflows/discount/set-holder-privileges"
import { cardNumbersOf, HookInputError } from "./fields"
import { defineHook } from "./types"

export type SetPrivilegesCommand = {
  method: "setPrivileges"
  phone: string
  card_numbers: string[]
  bonus_percent_bp?: number
  discount_percent_bp?: number
  rounded: DroppedField[]
}

/** 6.4: the service sets the holder's bonus rate and/or discount (docs/service-api.md, "Hooks"). */
export const setPrivileges = defineHook({
  method: "setPrivileges",
  customer: setPrivilegesHookCustomerSchema,
  answer: hookAckAnswerSchema,
  parse: (customer, { phone, sent, amounts }): SetPrivilegesCommand => {
    const card_numbers = cardNumbersOf(customer.cardNumbers)
    const bonus_percent_bp = amounts.percent(sent.bonus, "customer.bonus")
    const discount_percent_bp = amounts.percent(sent.discount, "customer.discount")
    if (bonus_percent_bp === undefined && discount_percent_bp === undefined) {
      throw new HookInputError("setPrivileges needs customer.bonus and/or customer.discount")
    }
    return {
      method: "setPrivileges",
      phone,
      card_numbers,
      bonus_percent_bp,
      discount_percent_bp,
      rounded: amounts.rounded,
    }
  },
  handle: async (scope, command) => {
    const { holder } = await scope.resolve(WALLET_PASS_MODULE).findHookHolder(command.phone, command.card_numbers)
    await setHolderPrivilegesWorkflow(scope).run({
      input: {
        holder_id: holder.id,
        bonus_percent_bp: command.bonus_percent_bp,
        discount_percent_bp: command.discount_percent_bp,
      },
    })
    return { body: { success: true }, outcome: "ok", holder_id: holder.id }
  },
})
