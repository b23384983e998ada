import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { balanceCurrency } from "../../utils/currency"
import { type CartData, redemptionCap, redemptionCartOf } from "../redemption/utils/redemption-cart"
import { earningOf, NO_EARNING_RULES, type ProductFactsRow } from "../redemption/utils/redeemable-lines"

type Reserved = { entry_id: string; cart_id: string } | null

/** The collection, type, categories and tags of the cart's lines' products (one query), by product id. */
async function productsOf(
  query: { graph: (q: object) => Promise<{ data: unknown[] }> },
  cart: CartData
): Promise<Map<string, ProductFactsRow>> {
  const ids = [...new Set((cart.items ?? []).flatMap((item) => (item?.product_id ? [item.product_id] : [])))]
  if (!ids.length) return new Map()
  const { data } = await query.graph({
    entity: "product",
    fields: ["id", "collection_id", "type_id", "categories.id", "tags.id"],
    filters: { id: ids },
  })
  return new Map((data as (ProductFactsRow & { id: string })[]).map((p) => [p.id, p]))
}

/**
 * At checkout, a cart that pays with bonus reserves that amount of the live balance (under
 * the holder's lock, never below zero), so a stale balance or a second cart completing at
 * the same time cannot spend it twice: the completion that comes second is refused with
 * NOT_ALLOWED. Also refused: another cart's bonus code, a cap exceeded since the cart
 * changed, bonus on a line that cannot be paid with it (the program's rules in force now, as
 * the cart route applies them), redemption disabled, another currency. If the completion fails later, the
 * reservation is voided; order.placed turns it into the order's redemption.
 */
completeCartWorkflow.hooks.validate(
  async ({ cart: hookCart }: { cart: CartData }, { container }) => {
    // The workflow's own cart (items with adjustments, item_total); its lines' products'
    // collection, categories and tags are not in it: read only when the cart pays with bonus.
    // Without the rules first: another cart's code and whether it pays with bonus at all.
    const foreignOnly = redemptionCartOf(hookCart, NO_EARNING_RULES)
    if (foreignOnly.foreign_codes.length) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Bonus code ${foreignOnly.foreign_codes[0]} belongs to another cart`
      )
    }
    if (foreignOnly.redeemed <= 0) return new StepResponse<Reserved, Reserved>(null, null)

    // A repeated completion of a cart that already became an order reserves nothing new.
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: links } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: hookCart.id },
    })
    if (links.length) return new StepResponse<Reserved, Reserved>(null, null)

    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const cart = redemptionCartOf(
      hookCart,
      earningOf((await walletPass.getProgram()).program),
      await productsOf(query, hookCart)
    )
    const { maxOrderPercent } = walletPass.getOptions().redemption
    if (maxOrderPercent <= 0) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Paying with bonus is disabled in this store: remove the bonus from the cart"
      )
    }
    const currency = await balanceCurrency(container)
    if (cart.currency_code !== currency) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Bonus can only pay for carts in ${currency?.toUpperCase()}`)
    }
    if (cart.misplaced > 0) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Bonus pays for ${cart.excluded.map((l) => l.title ?? l.line_id).join(", ")}, which cannot be paid with bonus: apply the bonus again`
      )
    }
    // One minor unit of slack: the promotion engine spreads the amount over items with decimals.
    if (cart.redeemed > redemptionCap(cart.base, maxOrderPercent, currency) + 1) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The bonus exceeds ${maxOrderPercent}% of the cart since it changed: apply the bonus again`
      )
    }
    const [holder] = cart.customer_id ? await walletPass.listWalletPassHolders({ customer_id: cart.customer_id }) : []
    if (!holder) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "This cart pays with bonus but its customer has no bonus card"
      )
    }
    const reserved = await walletPass.reserveCartRedemption({
      holder_id: holder.id,
      cart_id: cart.id,
      amount: cart.redeemed,
      currency_code: currency,
    })
    const compensation = { entry_id: reserved.entry_id, cart_id: cart.id }
    return new StepResponse<Reserved, Reserved>(compensation, compensation)
  },
  async (reserved: Reserved | undefined, { container }) => {
    if (!reserved) return
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: links } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: reserved.cart_id },
    })
    if (links.length) return // the order exists: the redemption is its own now
    await container.resolve(WALLET_PASS_MODULE).voidCartRedemption(reserved.entry_id)
  }
)
