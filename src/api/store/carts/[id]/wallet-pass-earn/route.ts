import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { cartEarnLines, type CartLineRow, estimate, shopperRateBp } from "../../../../utils/earn-estimate"
import { LINE_PRODUCT_FIELDS } from "../../../../../workflows/redemption/utils/redeemable-lines"
import { balanceCurrency } from "../../../../../utils/currency"
import { ITEM_TOTALS_FIELDS } from "../../../../../utils/totals-fields"
import type { StoreWalletPassCartEarnResponse } from "../../../../types"

type CartRow = {
  id: string
  currency_code: string
  customer_id?: string | null
  customer?: { id: string; has_account?: boolean | null } | null
  total?: unknown
  item_total?: unknown
  item_tax_total?: unknown
  items?: (CartLineRow | null)[] | null
}

/** The cart, its lines' totals and products, and its customer's account: one query (docs/routes.md). */
export const EARN_CART_FIELDS = [
  ...new Set([
    "id",
    "currency_code",
    "customer_id",
    "customer.id",
    "customer.has_account",
    "total",
    "item_total",
    "item_tax_total",
    "items.quantity",
    "items.variant_id",
    "items.variant_sku",
    "items.total",
    "items.tax_total",
    ...LINE_PRODUCT_FIELDS,
    ...ITEM_TOTALS_FIELDS, // the lines' totals right on Medusa 2.18 too (src/utils/totals-fields.ts)
  ]),
]

/**
 * GET /store/carts/:id/wallet-pass-earn — what the cart would earn if placed now (docs/routes.md,
 * "What the shopper will earn"): the order's computation (each line's base after its discounts,
 * without tax, its rule and campaign, one rounding; src/workflows/ledger/order-earning.ts) with the program in force and the rate of the
 * cart's shopper. A cart of a signed-up customer is theirs only (404 for anyone else, as
 * wallet-pass-bonus); a guest's cart (no customer, or one without an account) is read by whoever
 * holds its id, at the program's default rate.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<StoreWalletPassCartEarnResponse>) => {
  const cartId = req.params.id
  const signedIn = req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id || null : null
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [{ data }, { program }, balance] = await Promise.all([
    req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "cart",
      fields: EARN_CART_FIELDS,
      filters: { id: cartId },
    }),
    walletPass.getProgram(),
    balanceCurrency(req.scope),
  ])
  const cart = data[0] as CartRow | undefined
  const account = cart?.customer?.has_account ? (cart.customer_id ?? cart.customer.id) : null
  if (!cart || (account && account !== signedIn)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${cartId} was not found`)
  }
  const currency = String(cart.currency_code ?? "").toLowerCase()
  const lines = cartEarnLines(cart, walletPass.getOptions().accrual.base)
  const rateBp = await shopperRateBp(req.scope, account, cart.customer)
  const result = estimate(program, lines, rateBp, currency)
  // A cart in another currency than the balance earns nothing (as its order would).
  const earns = balance === currency
  res.json({
    currency_code: currency,
    ...result,
    ...(earns
      ? {}
      : { amount: 0, rate_percent: 0, lines: result.lines.map((l) => ({ ...l, bonus_exact: 0 })), campaigns: [] }),
  })
}
