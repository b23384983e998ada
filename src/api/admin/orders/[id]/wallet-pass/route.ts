import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import type { AdminOrderWalletPassResponse } from "../../../../types"
import { presentOrderBonus } from "../../../../utils/present-order"
import { balanceCurrency } from "../../../../../utils/currency"

/** GET /admin/orders/:id/wallet-pass — the bonus of one order: credited, redeemed, reversed, and the state of each request. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminOrderWalletPassResponse>) => {
  await req.scope.resolve(Modules.ORDER).retrieveOrder(req.params.id, { select: ["id"] })
  const bonus = await req.scope.resolve(WALLET_PASS_MODULE).getOrderBonus(req.params.id)
  res.json({ wallet_pass: presentOrderBonus(bonus), currency_code: await balanceCurrency(req.scope) })
}
