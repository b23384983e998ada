import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { birthdaysOn, type DetectedEvent, storeEventKey, WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { fromMinorUnits } from "../../lib/amounts"
import { eventValueParts, eventValueText } from "../../lib/event-values"
import { sendStoreEventWorkflow } from "./send-store-event"
import type { StoreEventInput } from "./steps/queue-store-event"
import { ITEM_TOTALS_FIELDS, SHIPPING_TOTALS_FIELDS } from "../../utils/totals-fields"

/** How far back the detection looks: carts touched, holders enrolled this long before their due time. */
const LOOK_BACK_MS = 7 * 86_400_000
const MINUTE = 60_000
const DAY = 86_400_000

/** How many events of each kind a detection handed to the queue (queued or skipped). */
export type DetectionRun = Record<DetectedEvent, number>

/**
 * The events the plugin detects itself (docs/store-events.md), as of `now`, for those the
 * merchant mapped: carts left idle, credits about to lapse, birthdays, passes not installed.
 * Each is sent once per entity (and occurrence) through the store-event workflow; candidates
 * already recorded are passed over before it runs.
 */
export async function detectStoreEvents(container: MedusaContainer, now = new Date()): Promise<DetectionRun> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const { events } = walletPass.getOptions()
  const run: DetectionRun = { "cart.abandoned": 0, "bonus.expiring": 0, birthday: 0, "pass.not_installed": 0 }
  const found: StoreEventInput[] = []
  if (events["cart.abandoned"])
    found.push(...(await abandonedCarts(container, events["cart.abandoned"].afterMinutes!, now)))
  if (events["bonus.expiring"])
    found.push(...(await expiringCredits(container, events["bonus.expiring"].daysBefore!, now)))
  if (events.birthday) found.push(...(await birthdays(container, now)))
  if (events["pass.not_installed"])
    found.push(...(await passesNotInstalled(container, events["pass.not_installed"].afterDays!, now)))
  if (!found.length) return run

  const keyOf = (e: StoreEventInput) => storeEventKey(e.name, e.entity_id, e.occurrence)
  const seen = new Set(
    (await walletPass.listWalletPassStoreEvents({ dedupe_key: found.map(keyOf) }, { select: ["dedupe_key"] })).map(
      (r) => r.dedupe_key
    )
  )
  for (const input of found) {
    if (seen.has(keyOf(input))) continue
    const { result } = await sendStoreEventWorkflow(container).run({ input: { ...input, at: now.toISOString() } })
    if (result.state === "queued" || result.state === "skipped") run[input.name as DetectedEvent]++
  }
  return run
}

type CartRow = {
  id: string
  customer_id: string | null
  customer?: { has_account?: boolean | null } | null
  currency_code: string
  total?: unknown
  updated_at: string | Date
  items?: { quantity?: unknown; updated_at?: string | Date }[]
}

/**
 * Signed-in customers' carts (not a guest's) with items, not completed, untouched (the cart
 * or any item) for `afterMinutes`: once per idle spell (the time it was last touched), at
 * most once a day per cart.
 */
