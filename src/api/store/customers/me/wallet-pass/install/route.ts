import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { accountInstallLinks, noInstallLink } from "../../../../../utils/account-pass"
import { platformOf } from "../../../../../utils/install-links"
import type { StoreWalletPassInstallResponse } from "../../../../../types"
import type { StoreWalletPassInstallQueryType } from "./validators"

/**
 * GET /store/customers/me/wallet-pass/install — sends the signed-in customer to the link
 * that installs their card on this device (docs/storefront.md): iOS → Apple Wallet, Android →
 * Google Wallet, anything else → the service's form (it works on both); `?platform=` chooses.
 * A platform without a link falls back to the form. With `Accept: application/json` the answer
 * is `{ url, platform }` instead of the redirect (a storefront that sends a bearer token
 * cannot follow a redirect it did not see). 404 with the reason when there is no link.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, StoreWalletPassInstallQueryType>,
  res: MedusaResponse<StoreWalletPassInstallResponse>
) => {
  const target = await accountInstallLinks(req.scope, req.auth_context.actor_id)
  if (!target) throw noInstallLink(null)
  const asked = req.validatedQuery?.platform ?? platformOf(req.get("user-agent"))
  const platform = target.links[asked] ? asked : "form"
  const url = target.links[platform]
  if (!url) throw noInstallLink(target)
  res.setHeader("Cache-Control", "private, no-store")
  if (req.accepts(["text/html", "application/json"]) === "application/json") {
    res.json({ url, platform })
    return
  }
  res.redirect(302, url)
}
