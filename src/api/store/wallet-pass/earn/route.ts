import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, QueryContext } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { cachedLineRules, estimate, shopperRates } from "../../../utils/earn-estimate"
import { lineFactsOf, type ProductFactsRow } from "../../../../workflows/redemption/utils/redeemable-lines"
import { basisPointsToPercent, floorToMinorUnits } from "../../../../lib/amounts"
import { balanceCurrency } from "../../../../utils/currency"
import type { StoreWalletPassEarnResponse } from "../../../types"
import type { StoreWalletPassEarnQueryType } from "./validators"

type VariantRow = {
  id: string
  product?: (ProductFactsRow & { id: string; is_giftcard?: boolean | null }) | null
  calculated_price?: { calculated_amount?: unknown } | null
}

/** A price less a discount in basis points, rounded down to the minor unit. */
const afterDiscount = (minor: number, discountBp: number) => minor - Math.ceil((minor * discountBp) / 10_000)

/**
 * GET /store/wallet-pass/earn?variant_id=…&region_id=… — the bonus one unit of each variant
 * earns (docs/routes.md, "What the shopper will earn"): its price in the region, the bonus as
 * an order of that one unit would get it (the program in force, the signed-in customer's rate
 * or a guest's), and whether it may be paid with bonus. A variant without a price in the
 * region, or unknown, is left out; a region in another currency than the balance earns 0.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, StoreWalletPassEarnQueryType>,
  res: MedusaResponse<StoreWalletPassEarnResponse>
) => {
  const { variant_id: ids, region_id } = req.validatedQuery
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: regions } = await query.graph({
    entity: "region",
    fields: ["id", "currency_code"],
    filters: { id: region_id },
  })
  const currency = regions[0]?.currency_code?.toLowerCase()
  if (!currency) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Region with id: ${region_id} was not found`)
  const customerId = req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id || null : null
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [{ data }, { program, version }, rates, balance] = await Promise.all([
    query.graph({
      entity: "product_variant",
      fields: [
        "id",
        "product.id",
        "product.is_giftcard",
        "product.collection_id",
        "product.type_id",
        "product.categories.id",
        "product.tags.id",
        "calculated_price.calculated_amount",
      ],
      filters: { id: ids },
      context: { calculated_price: QueryContext({ region_id, currency_code: currency }) },
    }),
    walletPass.getProgram(),
    shopperRates(req.scope, customerId),
    balanceCurrency(req.scope),
  ])
  const rateBp = rates.bonus_bp
  const earns = balance === currency
  const variants = (data as VariantRow[]).flatMap((variant) => {
    const price = variant.calculated_price?.calculated_amount
    if (price === undefined || price === null || !variant.product) return []
    const line = {
      ...lineFactsOf({ id: variant.product.id, is_giftcard: variant.product.is_giftcard }, variant.product),
      // The shopper's own discount (their discount group's promotion) comes off before the
      // bonus, as it does in their cart: the base is the price after it, rounded down.
      base: afterDiscount(floorToMinorUnits(Number(price)), rates.discount_bp),
    }
    const rules = cachedLineRules(version, line, program.earning, rateBp)
    const bonus = earns ? estimate(program, [line], rateBp, currency).amount : 0
    return [{ id: variant.id, price: Number(price), bonus, redeemable: rules.redeem }]
  })
  res.json({ currency_code: currency, rate_percent: earns ? basisPointsToPercent(rateBp) : 0, variants })
}
