import { asValue } from "@medusajs/framework/awilix"
import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaResponse } from "@medusajs/framework/http"
import { CART_SHOPPER_KEY } from "../../workflows/hooks/cart-promotion-context"

/**
 * Middleware of Medusa's store cart routes: registers the request's signed-in customer (null for
 * a guest) in the request's own container, where the cart's promotion context reads it
 * (src/workflows/hooks/cart-promotion-context.ts): a cart is priced by who shops with it, not by
 * the e-mail a guest typed (docs/security.md). Runs after Medusa's `authenticate`, which the
 * matcher's entry puts before it (a session or a bearer token; a guest passes).
 */
export function rememberCartShopper(req: AuthenticatedMedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const actor = req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id || null : null
  req.scope.register(CART_SHOPPER_KEY, asValue(actor))
  next()
}
