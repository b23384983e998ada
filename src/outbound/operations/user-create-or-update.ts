import { isEmail } from "../../lib/email"
import {
  cardDesign,
  cardInUse,
  OPERATION_PRIORITY,
  operationKeys,
  RECORD_WITHHELD_REASON,
  type SendFacts,
  serviceRecordWritable,
  TEXT_NOT_SENT_MESSAGE,
} from "../../modules/wallet-pass"
import { basisPointsToPercent, fromMinorUnits } from "../../lib/amounts"
import { cardFormat } from "../../utils/card-format"
import type { PushType } from "../../lib/constants"
import { formatBirthday } from "../../lib/phone"
import type { UserCreateOrUpdateInput } from "../../lib/wallet-pass-client"
import {
  balanceToSet,
  type CardSent,
  holderPhone,
  type OperationContext,
  type OperationHandler,
  type ServiceRequest,
} from "./types"
import { catchUpAfterDone } from "./card-catch-up"
import { customerOf, holderName, ownName, recordName } from "./record-name"

/** The user_create_or_update field of each kind of personal push (docs/service-api.md). */
const PERSONAL_PUSH_FIELDS = { push: "push", webpush: "send_webpush", telegram: "send_telegram" } as const

type RequestType = "enroll" | "profile" | "balance_sync" | "push" | "install_link" | "verify"

/**
 * `user_create_or_update`, the service's one write of a customer: an enrolment, a profile
 * update, an absolute balance set, a personal push, the install link or a verification
 * code, by `payload.type`. Sets values, so an ambiguous outcome is sent again only once the
 * first can no longer land (LATE_LANDING_METHODS), or never for what texts or pushes.
 */
