import {
  refetchEntity,
  type AuthenticatedMedusaRequest,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import type { HttpTypes } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { fromMinorUnits } from "../../../../../lib/amounts"
import { applyCartRedemptionWorkflow } from "../../../../../workflows/redemption/apply-cart-redemption"
import { readRedemptionCart, redemptionLimit } from "../../../../../workflows/redemption/utils/redemption-cart"
import type { StoreWalletPassBonusResponse } from "../../../../types"
import { BONUS_CART_FIELDS } from "./cart-fields"
import type { StoreApplyWalletPassBonusType } from "./validators"

/** The signed-in customer (401 otherwise): the cart must be theirs, checked by the workflow (404). */
function customerOf(req: MedusaRequest): string {
  const auth = (req as AuthenticatedMedusaRequest).auth_context
  if (!auth?.actor_id || auth.actor_type !== "customer") {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Sign in to pay with bonus")
  }
  return auth.actor_id
}

type StoreCart = HttpTypes.StoreCart
type BonusResponse = MedusaResponse<StoreWalletPassBonusResponse<StoreCart>>

/** The cart, what it is paid with in bonus and the most it may be (docs/loyalty.md, "Paying with bonus"). */
async function respond(req: MedusaRequest, res: BonusResponse, customerId: string) {
  const cartId = req.params.id
  const [cart, redemption] = await Promise.all([
    refetchEntity({ entity: "cart", idOrFilter: cartId, scope: req.scope, fields: BONUS_CART_FIELDS }),
    readRedemptionCart(req.scope, cartId),
  ])
  if (!cart || !redemption || redemption.customer_id !== customerId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${cartId} was not found`)
  }
  const limit = await redemptionLimit(req.scope, customerId, redemption)
  res.json({
    // The query's cart (typed by the store's generated entry points where they exist) with
    // the fields of BONUS_CART_FIELDS: what the Store API's cart type describes.
    cart: cart as unknown as StoreCart,
    wallet_pass_bonus: {
      amount: fromMinorUnits(redemption.redeemed),
      // The bonus is no promotion (docs/loyalty.md): a code only for a cart from before that still carries one.
      code: redemption.promotion_applied ? redemption.code : null,
      max: fromMinorUnits(limit.max),
      max_order_percent: limit.maxOrderPercent,
      excluded: redemption.excluded.map(({ line_id, title, reason }) => ({ line_id, title, reason })),
      excluded_total: fromMinorUnits(redemption.excluded.reduce((sum, line) => sum + line.total, 0)),
    },
  })
}

/**
 * GET /store/carts/:id/wallet-pass-bonus — what the signed-in customer's own cart is paid
 * with in bonus and the most it may be (`max`: the balance they may spend, under the cap), for
 * a "Pay with bonus" control to show before it is used. 404 for a cart that is not theirs.
 */
export const GET = async (req: MedusaRequest, res: BonusResponse) => {
  await respond(req, res, customerOf(req))
}

/**
 * POST /store/carts/:id/wallet-pass-bonus `{ amount }` — pay up to `amount` of the signed-in
 * customer's own cart with bonus (limited to the balance and `redemption.maxOrderPercent`
 * of the cart); `0` removes it. Answers the cart and `wallet_pass_bonus.amount` applied.
 */
export const POST = async (req: MedusaRequest<StoreApplyWalletPassBonusType>, res: BonusResponse) => {
  const customerId = customerOf(req)
  // Validated by the route's middleware (src/api/middlewares.ts).
  await applyCartRedemptionWorkflow(req.scope).run({
    input: { cart_id: req.params.id, customer_id: customerId, amount: req.validatedBody.amount_minor },
  })
  await respond(req, res, customerId)
}

/** DELETE /store/carts/:id/wallet-pass-bonus — stop paying this cart with bonus (its bonus adjustments removed). */
export const DELETE = async (req: MedusaRequest, res: BonusResponse) => {
  const customerId = customerOf(req)
  await applyCartRedemptionWorkflow(req.scope).run({
    input: { cart_id: req.params.id, customer_id: customerId, amount: 0 },
  })
  await respond(req, res, customerId)
}
