import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  eventValue,
  OPERATION_PRIORITY,
  operationKeys,
  storeEventKey,
  type StoreEventName,
  WALLET_PASS_MODULE,
  type WalletPassModuleService,
} from "../../../modules/wallet-pass"
import type { EventValue } from "../../../lib/event-values"
import { type Reason, reason as pluginReason, reasonText, storedReason } from "../../../lib/reasons"

export const queueStoreEventStepId = "queue-wallet-pass-store-event"

export type StoreEventInput = {
  name: StoreEventName
  /** The order, fulfillment, return, cart, credit or holder the event is about. */
  entity_id: string
  /** Tells apart events that may come again for one entity (a birthday's year, a cart's idle spell). */
  occurrence?: string | number
  /** Whose event it is: a holder, or the store customer whose holder gets it (null: a guest). */
  holder_id?: string
  customer_id?: string | null
  /**
   * The customer is a guest's (no account: Medusa v2 gives a guest checkout a customer with
   * `has_account` false). Without a pass for that customer the event is skipped as a guest's.
   */
  guest?: boolean
  /** When the event happened, ISO (a detection's `now`); default: now. The window is counted back from it. */
  at?: string
  /** The event's value (docs/store-events.md); cut to what the service takes. */
  value: string
  /** The value's parts (src/lib/event-values.ts), for the admin to write it in its language. */
  value_parts?: EventValue
}

export type StoreEventOutcome =
  | { state: "unmapped" }
  | { state: "duplicate"; id: string }
  | { state: "queued" | "skipped"; id: string; reason?: string }

/**
 * A store event for the service's triggers, once per event and entity (docs/store-events.md):
 * nothing when the merchant mapped no key to it; recorded as skipped, with the reason logged,
 * for a guest (no customer, or a guest customer, without a pass), a customer whose pass is
 * missing or not enrolled, or one who had the same event within its `windowHours`; otherwise its `event/send` is queued at event priority (after
 * accruals, before bulk work) and recorded. Both writes are keyed, so a repeated delivery,
 * or one after a crash between them, adds nothing.
 */
export const queueStoreEventStep = createStep(
  queueStoreEventStepId,
  async (input: StoreEventInput, { container }): Promise<StepResponse<StoreEventOutcome>> => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const mapping = walletPass.getOptions().events[input.name]
    if (!mapping) return new StepResponse({ state: "unmapped" })
    const dedupe_key = storeEventKey(input.name, input.entity_id, input.occurrence)
    const [seen] = await walletPass.listWalletPassStoreEvents({ dedupe_key }, { select: ["id"] })
    if (seen) return new StepResponse({ state: "duplicate", id: seen.id })

    const [holder] = input.holder_id
      ? await walletPass.listWalletPassHolders({ id: input.holder_id })
      : input.customer_id
        ? await walletPass.listWalletPassHolders({ customer_id: input.customer_id })
        : []
    const reason =
      !holder && !input.holder_id && (!input.customer_id || input.guest)
        ? pluginReason("event_guest")
        : !holder
          ? pluginReason("event_no_pass")
          : holder.enrollment_state !== "enrolled" || !holder.phone
            ? pluginReason("event_not_enrolled")
            : (await sentWithin(walletPass, input.name, holder.id, mapping.windowHours, input.at))
              ? pluginReason("event_window", { hours: mapping.windowHours })
              : null
    const value = eventValue(input.value)
    const record = {
      name: input.name,
      key: mapping.key,
      dedupe_key,
      entity_id: input.entity_id,
      customer_id: holder?.customer_id ?? input.customer_id ?? null,
      holder_id: holder?.id ?? null,
      value,
      value_code: input.value_parts?.code ?? null,
      value_values: input.value_parts?.values ?? null,
    }
    if (reason) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(`wallet-pass: store event ${input.name} (${input.entity_id}) not sent: ${reasonText(reason)}`)
      return new StepResponse(await keep(walletPass, { ...record, state: "skipped", reason, operation_id: null }))
    }
    // With a window, the request's key is the customer's window (fixed, from the epoch): two
    // detections at once cannot both queue one; the check above covers a sliding window.
    const windowMs = mapping.windowHours * 3_600_000
    const windowKey =
      windowMs > 0
        ? `${input.name}:window:${holder!.id}:${Math.floor((input.at ? Date.parse(input.at) : Date.now()) / windowMs)}`
        : null
    const { operation } = await walletPass.enqueueOperation({
      method: "event_send",
      holder_id: holder!.id,
      payload: { event: mapping.key, ...(value && { value }), store_event: input.name, entity_key: dedupe_key },
      dedupe_key: operationKeys.storeEvent(windowKey ?? dedupe_key),
      priority: OPERATION_PRIORITY.event,
    })
    if (operation.payload.entity_key && operation.payload.entity_key !== dedupe_key) {
      // Another entity's event of this customer took the window meanwhile.
      const windowed = pluginReason("event_window", { hours: mapping.windowHours })
      return new StepResponse(
        await keep(walletPass, { ...record, state: "skipped", reason: windowed, operation_id: null })
      )
    }
    return new StepResponse(
      await keep(walletPass, { ...record, state: "queued", reason: null, operation_id: operation.id })
    )
  }
)

/**
 * Whether the holder had this event queued within the last `hours` (the event's `windowHours`,
 * docs/store-events.md): one account making 60 carts gets one `cart.abandoned` a day, not 60.
 */
async function sentWithin(
  walletPass: WalletPassModuleService,
  name: StoreEventName,
  holderId: string,
  hours: number,
  at: string | undefined
): Promise<boolean> {
  if (!(hours > 0)) return false
  const since = new Date((at ? Date.parse(at) : Date.now()) - hours * 3_600_000)
  const [recent] = await walletPass.listWalletPassStoreEvents(
    { name, holder_id: holderId, state: "queued", created_at: { $gt: since } },
    { select: ["id"], take: 1 }
  )
  return !!recent
}

/** Writes the record once: a concurrent delivery that wrote it first wins, and this one is its duplicate. */
async function keep(
  walletPass: WalletPassModuleService,
  record: {
    name: string
    key: string
    dedupe_key: string
    entity_id: string
    customer_id: string | null
    holder_id: string | null
    value: string
    value_code: string | null
    value_values: Record<string, string | number> | null
    state: "queued" | "skipped"
    reason: Reason | null
    operation_id: string | null
  }
): Promise<StoreEventOutcome> {
  try {
    const created = await walletPass.createWalletPassStoreEvents({ ...record, ...storedReason(record.reason) })
    return { state: record.state, id: created.id, ...(record.reason && { reason: reasonText(record.reason) }) }
  } catch (e) {
    const [seen] = await walletPass.listWalletPassStoreEvents({ dedupe_key: record.dedupe_key }, { select: ["id"] })
    if (seen) return { state: "duplicate", id: seen.id }
    throw e
  }
}