export const userCreateOrUpdate: OperationHandler = {
  build: async (ctx) => {
    const { operation, options, walletPass, facts } = ctx
    const payload = operation.payload
    const type = payload.type as RequestType
    const input: UserCreateOrUpdateInput = { phone: holderPhone(ctx) }
    const send = (request: Omit<ServiceRequest, "call">): ServiceRequest => ({
      ...request,
      call: (c) => c.userCreateOrUpdate(input),
    })
    if (type === "push") {
      // Only the message: a push must not change a variable a template notification is bound to.
      input[PERSONAL_PUSH_FIELDS[payload.push_type as PushType]] = String(payload.message)
      return send({ atMostOnce: true })
    }
    if (type === "verify") {
      // The code travels only in this text (it is derived, stored nowhere); the call log
      // keeps the text with the code masked.
      const { text, code } = walletPass.verificationText(String(payload.verification_id))
      // The holder's name where the record is the store's (docs/service-api.md, "name").
      Object.assign(input, await recordName(ctx))
      input.sms = text
      if (text.includes("%link%") && options.installLink) input.link = options.installLink.formUrl
      // A refused code's text is not sent again: the shopper is told (docs/security.md).
      return send({ atMostOnce: true, texts: true, redact: [code], finalIfRejected: true })
    }
    if (type === "install_link") {
      if (!options.installLink) throw new Error("installLink is not configured")
      Object.assign(input, await recordName(ctx))
      input.link = options.installLink.formUrl
      input.sms = options.installLink.sms
      return send({ atMostOnce: true })
    }
    // The holder's own values go only where the service's record is the store's to write
    // (rules/service-record.ts): not onto a record the service held before, for an account
    // that has not proven the phone. Its balance changes still go (the ledger's), bare.
    const customer = await customerOf(ctx, facts.holder!)
    const writable = serviceRecordWritable(
      facts.holder!,
      customer ?? (facts.holder!.customer_id ? { has_account: true } : null),
      { adminMoved: payload.admin_moved === true }
    )
    if (type === "balance_sync" || (!writable && payload.sets_balance === true)) {
      // An absolute set: idempotent, so safe to send again whatever happened before. Only
      // ever for an adopted holder (the queue sends nothing else for one that is not).
      const balance = balanceToSet(ctx)
      // The name goes with it where the record is the store's (docs/service-api.md, "name").
      const name = writable ? ownName(facts.holder!, customer) : undefined
      if (name !== undefined) input.name = name
      input.balance = fromMinorUnits(balance)
      // A rates update of a record the store may not write (below) that took over balance
      // changes and is sent again keeps its rates: they are the pass's, as its balance is.
      if (!writable && type !== "balance_sync") Object.assign(input, programRates(facts.holder!) ?? {})
      // A balance set going anyway carries the card's texts (docs/program.md, "On the card").
      const card = writable ? await cardFields(ctx, input, false) : undefined
      return send({ atMostOnce: false, setsBalance: balance, card })
    }
    // An enrolment or a profile update carries a balance only with the balance changes
    // waiting behind it (coalescing, external CRM only: docs/architecture.md), and again when
    // it is sent again after taking them over (payload.sets_balance); never the service's
    // balance of a holder not adopted (the queue sends nothing else for one).
    const setsBalance = facts.coalesced || payload.sets_balance === true ? balanceToSet(ctx) : undefined
    if (setsBalance !== undefined) input.balance = fromMinorUnits(setsBalance)
    if (!writable) {
      // Nothing of the account goes onto such a record. The program's rates do, as its
      // balance does (with the balance changes it carries): they are the phone's pass's, the
      // store's rule, and the card's readBalance answers carry them too (docs/security.md,
      // "What an unproven account gets of a pass"). Without them nothing goes (an enrolment
      // still ends: onWithheld), and the waiting changes go on their own.
      const rates = programRates(facts.holder!)
      if (!rates) return { withheld: RECORD_WITHHELD_REASON }
      Object.assign(input, rates)
      return send({ atMostOnce: false, setsBalance })
    }
    const profile = profileFields(facts.holder!, customer)
    Object.assign(input, profile.fields)
    // The design only where it decides one: a new card, or a level's own design when the level
    // changed; never on an ordinary update, so one set in the service's dashboard stays.
    const card = await cardFields(ctx, input, type === "enroll" && !facts.has_installed_card, profile.firstName)
    // An enrolment texts the install link, but not to a holder with an installed card (a
    // phone the service knew), not again after an ambiguous outcome (it may have gone out),
    // and not for a store signup (`install_text: false`: an unproven phone, docs/security.md).
    const texts =
      type === "enroll" &&
      payload.install_text !== false &&
      !!options.installLink &&
      !facts.has_installed_card &&
      !operation.result?.sms_maybe_sent
    if (texts) {
      input.link = options.installLink!.formUrl
      input.sms = options.installLink!.sms
    } else if (
      type === "enroll" &&
      payload.install_text === false &&
      options.installLink &&
      !facts.has_installed_card
    ) {
      // The form link without the text: the service answers it personalised (`form_url`).
      input.link = options.installLink.formUrl
    }
    return send({ atMostOnce: false, texts, setsBalance, card })
  },

  // A withheld enrolment is finished all the same: the service holds the phone's record (its
  // cards came with the adoption read); the account's profile goes once it proves the phone
  // (services/trust.ts confirmVerification).
  onWithheld: async ({ walletPass, operation }) => {
    if (operation.payload.type !== "enroll" || !operation.holder_id) return
    await walletPass.recordProfileResponse({ holder_id: operation.holder_id, enrolled: true, links: {} })
  },

  onApplied: async ({ walletPass, operation }, response, request) => {
    if (request?.card && operation.holder_id) {
      await walletPass.recordCardSent({ holder_id: operation.holder_id, ...request.card })
    }
    const type = operation.payload.type
    if (type === "verify") {
      // `sms_send: false`: the service took the request but sent no text; the shopper is told.
      const sent = response.sms_send !== false
      await walletPass.updateWalletPassVerifications({
        id: String(operation.payload.verification_id),
        text_state: sent ? "sent" : "not_sent",
        text_error: sent ? null : TEXT_NOT_SENT_MESSAGE,
      })
      return
    }
    if ((type !== "enroll" && type !== "profile") || !operation.holder_id) return
    const text = (key: string) =>
      typeof response[key] === "string" && response[key] ? (response[key] as string) : undefined
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
      const cards = await walletPass.listWalletPassCards(
        { holder_id: operation.holder_id },
        { select: ["id"], take: 1 }
      )
      if (!cards.length) {
        await walletPass.enqueueOperation({
          method: "read_customer",
          holder_id: operation.holder_id,
          payload: { type: "cards" },
          dedupe_key: operationKeys.cards(operation.id),
          // With the enrolment's class: a signup's read waits in class c like its enrolment did.
          priority: Math.max(operation.priority, OPERATION_PRIORITY.enrolment),
        })
      }
    }
  },

  // A text that changed while this request, carrying the old one, was in flight (a credit
  // landing during an enrolment) goes in a profile update of its own.
  afterDone: async (ctx) => {
    const type = ctx.operation.payload.type as RequestType
    if (type === "enroll" || type === "profile" || type === "balance_sync") await catchUpAfterDone(ctx)
  },

  onFailed: async ({ walletPass, operation }) => {
    if (operation.payload.type === "verify") {
      // Refused (failed) or perhaps sent (needs review after an ambiguous outcome): never sent again by itself.
      const failed = operation.state === "failed"
      await walletPass.updateWalletPassVerifications({
        id: String(operation.payload.verification_id),
        text_state: failed ? "not_sent" : "unknown",
        text_error: failed ? TEXT_NOT_SENT_MESSAGE : null,
      })
      return
    }
    // An enrolment that failed for good shows why on the holder.
    if (operation.payload.type !== "enroll" || !operation.holder_id) return
    await walletPass.updateWalletPassHolders({
      id: operation.holder_id,
      enrollment_state: "failed",
      enrollment_error: operation.last_error,
    })
  },
}

