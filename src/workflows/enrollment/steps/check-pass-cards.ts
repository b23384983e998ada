import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type CheckPassCardsStepInput = { phone: string; cards: { number: string }[] }

export const checkPassCardsStepId = "check-wallet-pass-cards"

/**
 * Refuses a pass install whose cards belong to another phone's holder here: a card never
 * moves between phones silently (the real owner's hooks would be refused from then on). The
 * hook answers 400 naming the card; the delivery log keeps it for the admin.
 */
export const checkPassCardsStep = createStep(
  checkPassCardsStepId,
  async (input: CheckPassCardsStepInput, { container }) => {
    if (!input.cards.length) return new StepResponse(undefined)
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const cards = await walletPass.listWalletPassCards(
      { number: input.cards.map((c) => c.number) },
      { relations: ["holder"] }
    )
    const foreign = cards.find((card) => card.holder && card.holder.phone !== input.phone)
    if (foreign) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `card ${foreign.number} belongs to another customer (phone ${foreign.holder.phone ?? "unknown"}); nothing was changed`
      )
    }
    return new StepResponse(undefined)
  }
)
