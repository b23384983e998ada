import type { MedusaContainer } from "@medusajs/framework/types"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { storeCardFormat } from "../../utils/card-format"
import type { OperationContext } from "./types"

/** How many marked cards one look takes; a look that took as many looks again, up to LOOKS_AT_ONCE times. */
const CARDS_PER_LOOK = 100
const LOOKS_AT_ONCE = 10

/**
 * The card's catch-up (docs/program.md, "On the card"; docs/architecture.md, "One door for a
 * balance change"): the balance door marks a holder's card due with every change that can move
 * its texts, and this, the app's one call of the module's consumer (catchUpDueCards, given the
 * store's locale and currency, which the module cannot read), queues a profile update for each
 * marked card whose texts changed; when the program's card shows no texts the consumer only
 * clears the marks. The drain calls it when a run starts (a mark outlives a process killed
 * before its catch-up), on a word of the queue's channel (the door notifies it with a mark) and
 * once a request a marked holder may wait for is done. Answers whether the card shows texts.
 */
export async function catchUpDueCardTexts(container: MedusaContainer): Promise<boolean> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  for (let look = 1; ;) {
    // The store's locale is read only while the card shows texts (as the last look found).
    const format = textsShown ? await storeCardFormat(container) : null
    const { in_use, due, waiting } = await walletPass.catchUpDueCards({ format, limit: CARDS_PER_LOOK })
    textsShown = in_use
    if (in_use && !format) continue // the card shows texts now: look again with the format
    // Fewer than a look's worth, or only holders still waiting for their request: done for now.
    if (!in_use || due < CARDS_PER_LOOK || due === waiting || look++ === LOOKS_AT_ONCE) return in_use
  }
}

/** Whether the program's card showed texts at the last look (the first look of a process reads no format). */
let textsShown = false

/**
 * Once a request that moved a holder's balance or set their values is done, the marked cards
 * that waited for it catch up: a credit, a spend or a reversal moves the credit that lapses
 * first (`expiringAmount`, `expiringDate`) with no request carrying texts, and a text can change
 * while a request carrying the old one is in flight.
 */
export async function catchUpAfterDone({ catchUpCards }: OperationContext): Promise<void> {
  await catchUpCards()
}