/**
 * The card's template variables and design a request gives it (docs/program.md, "On the card"),
 * set on `input`; what it gave is recorded once applied. Undefined when the program's card
 * settings ask for nothing and no design goes.
 */
async function cardFields(
  ctx: OperationContext,
  input: UserCreateOrUpdateInput,
  newCard: boolean,
  firstName?: string | null
): Promise<CardSent | undefined> {
  const { walletPass, options, facts, container } = ctx
  const holder = facts.holder!
  // Read again for each request that carries texts: it sends the program in force.
  const { program } = await walletPass.getProgram()
  if (!cardInUse(program.pass)) {
    if (newCard && options.templateUuid) input.template_uuid = options.templateUuid
    return undefined
  }
  if (firstName === undefined && Object.values(program.pass.variables).includes("firstName")) {
    firstName = holder.name ?? (await customerOf(ctx, holder))?.first_name ?? null
  }
  const cards = await walletPass.getHolderCards({
    holder_ids: [holder.id],
    program,
    format: await cardFormat(container, program.timeZone),
    first_names: new Map([[holder.id, firstName ?? holder.name]]),
  })
  const card = cards.get(holder.id)
  if (!card) return undefined
  if (Object.keys(card.texts).length) input.variables = card.texts
  const design = cardDesign({
    newCard,
    level: card.level,
    designLevel: card.sent.level,
    levelTemplates: program.pass.levelTemplates,
    templateUuid: options.templateUuid,
  })
  if (design) input.template_uuid = design
  return { texts: card.texts, ...(design && { design_level: card.level }) }
}

/** Profile of a holder as the service takes it; the name always (docs/service-api.md, "name"). */
function profileFields(
  holder: NonNullable<SendFacts["holder"]>,
  customer: Awaited<ReturnType<typeof customerOf>>
): { fields: Partial<UserCreateOrUpdateInput>; firstName: string | null } {
  const fields: Partial<UserCreateOrUpdateInput> = { name: holderName(holder, customer) }
  const surname = holder.surname ?? customer?.last_name
  const email = holder.email ?? customer?.email
  if (surname) fields.surname = surname
  if (holder.middlename) fields.middlename = holder.middlename
  // Only an address the client sends (src/lib/email.ts): a store e-mail outside the rule is
  // left out rather than making the whole update fail locally.
  if (email && isEmail(email)) fields.email = email
  if (holder.birthday) fields.birthday = formatBirthday(holder.birthday, "request")
  if (holder.customer_id) fields.customerId = holder.customer_id
  Object.assign(fields, programRates(holder))
  return { fields, firstName: holder.name ?? customer?.first_name ?? null }
}

/**
 * The rates a request carries when the program owns them: the card shows the level's, or the
 * service's override the store took (docs/program.md). Values, so a repeat or a coalesced
 * update sends what the holder has when it goes. None while the service sets them.
 */
function programRates(
  holder: NonNullable<SendFacts["holder"]>
): Pick<UserCreateOrUpdateInput, "bonus" | "discount"> | null {
  if (holder.rates_source === "service") return null
  return {
    bonus: basisPointsToPercent(holder.bonus_percent_bp ?? 0),
    discount: basisPointsToPercent(holder.discount_percent_bp),
  }
}
