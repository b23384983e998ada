import type { DroppedField, DroppedFields } from "../../../../lib/dropped-fields"
import { EMAIL_MAX_LENGTH, normalizeEmail } from "../../../../lib/email"
import { formatBirthday, parseBirthday } from "../../../../lib/phone"
import {
  createCustomerHookAnswerSchema,
  createCustomerHookCustomerSchema,
} from "../../../../lib/wallet-pass-client/hooks"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { linkPassCustomerWorkflow } from "../../../../workflows/enrollment/link-pass-customer"
import type { PassHolderFields } from "../../../../workflows/enrollment/steps/upsert-pass-holder"
import { HookInputError, isHookInputError, MAX_ID, phoneOf, text } from "./fields"
import { defineHook } from "./types"

export type CreateCustomerCommand = {
  method: "createCustomer"
  phone: string
  fields: PassHolderFields
  cards: { number: string; track?: string }[]
  bonus_percent_bp?: number
  discount_percent_bp?: number
  /** The service's balance for the phone (minor units), adopted when the store has no history for it. */
  balance?: number
  /** Optional fields left out because the store could not keep them. */
  dropped: DroppedField[]
  rounded: DroppedField[]
}

/** Fields of createCustomer that must be there and right; any other one is dropped when its type is wrong. */
const REQUIRED = new Set(["phone", "balance"])

/** 6.1: a card was installed; the store links (or creates) its customer (docs/service-api.md, "Hooks"). */
export const createCustomer = defineHook({
  method: "createCustomer",
  customer: createCustomerHookCustomerSchema,
  answer: createCustomerHookAnswerSchema,
  tolerate: withoutBadOptionalFields,
  // Only the phone (and the balance the store would adopt) can refuse a createCustomer:
  // the card already exists at the service. Every other field is kept when valid and
  // otherwise left out and recorded (src/lib/dropped-fields.ts).
  parse: (b, { phone, sent, country, dropped: drop, amounts }): CreateCustomerCommand => {
    const keep = <T>(field: string, check: () => T) => drop.keep(field, check, isHookInputError)
    const email = keep("customer.email", () => {
      const value = text(b.email, "customer.email", EMAIL_MAX_LENGTH)
      if (value !== undefined && normalizeEmail(value) === null) {
        throw new HookInputError("is not an e-mail address (one @, a domain with a dot)")
      }
      return value
    })
    const birthday = keep("customer.birthday", () => {
      const raw = text(b.birthday, "customer.birthday", 20)
      if (raw === undefined) return undefined
      const day = parseBirthday(raw)
      if (!day) throw new HookInputError("is not a real day as yyyy-mm-dd (or dd.mm.yyyy)")
      return formatBirthday(day, "hook")
    })
    const numbers: string[] = []
    b.cardNumbers.forEach((card, i) => {
      const number = keep(`customer.cardNumbers[${i}]`, () => {
        const value = text(card, `customer.cardNumbers[${i}]`, MAX_ID)
        if (!value) throw new HookInputError("is empty")
        return value
      })
      if (number) numbers.push(number)
    })
    const tracks = new Map<string, string | undefined>()
    ;(b.cardTracks ?? []).forEach((t, i) => {
      const card = keep(`customer.cardTracks[${i}].card`, () => text(String(t.card), "card", MAX_ID))
      if (!card) return
      tracks.set(
        card,
        keep(`customer.cardTracks[${i}].track`, () => text(t.track, "track", MAX_ID))
      )
    })
    const all = [...new Set([...numbers, ...tracks.keys()])]
    const referrer = keep("customer.referCustomerPhone", () => {
      const value = text(b.referCustomerPhone, "customer.referCustomerPhone", 40)
      return value === undefined ? undefined : phoneOf(value, "customer.referCustomerPhone", country)
    })
    return {
      method: "createCustomer",
      phone,
      cards: all.map((number) => ({ number, ...(tracks.get(number) ? { track: tracks.get(number) } : {}) })),
      fields: {
        name: keep("customer.name", () => text(b.name, "customer.name")),
        surname: keep("customer.surname", () => text(b.surname, "customer.surname")),
        middlename: keep("customer.middlename", () => text(b.middlename, "customer.middlename")),
        email,
        birthday,
        extra: b.extra,
        promo: keep("customer.promo", () => text(b.promo, "customer.promo", MAX_ID)),
        user_hash: keep("customer.user_hash", () => text(b.user_hash, "customer.user_hash", MAX_ID)),
        referrer_phone: referrer,
      },
      // A zero is the service's default, not a choice: adopting it would override the
      // program rate (accrual.bonusPercent) for every installed pass. setPrivileges sets rates.
      bonus_percent_bp: keep("customer.bonus", () => amounts.percent(sent.bonus, "customer.bonus")) || undefined,
      discount_percent_bp:
        keep("customer.discount", () => amounts.percent(sent.discount, "customer.discount")) || undefined,
      // Refused, not dropped: leaving it out would adopt 0 for a phone the service holds money for.
      balance:
        sent.balance === undefined || sent.balance === null
          ? undefined
          : amounts.amount(sent.balance, "customer.balance"),
      dropped: drop.list,
      rounded: amounts.rounded,
    }
  },
  handle: async (scope, command) => {
    const { result } = await linkPassCustomerWorkflow(scope).run({
      input: {
        phone: command.phone,
        fields: command.fields,
        cards: command.cards,
        bonus_percent_bp: command.bonus_percent_bp,
        discount_percent_bp: command.discount_percent_bp,
        balance: command.balance,
      },
    })
    // The holder keeps what the last createCustomer could not store, for the customer's widget.
    await scope.resolve(WALLET_PASS_MODULE).updateWalletPassHolders({
      id: result.holder_id,
      dropped_fields: command.dropped.length ? { at: new Date().toISOString(), fields: command.dropped } : null,
    })
    return { body: { customerId: result.customer_id }, outcome: "ok", holder_id: result.holder_id }
  },
  amount: (command) => command.balance,
  logged: (command) => ({ dropped: command.dropped }),
})

/**
 * createCustomer with each optional field of the wrong type left out (and recorded), and
 * card numbers that are not text or numbers taken out of the list: the rest is checked as usual.
 */
function withoutBadOptionalFields(customer: Record<string, unknown>, dropped: DroppedFields): Record<string, unknown> {
  const shape = createCustomerHookCustomerSchema.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean } }
  >
  const kept: Record<string, unknown> = { ...customer }
  for (const [field, schema] of Object.entries(shape)) {
    if (REQUIRED.has(field) || !(field in kept)) continue
    if (field === "cardNumbers" && Array.isArray(kept.cardNumbers)) {
      kept.cardNumbers = (kept.cardNumbers as unknown[]).filter((card, i) => {
        const ok = typeof card === "string" || (typeof card === "number" && Number.isFinite(card))
        if (!ok) dropped.add(`customer.cardNumbers[${i}]`, "is not a card number")
        return ok
      })
      continue
    }
    if (!schema.safeParse(kept[field]).success) {
      dropped.add(`customer.${field}`, "has the wrong type")
      delete kept[field]
    }
  }
  return kept
}
