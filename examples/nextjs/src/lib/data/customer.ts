"use server"

import type { HttpTypes } from "@medusajs/types"
import { redirect } from "next/navigation"
import { sdk } from "@lib/config"
import { getAuthHeaders, getCartId, removeAuthToken, removeCartId, revalidate, setAuthToken } from "./cookies"

/** The signed-in customer, or null. */
export async function retrieveCustomer(): Promise<HttpTypes.StoreCustomer | null> {
  const headers = await getAuthHeaders()
  if (!("authorization" in headers)) return null
  return sdk.client
    .fetch<{ customer: HttpTypes.StoreCustomer }>("/store/customers/me", {
      headers,
      cache: "no-store",
    })
    .then(({ customer }) => customer)
    .catch(() => null)
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim()
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** Creates the account (a phone given here gets the shopper a loyalty card) and signs in. */
export async function signup(_state: string | null, form: FormData): Promise<string | null> {
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

/**
 * The account's phone, written again (the wallet pass asks for it when the store cannot read the
 * one given): the store reads it on save, and a number it reads gets the card issued.
 */
export async function updatePhone(_state: string | null, form: FormData): Promise<string | null> {
  const phone = text(form, "phone")
  if (!phone) return "Enter your mobile phone"
  try {
    await sdk.store.customer.update({ phone }, {}, await getAuthHeaders())
    await revalidate("customers")
  } catch (e) {
    return messageOf(e)
  }
  return null
}

export async function login(_state: string | null, form: FormData): Promise<string | null> {
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
  // A guest cart becomes the customer's.
  const cartId = await getCartId()
  if (cartId) {
    await sdk.store.cart.transferCart(cartId, {}, { authorization: `Bearer ${token}` }).catch(() => removeCartId())
    await revalidate("carts")
  }
}

export async function signout(countryCode: string) {
  await removeAuthToken()
  await removeCartId()
  await revalidate("customers")
  await revalidate("carts")
  redirect(`/${countryCode}/account`)
}
