import type { AxiosInstance } from "axios"
import type { HttpTypes, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { TestEventUtils } from "@medusajs/test-utils"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import { PAYMENT_PROVIDER_ID, seedStore, type SeededStore, type SeedStoreOptions } from "./seed-store"

/**
 * A working storefront for HTTP tests, built the way a merchant's seed script builds one
 * (Medusa's own workflows and modules), and helpers that buy through the real store API.
 *
 *   const store = seededStoreBeforeAll(getContainer)             // in the suite
 *   const { customer, headers } = await registerCustomer(api, store, { email, password: "pw" })
 *   const cart = await createCart(api, store, headers, { quantity: 2 })
 *   const order = await placeOrder(api, store, headers, cart.id)
 */

export { seedStore } from "./seed-store"
export type { SeededStore, SeedStoreOptions } from "./seed-store"

/**
 * The spec's store, seeded once in the suite's `beforeAll` (seedStore with `options`): the
 * object is filled then, so read it in tests and hooks, not while the suite is declared.
 */
export function seededStoreBeforeAll(getContainer: () => MedusaContainer, options?: SeedStoreOptions): SeededStore {
  const store = {} as SeededStore
  beforeAll(async () => {
    Object.assign(store, await seedStore(getContainer(), options))
  })
  return store
}

/** Headers for `/store/*` requests; a bearer token makes them a signed-in customer's. */
export type StoreHeaders = Record<string, string>

/** Headers of a guest: only the publishable key. */
export function guestHeaders(store: SeededStore): StoreHeaders {
  return { "x-publishable-api-key": store.publishableKey }
}

export type RegisterCustomerInput = {
  email: string
  password: string
  /** Given as written; the plugin normalises it (E.164) when it enrols the customer. */
  phone?: string
  first_name?: string
  last_name?: string
  /** The customer's metadata, as a storefront's signup form may set it. */
  metadata?: Record<string, unknown>
}

/**
 * Signs a customer up the way a storefront does: `POST /auth/customer/emailpass/register`,
 * `POST /store/customers` with that registration token (so `customer.created` fires as in a
 * real signup), then `POST /auth/customer/emailpass` to sign in. Returns the customer and
 * the headers of their session (bearer token + publishable key).
 *
 * Subscribers of `customer.created` (the plugin's enrolment) run asynchronously; pass
 * `{ container }` to return only once they are done, so a test does not race them.
 */
export async function registerCustomer(
  api: AxiosInstance,
  store: SeededStore,
  input: RegisterCustomerInput,
  { container }: { container?: MedusaContainer } = {}
): Promise<{ customer: HttpTypes.StoreCustomer; headers: StoreHeaders }> {
  const { email, password, ...profile } = input
  const registered = await api.post<{ token: string }>("/auth/customer/emailpass/register", { email, password })
  const subscribersDone = container
    ? TestEventUtils.waitSubscribersExecution("customer.created", container.resolve(Modules.EVENT_BUS))
    : undefined
  const created = await api.post<{ customer: HttpTypes.StoreCustomer }>(
    "/store/customers",
    { email, ...profile },
    { headers: { ...guestHeaders(store), authorization: `Bearer ${registered.data.token}` } }
  )
  await subscribersDone
  const signedIn = await api.post<{ token: string }>("/auth/customer/emailpass", { email, password })
  return {
    customer: created.data.customer,
    headers: { ...guestHeaders(store), authorization: `Bearer ${signedIn.data.token}` },
  }
}

export type CreateCartInput = {
  /** How many of the seeded variant; default 1. */
  quantity?: number
  /** Other lines instead of the seeded variant's. */
  items?: { variant_id: string; quantity: number }[]
}

/**
 * A cart ready for checkout, made through the store API: the seeded variant × `quantity` (or `items`),
 * a shipping and billing address in the region's country, and the seeded shipping method.
 * With a customer's headers the cart belongs to that customer. Returns the cart as
 * `GET /store/carts/:id` shows it (totals included).
 */
export async function createCart(
  api: AxiosInstance,
  store: SeededStore,
  headers: StoreHeaders,
  { quantity = 1, items }: CreateCartInput = {}
): Promise<HttpTypes.StoreCart> {
  const created = await api.post<{ cart: HttpTypes.StoreCart }>(
    "/store/carts",
    {
      region_id: store.regionId,
      sales_channel_id: store.salesChannelId,
      items: items ?? [{ variant_id: store.variantId, quantity }],
    },
    { headers }
  )
  const cartId = created.data.cart.id
  const address = {
    first_name: "Anna",
    last_name: "Petrova",
    address_1: "Hauptstr. 5",
    city: "Berlin",
    postal_code: "10115",
    country_code: store.countryCode,
  }
  await api.post(`/store/carts/${cartId}`, { shipping_address: address, billing_address: address }, { headers })
  await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.shippingOptionId }, { headers })
  return getCart(api, headers, cartId)
}

