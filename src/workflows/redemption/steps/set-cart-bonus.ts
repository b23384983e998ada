import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { REDEMPTION_ADJUSTMENT } from "../constants"
import { fromMinorUnits } from "../../../lib/amounts"
import { spreadBonus } from "../utils/redemption-cart"
import { ITEM_TOTALS_FIELDS } from "../../../utils/totals-fields"

export type SetCartBonusStepInput = {
  cart_id: string
  /** Minor units to pay with bonus; 0 takes the bonus off the cart. */
  amount: number
  /** The lines that may be paid with bonus (docs/loyalty.md, "Lines that cannot be paid with bonus"). */
  item_ids: string[]
}

/** An adjustment as the cart module takes it (what compensation puts back). */
type Adjustment = {
  item_id: string
  amount: number
  description: string
  provider_id: string
  is_tax_inclusive: boolean
}

type CartItems = {
  items?: ({
    id: string
    total?: unknown
    adjustments?: ({ id: string; provider_id?: string | null; amount?: unknown } | null)[] | null
  } | null)[]
}

/** Our adjustments have no code (the cart module's create type wants one: upsert takes them without). */
const { code: _none, ...BONUS_ADJUSTMENT } = REDEMPTION_ADJUSTMENT

export const setCartBonusStepId = "set-wallet-pass-cart-bonus"

/**
 * Pays `amount` of a cart with bonus (docs/loyalty.md, "Paying with bonus"): the cart's bonus
 * adjustments (no promotion code, provider `wallet-pass-bonus`) are replaced by new ones that
 * spread the amount over the items that may be paid with bonus (`item_ids`: no gift card, no
 * line a rule keeps from it) by what is left to pay on each after the promotions.
 * Having no code, they are not the promotion engine's: a percentage promotion (the card's
 * discount) is taken on the price whether it came before or after, and a refresh of the
 * cart's promotions keeps them. Tax-inclusive, so the items' tax follows what they cost.
 * Compensation puts back the adjustments that were there.
 */
export const setCartBonusStep = createStep(
  setCartBonusStepId,
  async ({ cart_id, amount, item_ids }: SetCartBonusStepInput, { container }) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "cart",
      // A cart-level total asked for makes the cart module compute the items' totals too.
      // ITEM_TOTALS_FIELDS: the items' totals right on Medusa 2.18 too (src/utils/totals-fields.ts).
      fields: ["id", "item_total", "items.id", "items.total", ...ITEM_TOTALS_FIELDS],
      filters: { id: cart_id },
    })
    const items = ((data[0] as CartItems | undefined)?.items ?? []).flatMap((item) => (item ? [item] : []))
    const ours = items.flatMap((item) =>
      (item.adjustments ?? []).flatMap((a) =>
        a?.provider_id === REDEMPTION_ADJUSTMENT.provider_id ? [{ id: a.id, item_id: item.id, amount: a.amount }] : []
      )
    )
    const before: Adjustment[] = ours.map((a) => ({
      ...BONUS_ADJUSTMENT,
      item_id: a.item_id,
      amount: Number(a.amount ?? 0),
    }))
    // What is left to pay on each item before the bonus: its total with our adjustments added back.
    const payable = new Set(item_ids)
    const left = items
      .filter((item) => payable.has(item.id))
      .map((item) => ({
        id: item.id,
        // Summed as decimals (MathBN), as a float sum can land a hair under a hundredth.
        left: MathBN.add(
          Number(item.total ?? 0),
          ...before.filter((a) => a.item_id === item.id).map((a) => a.amount)
        ).toNumber(),
      }))
    const after: Adjustment[] = spreadBonus(amount, left).map(({ id, amount: minor }) => ({
      ...BONUS_ADJUSTMENT,
      item_id: id,
      amount: fromMinorUnits(minor),
    }))
    const cart = container.resolve(Modules.CART)
    if (ours.length) await cart.deleteLineItemAdjustments(ours.map((a) => a.id))
    if (after.length) await cart.upsertLineItemAdjustments(after)
    return new StepResponse({ cart_id, amount }, { cart_id, before })
  },
  async (undo: { cart_id: string; before: Adjustment[] } | undefined, { container }) => {
    if (!undo) return
    const cart = container.resolve(Modules.CART)
    const current = await cart.listLineItemAdjustments(
      { item: { cart_id: undo.cart_id }, provider_id: REDEMPTION_ADJUSTMENT.provider_id },
      { select: ["id"] }
    )
    if (current.length) await cart.deleteLineItemAdjustments(current.map((a) => a.id))
    if (undo.before.length) await cart.upsertLineItemAdjustments(undo.before)
  }
)
