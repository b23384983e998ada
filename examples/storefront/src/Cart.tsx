import { type FormEvent, useEffect, useState } from "react"
import type { StoreWalletPass, StoreWalletPassBonus } from "medusa-plugin-wallet-pass/storefront"
import { money } from "./format"
import { errorText } from "./sdk"
import type { useCart } from "./useShop"

type Props = { shop: ReturnType<typeof useCart>; pass: StoreWalletPass | null; signedIn: boolean }

/** The cart, its totals, and paying part of it with bonus. */
export function CartPanel({ shop, pass, signedIn }: Props) {
  const { cart, bonus, busy, error } = shop
  const items = cart?.items ?? []
  const currency = cart?.currency_code
  const paidWithBonus = bonus?.amount ?? 0
  // Medusa counts the bonus among the cart's discounts (adjustments of the cart's own: docs/loyalty.md).
  const otherDiscount = Math.max(0, (cart?.discount_total ?? 0) - paidWithBonus)
  return (
    <section className="panel cart" aria-labelledby="cart-title" data-testid="cart">
      <h2 id="cart-title">Your cart</h2>
      {!items.length ? (
        <p className="muted">Your cart is empty.</p>
      ) : (
        <>
          <ul className="lines">
            {items.map((item) => (
              <li className="line" key={item.id}>
                <div className="line__what">
                  <strong>{item.product_title ?? item.title}</strong>
                  {item.variant_title && <span className="muted small">{item.variant_title}</span>}
                </div>
                <div className="qty" aria-label="Quantity">
                  <button type="button" disabled={busy} onClick={() => shop.setQuantity(item.id, item.quantity - 1)}>
                    −
                  </button>
                  <span>{item.quantity}</span>
                  <button type="button" disabled={busy} onClick={() => shop.setQuantity(item.id, item.quantity + 1)}>
                    +
                  </button>
                </div>
                <span className="line__price">{money(item.unit_price * item.quantity, currency)}</span>
              </li>
            ))}
          </ul>
          <PayWithBonus
            bonus={bonus}
            pass={pass}
            signedIn={signedIn}
            currency={currency}
            busy={busy}
            onApply={shop.payWithBonus}
            onRemove={shop.stopPayingWithBonus}
          />
          {error ? <p className="error">{errorText(error)}</p> : null}
          <dl className="totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{money(cart!.item_subtotal ?? 0, currency)}</dd>
            </div>
            {otherDiscount > 0 && (
              <div className="totals__saving">
                <dt>{pass && pass.discount_percent > 0 ? `Card discount (${pass.discount_percent}%)` : "Discount"}</dt>
                <dd data-testid="cart-discount">−{money(otherDiscount, currency)}</dd>
              </div>
            )}
            {paidWithBonus > 0 && (
              <div className="totals__saving">
                <dt>Paid with bonus</dt>
                <dd data-testid="cart-bonus">−{money(paidWithBonus, currency)}</dd>
              </div>
            )}
            <div>
              <dt>Shipping</dt>
              <dd>{cart!.shipping_methods?.length ? money(cart!.shipping_total ?? 0, currency) : "At checkout"}</dd>
            </div>
            {(cart!.tax_total ?? 0) > 0 && (
              <div>
                <dt>Tax</dt>
                <dd>{money(cart!.tax_total ?? 0, currency)}</dd>
              </div>
            )}
            <div className="totals__total">
              <dt>Total</dt>
              <dd data-testid="cart-total" data-amount={cart!.total}>
                {money(cart!.total ?? 0, currency)}
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  )
}

type BonusProps = {
  bonus: StoreWalletPassBonus | null
  pass: StoreWalletPass | null
  signedIn: boolean
  currency: string | undefined
  busy: boolean
  onApply: (amount: number) => void
  onRemove: () => void
}

/**
 * "Pay with bonus": the most this cart may take (`max`: the balance the customer may spend,
 * under the store's cap of `max_order_percent` of the items), an amount to use, and removing it.
 */
function PayWithBonus({ bonus, pass, signedIn, currency, busy, onApply, onRemove }: BonusProps) {
  const [amount, setAmount] = useState("")
  useEffect(() => setAmount(bonus ? String(bonus.max) : ""), [bonus?.max])

  if (!signedIn) return <div className="bonus bonus--quiet">Sign in to pay part of this order with your bonus.</div>
  if (!bonus || bonus.max_order_percent === 0) return null
  const cap = `at most ${bonus.max_order_percent}% of the items`

  if (bonus.amount > 0) {
    return (
      <div className="bonus bonus--applied" data-testid="pay-with-bonus">
        <div>
          <strong>{money(bonus.amount, currency)} paid with bonus</strong>
          <span className="muted small">
            You may use up to {money(bonus.max, currency)} ({cap}).
          </span>
        </div>
        <button className="button" type="button" disabled={busy} onClick={onRemove} data-testid="remove-bonus">
          Remove
        </button>
      </div>
    )
  }
  if (bonus.max <= 0) {
    const why =
      pass && !pass.verified && pass.balance_hidden
        ? "Verify your phone to pay with your bonus."
        : pass && pass.balance <= 0
          ? `No bonus to spend yet: every order earns ${pass.bonus_percent}% back.`
          : "This cart cannot be paid with bonus."
    return (
      <div className="bonus bonus--quiet" data-testid="pay-with-bonus">
        {why}
      </div>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(Number(amount))
  }
  return (
    <form className="bonus" onSubmit={submit} data-testid="pay-with-bonus">
      <div className="bonus__head">
        <strong>Pay with bonus</strong>
        <span data-testid="bonus-max" data-amount={bonus.max}>
          up to {money(bonus.max, currency)}
        </span>
      </div>
      <p className="muted small">
        Use your balance for {cap}
        {pass ? `; you have ${money(pass.balance, currency)}` : ""}.
      </p>
      <div className="bonus__row">
        <input
          type="number"
          min="0.01"
          step="0.01"
          max={bonus.max}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-label="Bonus to use"
          data-testid="bonus-amount"
          required
        />
        <button className="button primary" type="submit" disabled={busy} data-testid="apply-bonus">
          Apply
        </button>
      </div>
    </form>
  )
}