async function abandonedCarts(container: MedusaContainer, afterMinutes: number, now: Date): Promise<StoreEventInput[]> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "cart",
    fields: [
      "id",
      "customer_id",
      "customer.has_account",
      "currency_code",
      "total",
      "updated_at",
      "items.quantity",
      "items.updated_at",
      // The total right on Medusa 2.18 too (src/utils/totals-fields.ts).
      ...ITEM_TOTALS_FIELDS,
      ...SHIPPING_TOTALS_FIELDS,
    ],
    filters: { completed_at: null, updated_at: { $gte: new Date(now.getTime() - LOOK_BACK_MS) } },
  })
  const idle = (data as CartRow[]).flatMap((cart) => {
    const items = cart.items ?? []
    // A guest's cart (no customer, or Medusa's guest customer once it has an email) is not a holder's.
    if (!cart.customer_id || cart.customer?.has_account === false || !items.length) return []
    const touched = Math.max(
      new Date(cart.updated_at).getTime(),
      ...items.map((i) => (i.updated_at ? new Date(i.updated_at).getTime() : 0))
    )
    if (now.getTime() - touched < afterMinutes * MINUTE) return []
    const count = items.reduce((n, i) => n + Number(i.quantity ?? 0), 0)
    const parts = eventValueParts("cart", {
      items: count,
      amount: Number(cart.total ?? 0),
      currency: cart.currency_code,
    })
    return [
      {
        name: "cart.abandoned" as const,
        entity_id: cart.id,
        occurrence: touched,
        customer_id: cart.customer_id,
        value: eventValueText(parts),
        value_parts: parts,
      },
    ]
  })
  if (!idle.length) return []
  // At most once a day per cart: a cart sent for in the last 24 hours waits.
  const recent = await container.resolve(WALLET_PASS_MODULE).listWalletPassStoreEvents(
    {
      name: "cart.abandoned",
      entity_id: idle.map((c) => c.entity_id),
      created_at: { $gt: new Date(now.getTime() - DAY) },
    },
    { select: ["entity_id"] }
  )
  const sentToday = new Set(recent.map((r) => r.entity_id))
  return idle.filter((c) => !sentToday.has(c.entity_id))
}

/** Credits with a lifetime that lapse within `daysBefore` days and still hold something: once per credit. */
async function expiringCredits(container: MedusaContainer, daysBefore: number, now: Date): Promise<StoreEventInput[]> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const { program } = await walletPass.getProgram()
  const credits = await walletPass.listWalletPassLedgerEntries(
    {
      expires_at: { $gt: now, $lte: new Date(now.getTime() + daysBefore * DAY) },
      expired_at: null,
      state: "applied",
      remaining: { $gt: 0 },
    },
    { select: ["id", "holder_id", "remaining", "expires_at"] }
  )
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: program.timeZone })
  return credits.map((c) => {
    // In the balance unit (no currency: the balance's), the day in the program's time zone.
    const parts = eventValueParts("expiring", {
      amount: fromMinorUnits(c.remaining ?? 0),
      date: day.format(new Date(c.expires_at!)),
    })
    return {
      name: "bonus.expiring" as const,
      entity_id: c.id,
      holder_id: (c as unknown as { holder_id: string }).holder_id,
      value: eventValueText(parts),
      value_parts: parts,
    }
  })
}

/** Holders whose birthday it is in the program's time zone: once a year. */
async function birthdays(container: MedusaContainer, now: Date): Promise<StoreEventInput[]> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const { program } = await walletPass.getProgram()
  const { year, monthDays } = birthdaysOn(now, program.timeZone)
  const holders = await walletPass.listWalletPassHolders(
    { $or: monthDays.map((md) => ({ birthday: { $like: `%-${md}` } })), enrollment_state: "enrolled" },
    { select: ["id", "name"] }
  )
  return holders.map((h) => ({
    name: "birthday" as const,
    entity_id: h.id,
    occurrence: year,
    holder_id: h.id,
    value: h.name ?? "",
  }))
}

/** Holders enrolled `afterDays` ago (within the look-back) with no card installed: once each. */
async function passesNotInstalled(
  container: MedusaContainer,
  afterDays: number,
  now: Date
): Promise<StoreEventInput[]> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const due = now.getTime() - afterDays * DAY
  const holders = await walletPass.listWalletPassHolders(
    { enrollment_state: "enrolled", enrolled_at: { $lte: new Date(due), $gte: new Date(due - LOOK_BACK_MS) } },
    { select: ["id", "form_url"], relations: ["cards"] }
  )
  const formUrl = walletPass.getOptions().installLink?.formUrl ?? ""
  return holders
    .filter((h) => !(h.cards ?? []).some((c) => c.installed))
    .map((h) => ({
      name: "pass.not_installed" as const,
      entity_id: h.id,
      holder_id: h.id,
      value: h.form_url ?? formUrl,
    }))
}
