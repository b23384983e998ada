import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import QRCode from "qrcode"
import { accountInstallLinks, noInstallLink } from "../../../../../utils/account-pass"

/**
 * GET /store/customers/me/wallet-pass/qr.svg — an SVG QR code of the signed-in customer's
 * form link (it installs the card on iOS and Android alike), for a desktop shopper to scan
 * with their phone (docs/storefront.md). Never cached (`private, no-store`): the code is
 * personal once the phone is verified, and a shared cache must not keep it. `Vary` is
 * appended to (the CORS `Origin` stays).
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const target = await accountInstallLinks(req.scope, req.auth_context.actor_id)
  if (!target) throw noInstallLink(null)
  const url = target.links.form
  if (!url) throw noInstallLink(target)
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
  res.setHeader("Content-Type", "image/svg+xml; charset=utf-8")
  res.setHeader("Cache-Control", "private, no-store")
  res.vary("Authorization")
  res.vary("Cookie")
  res.send(svg)
}
