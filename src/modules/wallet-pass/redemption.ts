import { MedusaError } from "@medusajs/framework/utils"
import { OPERATION_PRIORITY } from "./constants"
import { ledgerKeys, operationKeys, voidedKey } from "./keys"
import { reason, storedReason } from "../../lib/reasons"
import type WalletPassModuleService from "./service"

/**
 * Paying part of an order with bonus (docs/loyalty.md): the ledger side. Written as functions over
 * the module service's public methods; each step is idempotent, so they are safe to repeat.
 *
 * Life of a redemption:
 * 1. At cart completion (completeCartWorkflow's validate hook) the amount the cart's bonus
 *    promotion discounts is *reserved*: a `redemption` entry keyed `cart:<cart_id>:redeem`,
 *    applied under the holder's row lock with `forbid_overdraft`, so two carts completing
 *    at once cannot both spend the same balance. Its `balance/deduct` is queued in the same
 *    transaction but held (`next_attempt_at` = {@link HELD_UNTIL}): the service is told only
 *    once an order exists, and a held request keeps the entry out of any absolute balance set.
 * 2. A failed completion voids the reservation (entry canceled, request withdrawn).
 * 3. order.placed converts it: the entry gets the order id and the request is released.
 * 4. order.canceled gives it back once (`order:<id>:redeem:refund`, balance/add).
 */

/**
 * What a cart pays with bonus: line item adjustments of no promotion (the promotion engine
 * leaves adjustments without a code alone), known by their provider, tax-inclusive like the
 * prices they take off. The order keeps them (docs/loyalty.md, "Paying with bonus").
 */
export const REDEMPTION_ADJUSTMENT = {
  code: null,
  description: "Paid with bonus",
  provider_id: "wallet-pass-bonus",
  is_tax_inclusive: true,
} as const

/**
 * Promotion codes of cart redemptions before the bonus became adjustments: one per cart,
 * `WALLETPASS-BONUS-<cart id>`. Carts and orders of then still carry them, and the clean-up
 * job still deletes such promotions.
 */
export const REDEMPTION_PROMOTION_PREFIX = "WALLETPASS-BONUS-"
export const REDEMPTION_MANAGED_BY = "wallet-pass-redemption"

export function redemptionPromotionCode(cartId: string): string {
  return `${REDEMPTION_PROMOTION_PREFIX}${cartId}`
}

/** The ledger key of a cart's redemption (kept after the order is placed: a completion retry finds it). */
export function redemptionDedupeKey(cartId: string): string {
  return ledgerKeys.cartRedemption(cartId)
}

/** The queue key of a cart's balance/deduct. */
export function redemptionOperationKey(cartId: string): string {
  return operationKeys.forEntry(ledgerKeys.cartRedemption(cartId))
}

/** A held request is not sent until released (order placed); far enough to never come due by itself. */
export { HELD_UNTIL } from "./repositories/queue"
import { HELD_UNTIL } from "./repositories/queue"

export type RedemptionReservation = {
  entry_id: string
  operation_id: string | null
  /** False when an earlier attempt of the same completion had reserved it already. */
  created: boolean
  amount: number
}

/**
 * Reserves `amount` minor units of a holder's balance for a cart, once per cart. Refuses with
 * NOT_ALLOWED when the balance (read under the holder's lock) is smaller. A reservation left
 * by an earlier attempt with another amount (the cart changed after a crash) is voided first.
 */
