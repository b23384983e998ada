import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { balanceCurrency } from "../../utils/currency"
import { type CartData, redemptionCap, redemptionCartOf } from "../redemption/utils/redemption-cart"

type Reserved = { entry_id: string; cart_id: string } | null

/**
 * At checkout, a cart that pays with bonus reserves that amount of the live balance (under
 * the holder's lock, never below zero), so a stale balance or a second cart completing at
 * the same time cannot spend it twice: the completion that comes second is refused with
 * NOT_ALLOWED. Also refused: another cart's bonus code, a cap exceeded since the cart
 * changed, redemption disabled, another currency. If the completion fails later, the
 * reservation is voided; order.placed turns it into the order's redemption.
 */
completeCartWorkflow.hooks.validate(
  async ({ cart: hookCart }: { cart: CartData }, { container }) => {
    // The workflow's own cart (items with adjustments, item_total): no query at checkout.
    const cart = redemptionCartOf(hookCart)
    if (cart.foreign_codes.length) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Bonus code ${cart.foreign_codes[0]} belongs to another cart`
      )
    }
    if (cart.redeemed <= 0) return new StepResponse<Reserved, Reserved>(null, null)

    // A repeated completion of a cart that already became an order reserves nothing new.
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: links } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: cart.id },
    })
    if (links.length) return new StepResponse<Reserved, Reserved>(null, null)

    const walletPass = container.resolve(WALLET_PASS_MODULE)
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
