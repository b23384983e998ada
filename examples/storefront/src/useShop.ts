import type { HttpTypes } from "@medusajs/types"
import { useCallback, useEffect, useState } from "react"
import {
  applyBonus,
  removeBonus,
  retrieveBonus,
  type StoreCart,
  type StoreWalletPassBonus,
} from "medusa-plugin-wallet-pass/storefront"
import { hasSession, sdk } from "./sdk"

const CART_KEY = "linden_store_cart"

/**
 * The signed-in customer: undefined while loading, null when signed out. A guest (no token
 * kept) is not asked for: the store would answer 401, an error in the browser's console.
 */
export function useCustomer() {
  const [customer, setCustomer] = useState<HttpTypes.StoreCustomer | null | undefined>(undefined)
  const reload = useCallback(async () => {
    if (!hasSession()) return setCustomer(null)
    try {
      setCustomer((await sdk.store.customer.retrieve()).customer)
    } catch {
      // A token the store no longer takes (expired): signed out.
      await sdk.auth.logout().catch(() => {})
      setCustomer(null)
    }
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])
  return { customer, reload, setCustomer }
}

/** The store's first region and its products, priced in it. */
export function useCatalog() {
  const [region, setRegion] = useState<HttpTypes.StoreRegion | null>(null)
  const [products, setProducts] = useState<HttpTypes.StoreProduct[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    ;(async () => {
      const { regions } = await sdk.store.region.list()
      const first = regions[0]
      if (!first) throw new Error("The store has no region yet")
      setRegion(first)
      const { products } = await sdk.store.product.list({
        region_id: first.id,
        fields: "id,title,subtitle,description,thumbnail,*variants.calculated_price",
      })
      setProducts(products)
    })().catch(setError)
  }, [])
  return { region, products, error }
}

/**
 * The shopper's cart (its id kept in localStorage) and, for a signed-in customer, what it is
 * paid with in bonus and the most it may be (the kit's `retrieveBonus`). A guest cart becomes
 * the customer's when they sign in; signing out forgets it.
 */
export function useCart(customerId: string | null | undefined, regionId: string | undefined) {
  const [cart, setCart] = useState<StoreCart | null>(null)
  const [bonus, setBonus] = useState<StoreWalletPassBonus | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)

  const forget = () => {
    localStorage.removeItem(CART_KEY)
    setCart(null)
    setBonus(null)
  }

  const refreshBonus = useCallback(
    async (cartId: string) => {
      if (!customerId) return setBonus(null)
      setBonus((await retrieveBonus(sdk, cartId)).wallet_pass_bonus)
    },
    [customerId]
  )

  // Load the kept cart whenever who is signed in changes.
  useEffect(() => {
    if (customerId === undefined) return
    const id = localStorage.getItem(CART_KEY)
    if (!id) return forget()
    ;(async () => {
      let { cart } = await sdk.store.cart.retrieve(id, { fields: "+customer_id" })
      if (cart.completed_at) return forget()
      const owner = cart.customer_id ?? null
      if (!customerId && owner) return forget()
      if (customerId && owner !== customerId) {
        if (owner) return forget() // someone else's cart on this device
        cart = (await sdk.store.cart.transferCart(id)).cart
      }
      setCart(cart)
      await refreshBonus(cart.id)
    })().catch(() => forget())
  }, [customerId, refreshBonus])

  const act = async (run: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await run()
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }
  /** A change of the items; then the bonus is read again (the cap follows the items). */
  const change = (run: () => Promise<StoreCart>) =>
    act(async () => {
      const next = await run()
      localStorage.setItem(CART_KEY, next.id)
      setCart(next)
      await refreshBonus(next.id)
    })
  const take = (answer: { cart: StoreCart; wallet_pass_bonus: StoreWalletPassBonus }) => {
    setCart(answer.cart)
    setBonus(answer.wallet_pass_bonus)
  }

  return {
    cart,
    bonus,
    busy,
    error,
    add: (variantId: string) =>
      change(async () =>
        cart
          ? (await sdk.store.cart.createLineItem(cart.id, { variant_id: variantId, quantity: 1 })).cart
          : (await sdk.store.cart.create({ region_id: regionId, items: [{ variant_id: variantId, quantity: 1 }] })).cart
      ),
    setQuantity: (lineId: string, quantity: number) =>
      change(async () =>
        quantity > 0
          ? (await sdk.store.cart.updateLineItem(cart!.id, lineId, { quantity })).cart
          : ((await sdk.store.cart.deleteLineItem(cart!.id, lineId)).parent as StoreCart)
      ),
    /** Pays up to `amount` of the cart with bonus (the store keeps it under `max`). */
    payWithBonus: (amount: number) => act(async () => take(await applyBonus(sdk, cart!.id, amount))),
    stopPayingWithBonus: () => act(async () => take(await removeBonus(sdk, cart!.id))),
    forget,
  }
}
