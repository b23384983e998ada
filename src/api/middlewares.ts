import {
  authenticate,
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import {
  AdminReviewWalletPassOperation,
  AdminWalletPassApiCallsQuery,
  AdminWalletPassHookDeliveriesQuery,
  AdminWalletPassImportItemsQuery,
  AdminWalletPassLedgerQuery,
  AdminWalletPassStoreEventsQuery,
  AdminWalletPassOperationsQuery,
  AdminWalletPassPageQuery,
  AdminWalletPassStatusQuery,
  AdminWalletPassMove,
  AdminWalletPassSync,
  AdminWalletPassImportStart,
  AdminWalletPassAdjust,
  AdminWalletPassRemoteDecision,
  AdminWalletPassCampaign,
  AdminWalletPassEvent,
  AdminWalletPassPush,
} from "./admin/wallet-pass/validators"
import { StoreApplyWalletPassBonus } from "./store/carts/[id]/wallet-pass-bonus/validators"
import { StoreWalletPassEarnQuery } from "./store/wallet-pass/earn/validators"
import { StoreConfirmWalletPassVerification } from "./store/customers/me/wallet-pass/verification/validators"
import { StoreWalletPassInstallQuery } from "./store/customers/me/wallet-pass/install/validators"
import { refuseUnstorableParams } from "./utils/storable-text"
import { noStore } from "./utils/no-store"
import { rememberCartShopper } from "./utils/cart-shopper"
import { readRequestBody } from "./utils/request-body"
import { validateCardPreviewBody, validateProgramBody } from "./admin/wallet-pass/program/validate-program"
import { AdminWalletPassOverviewQuery } from "./admin/wallet-pass/overview/validators"
import { AdminWalletPassForecastQuery } from "./admin/wallet-pass/forecast/validators"
import {
  AdminWalletPassOrderSweepQuery,
  AdminWalletPassOrderSweepRun,
} from "./admin/wallet-pass/order-sweep/validators"

// The plugin's own routes: nothing they answer (errors included) is kept by a cache.
const NO_STORE_ROUTES = [
  "/store/customers/me/wallet-pass",
  "/store/carts/:id/wallet-pass-bonus",
  "/store/carts/:id/wallet-pass-earn",
  "/store/wallet-pass/earn",
  "/admin/wallet-pass",
  "/admin/customers/:id/wallet-pass",
  "/admin/orders/:id/wallet-pass",
]

// Routes with an id in the path (any method; a prefix matches the routes below it).
const ROUTES_WITH_IDS = [
  "/admin/customers/:id/wallet-pass",
  "/admin/orders/:id/wallet-pass",
  "/admin/wallet-pass/operations/:id",
  "/admin/wallet-pass/campaigns/:id",
  "/admin/wallet-pass/import/items/:id",
  "/store/carts/:id/wallet-pass-bonus",
  "/store/carts/:id/wallet-pass-earn",
]

export default defineMiddlewares({
  routes: [
    // Medusa's body parser runs before any route's middleware, so its refusals (invalid JSON,
    // too large) would miss no-store and quote the body: these routes read their own (request-body.ts).
    ...NO_STORE_ROUTES.map((matcher) => ({ matcher: `${matcher}*`, bodyParser: false as const })),
    ...NO_STORE_ROUTES.map((matcher) => ({ matcher, middlewares: [noStore, readRequestBody] })),
    ...ROUTES_WITH_IDS.map((matcher) => ({ matcher, middlewares: [refuseUnstorableParams] })),
    {
      // A cart is priced by who shops with it, signed in (utils/cart-shopper.ts).
      matcher: "/store/carts*",
      middlewares: [
        authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
        rememberCartShopper,
      ],
    },
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
    {
      matcher: "/admin/customers/:id/wallet-pass/push",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassPush)],
    },
    {
      matcher: "/admin/customers/:id/wallet-pass/adjust",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassAdjust)],
    },
    {
      matcher: "/admin/customers/:id/wallet-pass/remote",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassRemoteDecision)],
    },
    {
      matcher: "/admin/customers/:id/wallet-pass/events",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassEvent)],
    },
    {
      matcher: "/admin/wallet-pass/campaigns",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassCampaign)],
    },
    {
      matcher: "/admin/customers/:id/wallet-pass/move",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassMove)],
    },
    {
      matcher: "/admin/wallet-pass/sync",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassSync)],
    },
    {
      matcher: "/admin/wallet-pass/import",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassImportStart)],
    },
    {
      matcher: "/admin/wallet-pass/program",
      method: ["POST"],
      middlewares: [validateProgramBody],
    },
    {
      matcher: "/admin/wallet-pass/program/preview",
      method: ["POST"],
      middlewares: [validateProgramBody],
    },
    {
      matcher: "/admin/wallet-pass/program/card-preview",
      method: ["POST"],
      middlewares: [validateCardPreviewBody],
    },
    {
      matcher: "/admin/wallet-pass/program/history",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassPageQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/hook-deliveries",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassHookDeliveriesQuery, {})],
    },
    {
      matcher: "/admin/customers/:id/wallet-pass/ledger",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassLedgerQuery, {})],
    },
    {
      matcher: "/admin/customers/:id/wallet-pass/store-events",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassStoreEventsQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/hook-refusals",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassPageQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/operations",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassOperationsQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/status",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassStatusQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/campaigns",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassPageQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/api-calls",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassApiCallsQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/forecast",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassForecastQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/overview",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassOverviewQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/order-sweep",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassOrderSweepQuery, {})],
    },
    {
      matcher: "/admin/wallet-pass/order-sweep",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminWalletPassOrderSweepRun)],
    },
    {
      matcher: "/admin/wallet-pass/import/items",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminWalletPassImportItemsQuery, {})],
    },
    {
      // What a product earns: the signed-in customer's rate, a guest's otherwise (docs/routes.md).
      matcher: "/store/wallet-pass/earn",
      method: ["GET"],
      middlewares: [
        authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
        validateAndTransformQuery(StoreWalletPassEarnQuery, {}),
      ],
    },
    {
      matcher: "/store/customers/me/wallet-pass/install",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StoreWalletPassInstallQuery, {})],
    },
    {
      matcher: "/store/customers/me/wallet-pass/verification/confirm",
      method: ["POST"],
      middlewares: [validateAndTransformBody(StoreConfirmWalletPassVerification)],
    },
    // /store/carts/* accepts guests; paying with bonus needs the signed-in owner of the cart.
    {
      matcher: "/store/carts/:id/wallet-pass-bonus",
      method: ["POST"],
      middlewares: [
        authenticate("customer", ["session", "bearer"]),
        validateAndTransformBody(StoreApplyWalletPassBonus),
      ],
    },
    {
      matcher: "/store/carts/:id/wallet-pass-bonus",
      method: ["GET", "DELETE"],
      middlewares: [authenticate("customer", ["session", "bearer"])],
    },
  ],
})
