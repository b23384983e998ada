import type { MedusaContainer } from "@medusajs/framework/types"
import { LEVEL_BATCH } from "../../modules/wallet-pass"
import { updateLevelsWorkflow } from "./update-levels"

/**
 * Every holder's level under the program in force, a batch at a time (each batch its own
 * workflow, so a long pass holds no lock for long): the daily job, for spend leaving the
 * rolling window, and a program save. Only holders whose level or rates change are written
 * and queued. Answers how many were read and changed.
 */
export async function updateAllLevels(container: MedusaContainer): Promise<{ read: number; changed: number }> {
  let read = 0
  let changed = 0
  for (let after: string | undefined; ;) {
    const { result } = await updateLevelsWorkflow(container).run({ input: { after_id: after, limit: LEVEL_BATCH } })
    read += result.read
    changed += result.changes.length
    if (result.read < LEVEL_BATCH || !result.last_id) return { read, changed }
    after = result.last_id
  }
}