/** `GET /store/carts/:id`: the cart with its totals and promotions. */
export async function getCart(api: AxiosInstance, headers: StoreHeaders, cartId: string): Promise<HttpTypes.StoreCart> {
  const res = await api.get<{ cart: HttpTypes.StoreCart }>(`/store/carts/${cartId}`, { headers })
  return res.data.cart
}

/** Runs `act` and waits until the subscribers of `event` it set off are done. */
export async function afterSubscribers(container: MedusaContainer, event: string, act: () => Promise<unknown>) {
  const done = TestEventUtils.waitSubscribersExecution(event, container.resolve(Modules.EVENT_BUS))
  await act()
  await done
}

/**
 * Checks out a cart through the store API: a payment collection, a session with the
 * manual provider (`pp_system_default`), then `POST /store/carts/:id/complete`. Without
 * `cartId`, a new cart of one item is made first. Returns the placed order; throws with
 * Medusa's message when the cart does not become an order.
 */
export async function placeOrder(
  api: AxiosInstance,
  store: SeededStore,
  headers: StoreHeaders,
  cartId?: string
): Promise<HttpTypes.StoreOrder> {
  const id = cartId ?? (await createCart(api, store, headers)).id
  const collection = await api.post<{ payment_collection: HttpTypes.StorePaymentCollection }>(
    "/store/payment-collections",
    { cart_id: id },
    { headers }
  )
  await api.post(
    `/store/payment-collections/${collection.data.payment_collection.id}/payment-sessions`,
    { provider_id: PAYMENT_PROVIDER_ID },
    { headers }
  )
  const completed = await api.post<
    | { type: "order"; order: HttpTypes.StoreOrder }
    | { type: "cart"; cart: HttpTypes.StoreCart; error: { message: string } }
  >(`/store/carts/${id}/complete`, {}, { headers })
  if (completed.data.type !== "order") {
    throw new Error(`cart ${id} was not completed: ${completed.data.error?.message ?? "no order"}`)
  }
  return completed.data.order
}

/**
 * Ships the whole of an order's first line, then takes `quantity` of it back as the admin
 * dashboard does (request the items back, receive them, confirm), through the admin API with
 * `admin`'s headers; resolves once the subscribers of `order.return_received` are done
 * (unless `waitForSubscribers` is false: a spec that drops the event). Returns the return.
 */
export async function shipAndReturn(
  api: AxiosInstance,
  container: MedusaContainer,
  store: SeededStore,
  admin: { headers: Record<string, string> },
  order: HttpTypes.StoreOrder,
  quantity = 1,
  { waitForSubscribers = true }: { waitForSubscribers?: boolean } = {}
): Promise<{ id: string }> {
  const line = order.items![0]
  await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: line.id, quantity: line.quantity }] }, admin)
  const { data } = await api.post("/admin/returns", { order_id: order.id, location_id: store.stockLocationId }, admin)
  const ret = data.return
  await api.post(`/admin/returns/${ret.id}/request-items`, { items: [{ id: line.id, quantity }] }, admin)
  await api.post(`/admin/returns/${ret.id}/request`, {}, admin)
  await api.post(`/admin/returns/${ret.id}/receive`, {}, admin)
  await api.post(`/admin/returns/${ret.id}/receive-items`, { items: [{ id: line.id, quantity }] }, admin)
  const confirm = () => api.post(`/admin/returns/${ret.id}/receive/confirm`, {}, admin)
  await (waitForSubscribers ? afterSubscribers(container, "order.return_received", confirm) : confirm())
  return ret
}

/**
 * One more published product of the seeded store, one variant at `price` (no inventory kept),
 * with `extra` fields of the product (`is_giftcard`, `tag_ids`, `collection_id`, ...). Returns
 * the variant's id.
 */
export async function addProduct(
  container: MedusaContainer,
  store: SeededStore,
  title: string,
  price: number,
  extra: { is_giftcard?: boolean; tag_ids?: string[]; collection_id?: string } = {}
): Promise<string> {
  const {
    result: [created],
  } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title,
          status: "published",
          shipping_profile_id: store.shippingProfileId,
          options: [{ title: "Size", values: ["One"] }],
          variants: [
            {
              title: "One",
              options: { Size: "One" },
              manage_inventory: false,
              prices: [{ amount: price, currency_code: store.currencyCode }],
            },
          ],
          sales_channels: [{ id: store.salesChannelId }],
          ...extra,
        },
      ],
    },
  })
  return created.variants[0].id
}
