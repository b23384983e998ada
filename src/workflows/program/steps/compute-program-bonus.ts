import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ledgerKeys,
  OPERATION_PRIORITY,
  operationKeys,
  type Program,
  type ProgramBonus,
  WALLET_PASS_MODULE,
} from "../../../modules/wallet-pass"
import { toMinorUnits } from "../../../lib/amounts"
import { type Reason, reason, reasonText } from "../../../lib/reasons"
import type { RecordLedgerChangeStepInput } from "../../ledger/steps/record-ledger-change"

export const computeProgramBonusStepId = "compute-wallet-pass-program-bonus"

/** The ledger's reason of a bonus (src/lib/reasons.ts), also what the logs call it; a birthday names its year. */
function bonusReason(bonus: ProgramBonus, year: number | undefined): Reason {
  switch (bonus) {
    case "birthday":
      return reason("bonus_birthday", { year: year ?? new Date().getFullYear() })
    case "welcome":
      return reason("bonus_welcome")
    case "install":
      return reason("bonus_install")
    case "referral":
      return reason("bonus_referral")
    case "referred":
      return reason("bonus_referred")
  }
}

export type ProgramBonusInput = {
  holder_id: string
  bonus: ProgramBonus
  /** A birthday's year. */
  year?: number
  /** The customer a referral bonus is for bringing (its holder): the key is theirs, once. */
  referee_id?: string
}

/** A bonus's amount and lifetime under a program. */
function bonusTerms(program: Program, bonus: ProgramBonus): { amount: number; lifetimeDays: number | null } {
  const { referral } = program.bonuses
  if (bonus === "referral") return referral
  if (bonus === "referred") return { amount: referral.newCustomerAmount, lifetimeDays: referral.lifetimeDays }
  return program.bonuses[bonus]
}

/**
 * A bonus of the program for a holder (docs/program.md): its amount and lifetime under the
 * program in force, keyed once per holder and bonus (a birthday once a year), with its
 * `balance/add`. Null, with the
 * reason logged, when the program gives none, the holder has no phone, or the welcome is for
 * a holder the store did not enrol (a pass installed in a shop the service signed up).
 */
export const computeProgramBonusStep = createStep(
  computeProgramBonusStepId,
  async ({ holder_id, bonus, year, referee_id }: ProgramBonusInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const skip = (why: string) => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(`wallet-pass: no ${reasonText(bonusReason(bonus, year))} for ${holder_id}: ${why}`)
      return new StepResponse<RecordLedgerChangeStepInput>(null)
    }
    const { program } = await walletPass.getProgram()
    const { amount, lifetimeDays } = bonusTerms(program, bonus)
    const minor = toMinorUnits(amount) ?? 0
    if (minor <= 0) return new StepResponse<RecordLedgerChangeStepInput>(null)
    const holder = await walletPass.retrieveWalletPassHolder(holder_id)
    if (!holder.phone) return skip("no phone")
    if (bonus === "welcome" && !["signup", "admin"].includes(holder.source))
      return skip(`enrolled by the service (${holder.source})`)
    if (bonus === "referral" && !referee_id) return skip("no referred customer named")
    const key =
      bonus === "referral"
        ? ledgerKeys.programBonus(bonus, referee_id!)
        : ledgerKeys.programBonus(bonus, holder_id, bonus === "birthday" ? year : undefined)
    return new StepResponse<RecordLedgerChangeStepInput>({
      entry: {
        holder_id,
        amount: minor,
        kind: "program_bonus",
        dedupe_key: key,
        reason: bonusReason(bonus, year),
        lifetime_seconds: lifetimeDays ? lifetimeDays * 86_400 : null,
        metadata: { bonus, ...(referee_id && { referee_id }) },
      },
      operation: {
        method: "balance_add",
        payload: {},
        dedupe_key: operationKeys.forEntry(key),
        priority: OPERATION_PRIORITY.money,
      },
    })
  }
)
