import { authenticate, defineMiddlewares, validateAndTransformBody } from "@medusajs/framework/http"
import {
  AdminReviewWalletPassOperation,
  AdminWalletPassAdjust,
  AdminWalletPassCampaign,
  AdminWalletPassEvent,
  AdminWalletPassPush,
} from "./admin/wallet-pass/validators"
import { StoreApplyWalletPassBonus } from "./store/carts/[id]/wallet-pass-bonus/validators"

export default defineMiddlewares({
  routes: [
    {
      // The hook route reads its own body: bad JSON and oversized bodies answer the
      // service's `{ error }` shape instead of Medusa's.
      matcher: "/hooks/wallet-pass",
      method: ["POST"],
      bodyParser: false,
    },
    {
      matcher: "/admin/wallet-pass/operations/:id/retry",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminReviewWalletPassOperation)],
    },
    {
      matcher: "/admin/wallet-pass/operations/:id/resolve",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminReviewWalletPassOperation)],
    },
    { matcher: "/admin/customers/:id/wallet-pass/push", method: ["POST"], middlewares: [validateAndTransformBody(AdminWalletPassPush)] },
    { matcher: "/admin/customers/:id/wallet-pass/adjust", method: ["POST"], middlewares: [validateAndTransformBody(AdminWalletPassAdjust)] },
    { matcher: "/admin/customers/:id/wallet-pass/events", method: ["POST"], middlewares: [validateAndTransformBody(AdminWalletPassEvent)] },
    { matcher: "/admin/wallet-pass/campaigns", method: ["POST"], middlewares: [validateAndTransformBody(AdminWalletPassCampaign)] },
    // /store/carts/* accepts guests; paying with bonus needs the signed-in owner of the cart.
    {
      matcher: "/store/carts/:id/wallet-pass-bonus",
      method: ["POST"],
      middlewares: [authenticate("customer", ["session", "bearer"]), validateAndTransformBody(StoreApplyWalletPassBonus)],
    },
    {
      matcher: "/store/carts/:id/wallet-pass-bonus",
      method: ["DELETE"],
      middlewares: [authenticate("customer", ["session", "bearer"])],
    },
  ],
})
