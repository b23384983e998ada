import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { cardInUse, type Program, WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { cardFormat } from "../../utils/card-format"

/**
 * The texts a holder's card gets now, as the next request would send them (docs/program.md,
 * "On the card"): the store route shows them, the admin previews them. Null when the program
 * (`program`, else the one in force) sets no variables, or the holder is gone.
 */
export async function holderCardTexts(
  container: MedusaContainer,
  holder: { id: string; name?: string | null; customer_id?: string | null },
  program?: Program
): Promise<Record<string, string> | null> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  program ??= (await walletPass.getProgram()).program
  if (!cardInUse(program.pass) || !Object.keys(program.pass.variables).length) return null
  const customer = holder.customer_id
    ? await container
        .resolve(Modules.CUSTOMER)
        .retrieveCustomer(holder.customer_id, { select: ["id", "first_name"] })
        .catch(() => null)
    : null
  const cards = await walletPass.getHolderCards({
    holder_ids: [holder.id],
    program,
    format: await cardFormat(container, program.timeZone),
    first_names: new Map([[holder.id, holder.name ?? customer?.first_name ?? null]]),
  })
  return cards.get(holder.id)?.texts ?? null
}
