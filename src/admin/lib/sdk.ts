import Medusa from "@medusajs/js-sdk"

/** Where the admin API lives: the dashboard's own backend, same origin unless served elsewhere. */
export const backendUrl = typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__ ? __BACKEND_URL__ : "/"

/** The admin's own SDK client, signed in with the dashboard's session. */
export const sdk = new Medusa({ baseUrl: backendUrl, auth: { type: "session" } })

/** An absolute-or-relative link to an admin route (for downloads the browser fetches itself). */
export function backendLink(pathname: string): string {
  return `${backendUrl.replace(/\/$/, "")}${pathname}`
}
