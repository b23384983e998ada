import type { MedusaContainer } from "@medusajs/framework/types"
import { birthdaysOn, WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { grantProgramBonusWorkflow } from "./grant-program-bonus"

/**
 * The birthday bonus of everyone whose birthday it is at `now` in the program's time zone
 * (docs/program.md): once a year each (the ledger key carries the year), those born on 29
 * February on the 28th when the year has no 29th. Answers how many holders were credited now.
 */
export async function grantBirthdayBonuses(container: MedusaContainer, now = new Date()): Promise<number> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const { program } = await walletPass.getProgram()
  if (!(program.bonuses.birthday.amount > 0)) return 0
  const { year, monthDays } = birthdaysOn(now, program.timeZone)
  const holders = await walletPass.listWalletPassHolders(
    { $or: monthDays.map((md) => ({ birthday: { $like: `%-${md}` } })), phone: { $ne: null } },
    { select: ["id"] }
  )
  let credited = 0
  for (const { id } of holders) {
    const { result } = await grantProgramBonusWorkflow(container).run({
      input: { holder_id: id, bonus: "birthday", year },
    })
    if (result.created) credited++
  }
  return credited
}
