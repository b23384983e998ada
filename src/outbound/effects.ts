import type { MedusaContainer } from "@medusajs/framework/types"
import { OPERATION_PRIORITY } from "../modules/wallet-pass/constants"
import type WalletPassModuleService from "../modules/wallet-pass/service"
import { readCustomerEffects, readCustomerNotFound, readCustomersEffects } from "./sync-effects"
import type { OperationRow } from "../modules/wallet-pass/types"

/**
 * What an applied request changes on our side. Effects run before the operation is marked
 * done: should the process die in between, the request is sent again, so every effect here
 * is safe to repeat.
 */
export async function applyEffects(
  container: MedusaContainer,
  walletPass: WalletPassModuleService,
  operation: OperationRow,
  response: Record<string, unknown>
): Promise<void> {
  if (operation.method === "read_customer") {
    const customer = (response as { customer?: Record<string, unknown> }).customer ?? {}
    await readCustomerEffects(container, walletPass, operation, customer)
    return
  }
  if (operation.method === "read_customers") {
    await readCustomersEffects(container, walletPass, operation, (response as { customers?: string[] }).customers ?? [])
    return
  }
  if (operation.method === "push_create" || operation.method === "push_send") {
    const uuid = (response as { result?: { uuid?: string } }).result?.uuid
    await walletPass.updateWalletPassCampaigns({
      id: String(operation.payload.campaign_id),
      ...(operation.method === "push_create" ? { state: "created" as const, remote_uuid: uuid ?? null } : { state: "sent" as const, sent_at: new Date() }),
      error: null,
    })
    return
  }
  if (operation.method !== "user_create_or_update" || !operation.holder_id) return
  const type = operation.payload.type
  if (type !== "enroll" && type !== "profile") return
  const text = (key: string) => (typeof response[key] === "string" && response[key] ? (response[key] as string) : undefined)
  const links = Object.fromEntries(
    (["card_url", "card_gpay_url", "form_url", "user_hash"] as const).flatMap((k) => (text(k) ? [[k, text(k)!]] : []))
  )
  const number = text("card_number")
  await walletPass.recordProfileResponse({
    holder_id: operation.holder_id,
    enrolled: type === "enroll",
    links,
    card: number ? { number, track: text("card_track") ?? null } : null,
  })
  if (type === "enroll" && !number) {
    // The answer names a card only when this request issued one: a repeat of an enrolment
    // whose first answer was lost (or a phone the service knew) has none. The store must
    // still end up with the card: read it.
    const cards = await walletPass.listWalletPassCards({ holder_id: operation.holder_id }, { select: ["id"], take: 1 })
    if (!cards.length) {
      await walletPass.enqueueOperation({
        method: "read_customer",
        holder_id: operation.holder_id,
        payload: { type: "cards" },
        dedupe_key: `cards:${operation.id}`,
        priority: OPERATION_PRIORITY.accrual,
      })
    }
  }
}

/**
 * A request the service answered with "no such customer" (read_customer only): what the
 * store learns from that. True when it was such an answer and handled.
 */
export async function applyNotFound(
  container: MedusaContainer,
  walletPass: WalletPassModuleService,
  operation: OperationRow
): Promise<void> {
  await readCustomerNotFound(container, walletPass, operation)
}

/** A request that finally failed: an enrolment shows why on the holder, a campaign its error. */
export async function applyFailure(walletPass: WalletPassModuleService, operation: OperationRow): Promise<void> {
  if ((operation.method === "push_create" || operation.method === "push_send") && operation.payload.campaign_id) {
    await walletPass.updateWalletPassCampaigns({ id: String(operation.payload.campaign_id), state: "failed", error: operation.last_error })
    return
  }
  if (operation.method === "user_create_or_update" && operation.payload.type === "enroll" && operation.holder_id) {
    await walletPass.updateWalletPassHolders({
      id: operation.holder_id,
      enrollment_state: "failed",
      enrollment_error: operation.last_error,
    })
  }
}

