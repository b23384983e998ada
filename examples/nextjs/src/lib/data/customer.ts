"use server"

import type { HttpTypes } from "@medusajs/types"
import { revalidateTag } from "next/cache"
import { redirect } from "next/navigation"
import { sdk } from "@lib/config"
import {
  getAuthHeaders,
  getCacheOptions,
  getCacheTag,
  getCartId,
  removeAuthToken,
  removeCartId,
  setAuthToken,
} from "./cookies"

const revalidate = async (...tags: string[]) => {
  for (const tag of tags) revalidateTag(await getCacheTag(tag))
}

/** The signed-in customer, or null (as the dtc-starter's, cached under the browser's "customers" tag). */
export const retrieveCustomer = async (): Promise<HttpTypes.StoreCustomer | null> => {
  const authHeaders = await getAuthHeaders()
  if (!authHeaders) return null
  if (!("authorization" in authHeaders)) return null
  const next = { ...(await getCacheOptions("customers")) }
  return sdk.client
    .fetch<{ customer: HttpTypes.StoreCustomer }>("/store/customers/me", {
      method: "GET",
      query: { fields: "*orders" },
      headers: { ...authHeaders },
      next,
      cache: "force-cache",
    })
    .then(({ customer }) => customer)
    .catch(() => null)
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim()
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** Creates the account (a phone given here gets the shopper a loyalty card) and signs in. */
export async function signup(_state: unknown, form: FormData): Promise<string | null> {
  const email = text(form, "email")
  const password = String(form.get("password") ?? "")
  try {
    const registration = await sdk.auth.register("customer", "emailpass", { email, password })
    await sdk.store.customer.create(
      {
        email,
        first_name: text(form, "first_name"),
        last_name: text(form, "last_name"),
        phone: text(form, "phone") || undefined,
      },
      {},
      { authorization: `Bearer ${registration}` }
    )
    await signIn(email, password)
  } catch (e) {
    return messageOf(e)
  }
  return null
}

export const updateCustomer = async (body: HttpTypes.StoreUpdateCustomer) => {
  const { customer } = await sdk.store.customer.update(body, {}, { ...(await getAuthHeaders()) })
  await revalidate("customers")
  return customer
}

export async function login(_state: unknown, form: FormData): Promise<string | null> {
  try {
    await signIn(text(form, "email"), String(form.get("password") ?? ""))
  } catch (e) {
    return messageOf(e)
  }
  return null
}

async function signIn(email: string, password: string) {
  const token = await sdk.auth.login("customer", "emailpass", { email, password })
  if (typeof token !== "string") throw new Error("This account needs another way to sign in")
  await setAuthToken(token)
  await revalidate("customers")
  await transferCart()
}

/** A guest cart becomes the signed-in customer's. */
export async function transferCart() {
  const cartId = await getCartId()
  if (!cartId) return
  await sdk.store.cart.transferCart(cartId, {}, { ...(await getAuthHeaders()) }).catch(() => removeCartId())
  await revalidate("carts")
}

export async function signout(countryCode: string) {
  await removeAuthToken()
  await removeCartId()
  await revalidate("customers", "carts", "orders")
  redirect(`/${countryCode}/account`)
}
