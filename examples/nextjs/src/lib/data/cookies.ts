import { cookies as nextCookies } from "next/headers"

// The customer's token and cart id live in httpOnly cookies, as in the dtc-starter
// (`src/lib/data/cookies.ts`, same names and signatures): only the server reads them, and every
// call to the store is made by the server. Cached reads are tagged per browser (the middleware's
// `_medusa_cache_id`), so revalidating a tag touches no one else's.

const WEEK = 60 * 60 * 24 * 7

export const getAuthHeaders = async (): Promise<{ authorization: string } | Record<string, never>> => {
  try {
    const token = (await nextCookies()).get("_medusa_jwt")?.value
    return token ? { authorization: `Bearer ${token}` } : {}
  } catch {
    return {}
  }
}

export const getCacheTag = async (tag: string): Promise<string> => {
  try {
    const cacheId = (await nextCookies()).get("_medusa_cache_id")?.value
    return cacheId ? `${tag}-${cacheId}` : ""
  } catch {
    return ""
  }
}

export const getCacheOptions = async (tag: string): Promise<{ tags: string[] } | Record<string, never>> => {
  if (typeof window !== "undefined") return {}
  const cacheTag = await getCacheTag(tag)
  return cacheTag ? { tags: [cacheTag] } : {}
}

const options = () => ({
  maxAge: WEEK,
  httpOnly: true,
  sameSite: "strict" as const,
  secure: process.env.NODE_ENV === "production",
})

export const setAuthToken = async (token: string) => {
  ;(await nextCookies()).set("_medusa_jwt", token, options())
}

export const removeAuthToken = async () => {
  ;(await nextCookies()).set("_medusa_jwt", "", { maxAge: -1 })
}

export const getCartId = async () => (await nextCookies()).get("_medusa_cart_id")?.value

export const setCartId = async (cartId: string) => {
  ;(await nextCookies()).set("_medusa_cart_id", cartId, options())
}

export const removeCartId = async () => {
  ;(await nextCookies()).set("_medusa_cart_id", "", { maxAge: -1 })
}
