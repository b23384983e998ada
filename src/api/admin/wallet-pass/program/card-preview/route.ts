import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { cardDesign, type Program, WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { holderCardTexts } from "../../../../utils/card-texts"
import { cardFormat } from "../../../../../utils/card-format"
import type { AdminWalletPassCardPreviewResponse } from "../../../../types"

/**
 * POST /admin/wallet-pass/program/card-preview — what a customer's card gets under the program
 * in the body (the one in force without one), exactly as the next request would send it: each
 * template variable's text, and the design (`template_uuid`) that request would give the card,
 * null when it gives none (docs/program.md, "On the card"), and the locale the card's texts are
 * written in (the admin labels them with it). Writes nothing, sends nothing.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<{ customer_id: string; program?: Program }>,
  res: MedusaResponse<AdminWalletPassCardPreviewResponse>
) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { customer_id } = req.validatedBody
  const program = req.validatedBody.program ?? (await walletPass.getProgram()).program
  const [holder] = await walletPass.listWalletPassHolders(
    { customer_id },
    { select: ["id", "name", "customer_id", "level", "card_level", "card_texts"], take: 1 }
  )
  if (!holder) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Customer ${customer_id} has no wallet pass`)
  }
  const texts = (await holderCardTexts(req.scope, holder, program)) ?? {}
  const design = cardDesign({
    newCard: false,
    level: holder.level,
    designLevel: holder.card_level,
    levelTemplates: program.pass.levelTemplates,
  })
  const sent = (holder.card_texts ?? {}) as Record<string, string>
  res.json({
    card_preview: {
      customer_id,
      level: holder.level,
      texts,
      changed: Object.keys(texts).filter((name) => sent[name] !== texts[name]),
      template_uuid: design,
      design_level: holder.card_level,
      locale: (await cardFormat(req.scope, program.timeZone)).locale,
    },
  })
}