export async function reserveCartRedemption(
  walletPass: WalletPassModuleService,
  input: { holder_id: string; cart_id: string; amount: number; currency_code: string }
): Promise<RedemptionReservation> {
  const dedupeKey = redemptionDedupeKey(input.cart_id)
  const [existing] = await walletPass.listWalletPassLedgerEntries({ dedupe_key: dedupeKey })
  if (
    existing &&
    existing.state === "applied" &&
    existing.amount === -input.amount &&
    existing.holder_id === input.holder_id
  ) {
    const [operation] = await walletPass.listWalletPassOperations({ ledger_entry_id: existing.id })
    return { entry_id: existing.id, operation_id: operation?.id ?? null, created: false, amount: input.amount }
  }
  if (existing) {
    if (existing.order_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Cart ${input.cart_id} has already paid with bonus for an order`
      )
    }
    await voidCartRedemption(walletPass, existing.id)
  }
  const result = await walletPass.applyLedgerEntryAndEnqueue(
    {
      holder_id: input.holder_id,
      amount: -input.amount,
      kind: "redemption",
      dedupe_key: dedupeKey,
      forbid_overdraft: true,
      spendable_only: true,
      reason: reason("redemption", { cart_id: input.cart_id }),
      metadata: { cart_id: input.cart_id, currency: input.currency_code },
      currency_code: input.currency_code,
    },
    {
      method: "balance_deduct",
      payload: {},
      dedupe_key: redemptionOperationKey(input.cart_id),
      priority: OPERATION_PRIORITY.money,
      next_attempt_at: HELD_UNTIL,
    }
  )
  return {
    entry_id: result.entry.id,
    operation_id: result.operation?.id ?? null,
    created: result.created,
    amount: input.amount,
  }
}

/**
 * Voids a reservation whose completion failed: the entry is canceled and its held request
 * withdrawn. Both keys are renamed so the cart can reserve again. An entry that already
 * belongs to an order, or whose request has left the queue, is left alone.
 */
export async function voidCartRedemption(walletPass: WalletPassModuleService, entryId: string): Promise<boolean> {
  const [entry] = await walletPass.listWalletPassLedgerEntries({ id: entryId })
  if (!entry || entry.state !== "applied" || entry.order_id) return false
  const operations = await walletPass.listWalletPassOperations({ ledger_entry_id: entryId })
  if (operations.some((o) => o.state !== "pending")) return false
  for (const operation of operations) {
    await walletPass.updateWalletPassOperations({
      id: operation.id,
      dedupe_key: voidedKey(operation.dedupe_key, operation.id),
    })
    await walletPass.softDeleteWalletPassOperations([operation.id])
  }
  // Canceled with its key renamed, and what it took from expiring credits given back.
  return walletPass.cancelLedgerEntry({ id: entry.id, rename_keys: true })
}

/**
 * Makes a cart's reservation the order's redemption: the entry gets the order id and its
 * balance/deduct is released to the dispatcher. Idempotent; null when the cart paid nothing
 * with bonus.
 */
export async function convertCartRedemption(
  walletPass: WalletPassModuleService,
  input: { cart_id: string; order_id: string; display_id?: number | string | null }
): Promise<{ entry_id: string; amount: number; holder_id: string; released_operation_id: string | null } | null> {
  const [entry] = await walletPass.listWalletPassLedgerEntries({
    dedupe_key: redemptionDedupeKey(input.cart_id),
    state: "applied",
  })
  if (!entry) return null
  if (entry.order_id && entry.order_id !== input.order_id) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `Redemption ${entry.id} belongs to order ${entry.order_id}, not ${input.order_id}`
    )
  }
  if (!entry.order_id) {
    await walletPass.updateWalletPassLedgerEntries({
      id: entry.id,
      order_id: input.order_id,
      ...storedReason(reason("redemption_order", { order: input.display_id ?? input.order_id })),
    })
  }
  const held = await walletPass.listWalletPassOperations({ ledger_entry_id: entry.id, state: "pending" })
  let released: string | null = null
  for (const operation of held) {
    if (operation.next_attempt_at && new Date(operation.next_attempt_at).getTime() >= HELD_UNTIL.getTime()) {
      await walletPass.updateWalletPassOperations({ id: operation.id, next_attempt_at: null })
      released = operation.id
    }
  }
  return { entry_id: entry.id, amount: -entry.amount, holder_id: entry.holder_id, released_operation_id: released }
}

/**
 * Housekeeping for reservations left by a completion that neither finished nor rolled back
 * (a crash with the in-memory workflow engine): older than `olderThanMinutes`, a reservation
 * whose cart became an order is converted, any other is voided (its held request would
 * otherwise hold back the holder's later requests). `orderOfCart` answers the order id of a
 * cart (the `order_cart` link), null when none. Returns how many of each.
 */
export async function settleStaleRedemptions(
  walletPass: WalletPassModuleService,
  orderOfCart: (cartId: string) => Promise<string | null>,
  { olderThanMinutes = 30, limit = 100 }: { olderThanMinutes?: number; limit?: number } = {}
): Promise<{ converted: number; voided: number }> {
  const entries = await walletPass.listWalletPassLedgerEntries(
    {
      kind: "redemption",
      state: "applied",
      order_id: null,
      created_at: { $lt: new Date(Date.now() - olderThanMinutes * 60_000) },
    },
    { take: limit, order: { created_at: "ASC" } }
  )
  let converted = 0
  let voided = 0
  for (const entry of entries) {
    const cartId = (entry.metadata as { cart_id?: string } | null)?.cart_id
    if (!cartId) continue
    const orderId = await orderOfCart(cartId)
    if (orderId) {
      if (await convertCartRedemption(walletPass, { cart_id: cartId, order_id: orderId })) converted++
    } else if (await voidCartRedemption(walletPass, entry.id)) {
      voided++
    }
  }
  return { converted, voided }
}
