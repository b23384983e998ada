import type { MedusaContainer } from "@medusajs/framework/types"
import { cardInUse, type Program, WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { cardFormat, queueChangedCardTexts } from "../../utils/card-format"
import type { OperationContext } from "./types"

/**
 * How far back a process that starts draining looks for changes whose card catch-up a process
 * that died may have left undone (docs/program.md, "On the card"); older ones the daily level
 * job catches.
 */
export const CATCH_UP_LOOKBACK_SECONDS = 24 * 3600

/**
 * Once a request that moved a holder's balance or set their values is done, the card catches
 * up (docs/program.md, "On the card"): a credit, a spend or a reversal moves the credit that
 * lapses first (`expiringAmount`, `expiringDate`) with no request carrying texts, and a text
 * can change while a request carrying the old one is in flight.
 */
export async function queueCardIfChanged({ container, operation, program }: OperationContext): Promise<void> {
  if (operation.holder_id) await queueChangedCardTexts(container, [operation.holder_id], await program())
}

let caughtUpAtStart = false

/**
 * The first drain of a process catches up the card of every holder whose balance or values
 * changed in the last CATCH_UP_LOOKBACK_SECONDS: a process killed between a request being done
 * and its catch-up being queued (or between a hook's credit and its event) left it undone.
 * Nothing is doubled and an unchanged card costs nothing, so several processes starting do no
 * harm. Done once a process; a failed run is tried again by the next drain.
 */
export async function catchUpCardsAtStart(container: MedusaContainer, program: () => Promise<Program>): Promise<void> {
  if (caughtUpAtStart) return
  const current = await program()
  if (cardInUse(current.pass)) {
    await container.resolve(WALLET_PASS_MODULE).catchUpChangedCards({
      lookback_seconds: CATCH_UP_LOOKBACK_SECONDS,
      program: current,
      format: await cardFormat(container, current.timeZone),
    })
  }
  caughtUpAtStart = true
}
