import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../../../modules/wallet-pass"

/**
 * POST /admin/wallet-pass/import/items/:id/take-over — the merchant takes over a pass the
 * import skipped because the service links it to another CRM (docs/adoption.md): the item is
 * read again and adopted as the store's, its holder marked taken over. 202 `{ id, state:
 * "found" }`; 404 for an unknown item; 400 for one that was not skipped for that reason.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [item] = await walletPass.listWalletPassImportItems({ id: req.params.id }, { select: ["id"] })
  if (!item) throw new MedusaError(MedusaError.Types.NOT_FOUND, `import item ${req.params.id} was not found`)
  if (!(await walletPass.takeOverImportItem(item.id))) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "only a pass the import skipped as another CRM's can be taken over"
    )
  }
  res.status(202).json({ id: item.id, state: "found" })
}
