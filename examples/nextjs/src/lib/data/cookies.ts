import { revalidateTag } from "next/cache"
import { cookies } from "next/headers"

// The customer's token and cart id live in httpOnly cookies, as in the Next.js Starter: only
// the server reads them, and every call to the store is made by the server. (A browser takes
// a `secure` cookie from http://localhost too.)

const TOKEN = "_medusa_jwt"
const CART = "_medusa_cart_id"
const CACHE_ID = "_medusa_cache_id"
const WEEK = 60 * 60 * 24 * 7

export async function getAuthHeaders(): Promise<{ authorization: string } | Record<string, never>> {
  const token = (await cookies()).get(TOKEN)?.value
  return token ? { authorization: `Bearer ${token}` } : {}
}

/** A cache tag of this browser's (the middleware's cache id), so revalidating it touches no one else's. */
export async function getCacheTag(tag: string): Promise<string> {
  const id = (await cookies()).get(CACHE_ID)?.value
  return id ? `${tag}-${id}` : ""
}

/** Drops what the Next.js data cache keeps under this browser's tag (the Starter caches carts and customers). */
export async function revalidate(tag: string) {
  const cacheTag = await getCacheTag(tag)
  if (cacheTag) revalidateTag(cacheTag)
}

const cookieOptions = {
  maxAge: WEEK,
  httpOnly: true,
  sameSite: "strict" as const,
  secure: process.env.NODE_ENV === "production",
}

export async function setAuthToken(token: string) {
  ;(await cookies()).set(TOKEN, token, cookieOptions)
}

export async function removeAuthToken() {
  ;(await cookies()).set(TOKEN, "", { maxAge: -1 })
}

export async function getCartId() {
  return (await cookies()).get(CART)?.value
}

export async function setCartId(cartId: string) {
  ;(await cookies()).set(CART, cartId, cookieOptions)
}

export async function removeCartId() {
  ;(await cookies()).set(CART, "", { maxAge: -1 })
}
