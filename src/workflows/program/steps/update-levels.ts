import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type LevelChange, type LevelPassInput, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export const updateLevelsStepId = "update-wallet-pass-levels"

/**
 * Puts holders on the level their spend reaches under the program in force (and, when the
 * program owns the rates, on the level's rates, queued to the service); with `spend`, an
 * order's spend is recorded first. Compensation puts back the level and rates each changed
 * holder had; a recorded spend stays (it is a fact of the order, recorded once), and a
 * queued profile update stays (it sends the rates and card texts the holder has when it goes).
 */
export const updateLevelsStep = createStep(
  updateLevelsStepId,
  async (input: LevelPassInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const { program } = await walletPass.getProgram()
    const result = await walletPass.updateLevels({ ...input, program })
    return new StepResponse(result, result.changes)
  },
  async (changes: LevelChange[] | undefined, { container }) => {
    if (!changes?.length) return
    await container.resolve(WALLET_PASS_MODULE).updateWalletPassHolders(
      changes.map((c) => ({
        id: c.holder_id,
        level: c.from,
        bonus_percent_bp: c.before.bonus_percent_bp,
        discount_percent_bp: c.before.discount_percent_bp,
        rates_source: c.before.rates_source,
      }))
    )
  }
)
