import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  type OrderSweepCandidate,
  type OrderSweepItemInput,
  type OrderSweepRun,
  sweepItemKey,
  WALLET_PASS_MODULE,
} from "../../modules/wallet-pass"
import { balanceCurrency } from "../../utils/currency"
import { recordOrderRedemptionWorkflow } from "../redemption/record-order-redemption"
import { refundOrderRedemptionWorkflow } from "../redemption/refund-order-redemption"
import { recordOrderCanceled, recordOrderPlaced, recordReturnReceived } from "./order-events"

const keyOf = (c: Pick<OrderSweepCandidate, "work" | "order_id" | "return_id">) =>
  sweepItemKey(c.work, c.order_id, c.return_id)

/** The subscribers' work for one event, the parts found missing only (each keyed: a repeat changes nothing). */
async function settle(container: MedusaContainer, c: OrderSweepCandidate): Promise<void> {
  const missing = new Set(c.missing)
  switch (c.work) {
    case "placed":
      // The held reservation first: it holds the holder's queue until it is the order's redemption.
      if (missing.has("redemption")) {
        await recordOrderRedemptionWorkflow(container).run({ input: { order_id: c.order_id } })
      }
      return recordOrderPlaced(container, c.order_id, { accrual: missing.has("accrual"), spend: missing.has("spend") })
    case "accrual":
      return recordOrderPlaced(container, c.order_id, { accrual: true, spend: false })
    case "canceled":
      if (missing.has("reversal") || missing.has("spend")) await recordOrderCanceled(container, c.order_id)
      if (missing.has("refund")) {
        await refundOrderRedemptionWorkflow(container).run({ input: { order_id: c.order_id } })
      }
      return
    case "returned":
      return recordReturnReceived(container, c.order_id, c.return_id!)
  }
}

/**
 * One run of the order sweep (docs/operations.md, "The order sweep"): the order events past
 * their grace whose work is missing — a bonus, a reversal, a spend record, a redemption — found
 * in the database, oldest first, at most `sweep.batchSize`; for each, the subscribers' own
 * workflows for the parts missing; then what each wrote (the same query, for those orders),
 * recorded once per event so no later run looks at it again (a failure is tried again, up to
 * SWEEP_MAX_ATTEMPTS runs). `since`: orders placed from then on, the merchant's request to look
 * before the plugin's installation; else from the installation or `sweep.lookBackDays` ago.
 * Null when the store has no balance currency yet.
 */
export async function sweepOrders(
  container: MedusaContainer,
  input: { since?: Date | null } = {}
): Promise<OrderSweepRun | null> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const currency = await balanceCurrency(container)
  if (!currency) return null
  const started = new Date()
  const limit = walletPass.getOptions().sweep.batchSize
  const { window_start, cutoff, candidates } = await walletPass.findOrderSweepCandidates({
    currency,
    since: input.since,
    grace: true,
    limit: limit + 1,
  })
  const batch = candidates.slice(0, limit)
  const errors = new Map<string, string>()
  for (const c of batch) {
    try {
      await settle(container, c)
    } catch (e) {
      errors.set(keyOf(c), (e as Error).message ?? String(e))
    }
  }
  const left = new Map<string, OrderSweepCandidate>()
  if (batch.length) {
    const orderIds = [...new Set(batch.map((c) => c.order_id))]
    const after = await walletPass.findOrderSweepCandidates({
      currency,
      since: window_start,
      grace: false,
      order_ids: orderIds,
    })
    for (const c of after.candidates) left.set(keyOf(c), c)
  }
  const items: OrderSweepItemInput[] = batch.map((c) => {
    const still = left.get(keyOf(c))?.missing ?? []
    const wrote = c.missing.filter((part) => !still.includes(part))
    const error = errors.get(keyOf(c)) ?? null
    const outcome = error ? "failed" : wrote.length ? "caught" : "nothing_due"
    const what = `${c.work} of order ${c.order_id}${c.return_id ? ` (return ${c.return_id})` : ""}`
    if (error) logger.warn(`wallet-pass: order sweep: ${what} failed (tried again on a later run): ${error}`)
    else if (wrote.length)
      logger.warn(`wallet-pass: order sweep: ${what} had no ${c.missing.join(", ")}: wrote ${wrote.join(", ")}`)
    return { work: c.work, order_id: c.order_id, return_id: c.return_id, outcome, found: c.missing, wrote, error }
  })
  const count = (outcome: string) => items.filter((i) => i.outcome === outcome).length
  const run: OrderSweepRun = {
    started_at: started.toISOString(),
    window_start: window_start.toISOString(),
    since: input.since?.toISOString() ?? null,
    found: batch.length,
    caught: count("caught"),
    nothing_due: count("nothing_due"),
    failed: count("failed"),
    more: candidates.length > limit,
    duration_ms: Date.now() - started.getTime(),
  }
  // Up to where every order's placing is now done or recorded: the grace's end, or the first
  // event left for the next run (beyond the batch, or failed), whichever is earlier.
  const open = [...(candidates.length > limit ? [candidates[limit]] : []), ...batch.filter((c) => errors.has(keyOf(c)))]
  const settled = open.reduce<Date | null>((until, c) => (until && c.at < until ? c.at : until), cutoff)
  await walletPass.recordOrderSweepRun({ items, run, placed_settled_until: input.since ? null : settled })
  return run
}
