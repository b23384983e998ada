import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type AddPassCardsStepInput = {
  holder_id: string
  cards: { number: string; track?: string }[]
  /** The service says the card is installed (a pass install hook). */
  installed?: boolean
}

type Compensation = {
  created: string[]
  restored: {
    id: string
    holder_id: string
    track: string | null
    installed: boolean | null
    installed_checked_at: Date | null
  }[]
}

export const addPassCardsStepId = "add-pass-cards"

/**
 * Adds the service's cards to a holder. Card numbers come from the service, which is the
 * authority on them: a known number is updated (and moves to this holder if it was
 * someone else's). Compensation deletes added cards and restores changed ones.
 */
export const addPassCardsStep = createStep(
  addPassCardsStepId,
  async ({ holder_id, cards, installed }: AddPassCardsStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const compensation: Compensation = { created: [], restored: [] }
    if (!cards.length) {
      return new StepResponse(compensation, compensation)
    }
    const numbers = cards.map((c) => c.number)
    const existing = await walletPass.listWalletPassCards({ number: numbers }, { relations: ["holder"] })
    const byNumber = new Map(existing.map((c) => [c.number, c]))
    const checkedAt = installed === undefined ? undefined : new Date()
    for (const card of cards) {
      const known = byNumber.get(card.number)
      if (known) {
        compensation.restored.push({
          id: known.id,
          holder_id: known.holder.id,
          track: known.track,
          installed: known.installed,
          installed_checked_at: known.installed_checked_at,
        })
        await walletPass.updateWalletPassCards({
          id: known.id,
          holder_id,
          ...(card.track !== undefined ? { track: card.track } : {}),
          ...(installed !== undefined ? { installed, installed_checked_at: checkedAt } : {}),
        })
      } else {
        const created = await walletPass.createWalletPassCards({
          number: card.number,
          track: card.track ?? null,
          holder_id,
          installed: installed ?? null,
          installed_checked_at: checkedAt ?? null,
        })
        compensation.created.push(created.id)
      }
    }
    return new StepResponse(compensation, compensation)
  },
  async (compensation: Compensation | undefined, { container }) => {
    if (!compensation) return
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    if (compensation.created.length) {
      await walletPass.deleteWalletPassCards(compensation.created)
    }
    for (const card of compensation.restored) {
      await walletPass.updateWalletPassCards(card)
    }
  }
)
