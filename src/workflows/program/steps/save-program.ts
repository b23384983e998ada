import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type Program, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export const saveProgramStepId = "save-wallet-pass-program"

/** Saves a new version of the program; compensation deletes it, so the version before is in force again. */
export const saveProgramStep = createStep(
  saveProgramStepId,
  async (input: { program: Program; actor: string | null }, { container }) => {
    const { moved, saved } = await container.resolve(WALLET_PASS_MODULE).saveProgram(input)
    return new StepResponse({ ...saved!, moved }, saved!.id!)
  },
  async (id: string | undefined, { container }) => {
    if (id) await container.resolve(WALLET_PASS_MODULE).deleteWalletPassProgramVersions(id)
  }
)
