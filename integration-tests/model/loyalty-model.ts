/**
 * A reference model of the loyalty rules, written from the repository's docs (docs/loyalty.md,
 * docs/program.md, docs/adoption.md, docs/security.md), not from the plugin: it imports
 * nothing of src/. Given a history of events it answers each holder's ledger (kinds, amounts,
 * lapse dates), balance, level, rates and card texts. It is the oracle of the model-based
 * tests (integration-tests/http/model-histories.spec.ts); where the docs leave a choice open,
 * integration-tests/model/README.md says which reading the model takes.
 *
 * Amounts are integers in hundredths of the balance unit (docs/loyalty.md, "How balances
 * work"); percents are plain numbers (5 = 5 %); times are epoch milliseconds.
 */

import {
  type ModelEarning,
  type ModelLine,
  modelLineBonuses,
  modelOrderBonus,
  modelReturnedPart,
  NO_EARNING,
} from "./earning-model"

export type Level = { name: string; threshold: number; bonusPercent: number; discountPercent: number }

export type Bonus = { amount: number; lifetimeDays: number | null }

export type ModelProgram = {
  /** Who sets a holder's rates (docs/program.md, "Who owns the rates"). */
  ratesOwner: "service" | "program"
  /** Levels ascending, the first at 0; thresholds in hundredths. Empty: no levels. */
  levels: Level[]
  /** Spend over the last N days; null: all orders. */
  windowDays: number | null
  welcome?: Bonus
  /** The bonus when a pass is installed and linked (the service's `createCustomer`), once. */
  install?: Bonus
  /** Earn rules, gift cards and campaigns (earning-model.ts); absent: none, gift cards excluded. */
  earning?: ModelEarning
}

export type ModelConfig = {
  /** `accrual.bonusPercent`: the rate of a holder the service gave none, and of an unproven account. */
  defaultBonusPercent: number
  /** `redemption.maxOrderPercent`; 0: paying with bonus is off. */
  maxOrderPercent: number
  /** `accrual.pendingDays` (docs/loyalty.md, "Pending bonus"); absent or 0: credited at placement. */
  pendingDays?: number
  program: ModelProgram
}

export type ModelEvent =
  /**
   * A store signup. `serviceBalance` and `serviceRates`: the service held the phone's record
   * already (with that balance and those rates), so the store adopts it (docs/adoption.md).
   */
  | {
      type: "signup"
      at: number
      holder: string
      serviceBalance?: number
      serviceRates?: { bonus: number; discount: number }
    }
  | { type: "prove"; at: number; holder: string }
  | { type: "setPrivileges"; at: number; holder: string; bonus?: number; discount?: number }
  | {
      type: "order"
      at: number
      holder: string
      order: string
      base: number
      total: number
      items: number
      paidWithBonus?: number
      /** The order's lines with what their products are: the earn rules apply (earning-model.ts); absent: `base` at the rate. */
      lines?: ModelLine[]
    }
  | { type: "cancel"; at: number; order: string }
  /**
   * A return: `share` the returned items' value (unit price × quantity, its part of the order's
   * `items`); `lines` which of the order's lines come back and how many of each (an order
   * placed with `lines` must name them: its bonus comes back by what they earned).
   */
  | { type: "return"; at: number; order: string; share: number; lines?: Array<{ line: number; quantity: number }> }
  | { type: "serviceBalance"; at: number; holder: string; key: string; amount: number; lifetimeDays?: number | null }
  /** A pass the service signed up itself is installed (its `createCustomer`): no store account, no welcome. */
  | { type: "install"; at: number; holder: string; serviceBalance?: number }
  /** An admin's credit (positive) or debit (negative), for good. */
  | { type: "adjust"; at: number; holder: string; key: string; amount: number }
  | { type: "programSave"; at: number; program: ModelProgram }
  /**
   * The pending bonus job runs (docs/loyalty.md, "Pending bonus"): every order's bonus whose
   * pending days are over by `at` is credited, what cancels and returns left of it.
   */
  | { type: "mature"; at: number }
  /** Time moves on until every credit with a lifetime has lapsed (by `at`). */
  | { type: "lapseAll"; at: number; holder: string }

export type EntryKind =
  | "opening_balance"
  | "accrual"
  | "accrual_reversal"
  | "redemption"
  | "redemption_refund"
  | "service_credit"
  | "service_debit"
  | "program_bonus"
  | "manual"
  | "expiry"

export type ModelEntry = {
  key: string
  kind: EntryKind
  amount: number
  at: number
  /** When a credit with a lifetime lapses; null: for good. */
  lapsesAt: number | null
  order?: string
  /** Whether the account's own doing (docs/adoption.md, section 6: what an unproven account may spend). */
  own: boolean
}

export type Rates = { bonus: number; discount: number; source: "default" | "service" | "level" | "override" }

type Order = {
  id: string
  holder: string
  at: number
  base: number
  total: number
  items: number
  /** The bonus percent in force when it was placed. */
  rate: number
  accrued: number
  reversed: number
  redeemed: number
  refunded: boolean
  canceledAt: number | null
  /** What returns took off the spend. */
  returned: number
  returns: number
  /**
   * A bonus waiting as pending (docs/loyalty.md, "Pending bonus"): until when, the amount
   * decided, what cancels and returns took; `accrued` stays 0 until it matures. Null: none.
   */
  pending?: { until: number; amount: number; taken: number; matured: boolean } | null
  /** An order placed with lines: each line's exact bonus and its quantity (a return's share of the bonus). */
  lines?: { bonuses: bigint[]; quantities: number[] } | null
}

type Holder = {
  id: string
  proven: boolean
  /** The last percents the service set (setPrivileges), if any. */
  service: { bonus?: number; discount?: number }
  /** Program owner: a service override standing until the next level change. */
  override: { bonus: number; discount: number } | null
  level: string | null
  /** The rates of the service's record when the store met the phone, if it held one. */
  serviceHeld: { bonus: number; discount: number } | null
  entries: ModelEntry[]
}

const DAY = 86_400_000

/** The percent of an amount in hundredths, rounded down to the minor unit. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * Math.round(percent * 100)) / 10_000)
}

export class LoyaltyModel {
  private readonly holders = new Map<string, Holder>()
  private readonly orders = new Map<string, Order>()
  private program: ModelProgram

  constructor(private readonly config: ModelConfig) {
    this.program = config.program
  }

  apply(event: ModelEvent): void {
    switch (event.type) {
      case "signup":
        return this.signup(event)
      case "prove":
        this.holder(event.holder).proven = true
        return
      case "setPrivileges":
        return this.setPrivileges(event)
      case "order":
        return this.order(event)
      case "cancel":
        return this.cancel(event.order, event.at)
      case "return":
        return this.returned(event.order, event.share, event.at, event.lines)
      case "serviceBalance":
        return this.serviceBalance(event)
      case "install":
        return this.install(event)
      case "adjust":
        return this.write(this.holder(event.holder), {
          key: event.key,
          kind: "manual",
          amount: event.amount,
          at: event.at,
          own: false,
        })
      case "mature":
        return this.mature(event.at)
      case "lapseAll":
        for (const e of this.holder(event.holder).entries) {
          if (e.lapsesAt !== null && e.lapsesAt > event.at) e.lapsesAt = event.at
        }
        return
      case "programSave":
        this.program = event.program
        for (const h of this.holders.values()) this.relevel(h, event.at)
        return
    }
  }

  // ---- what the model answers ----

  holderIds(): string[] {
    return [...this.holders.keys()]
  }

  ledger(holder: string): ModelEntry[] {
    return this.holder(holder).entries.map((e) => ({ ...e }))
  }

  /**
   * The ledger as the store should hold it at `at`: every entry, and for each credit lapsed by
   * then an `expiry` entry of what remained of it (docs/loyalty.md, "How balances work").
   */
  ledgerAt(holder: string, at: number): ModelEntry[] {
    const h = this.holder(holder)
    const expiries = this.remainingCredits(h, at).lapsed.map((c) => ({
      key: `expiry:${c.entry.key}`,
      kind: "expiry" as const,
      amount: -c.left,
      at: c.entry.lapsesAt!,
      lapsesAt: null,
      own: false,
    }))
    return [...this.ledger(holder), ...expiries]
  }

  /** The balance at `at`: every entry, less what remains of credits lapsed by then (docs/loyalty.md). */
  balance(holder: string, at: number): number {
    const h = this.holder(holder)
    return sum(h.entries.map((e) => e.amount)) - sum(this.remainingCredits(h, at).lapsed.map((c) => c.left))
  }

  /** What an account may spend: all of it once proven, else its own entries, never more than the balance. */
  spendable(holder: string, at: number): number {
    const h = this.holder(holder)
    const all = this.balance(holder, at)
    if (h.proven) return Math.max(0, all)
    const own = sum(h.entries.filter((e) => e.own).map((e) => e.amount))
    return Math.max(0, Math.min(own, all))
  }

  /** The most a cart of `items` (hundredths) may be paid with (docs/loyalty.md, "Paying with bonus"). */
  redemptionCap(holder: string, items: number, at: number): number {
    if (!this.config.maxOrderPercent) return 0
    return Math.min(this.spendable(holder, at), percentOf(items, this.config.maxOrderPercent))
  }

  /** The rates in force for the holder now. */
  rates(holder: string): Rates {
    return this.ratesOf(this.holder(holder))
  }

  /**
   * The rates the service's card holds: while the program owns the rates, what the holder's
   * record holds (the level's, or the service's own override), gated or not.
   */
  cardRates(holder: string): Omit<Rates, "source"> {
    const h = this.holder(holder)
    if (this.program.ratesOwner === "program" && h.level !== null) {
      // The program's rates go to the phone's record, also one the service held for an account
      // that has not proven the phone: they are the pass's, as its balance is (docs/security.md).
      const { bonus, discount } = this.storedRates(h)
      return { bonus, discount }
    }
    // The service sets them: the card has what it set, else what it held; a readBalance
    // answer gives the store's rate, the default where the service set none.
    return {
      bonus: h.service.bonus ?? h.serviceHeld?.bonus ?? this.config.defaultBonusPercent,
      discount: h.service.discount ?? h.serviceHeld?.discount ?? 0,
    }
  }

  level(holder: string): string | null {
    return this.holder(holder).level
  }

  /** The spend toward levels at `at`, in hundredths (docs/program.md, "Spend and levels"). */
  spend(holder: string, at: number): number {
    const window = this.program.windowDays
    return sum(
      [...this.orders.values()]
        .filter((o) => o.holder === holder && o.canceledAt === null)
        .filter((o) => window === null || o.at > at - window * DAY)
        .map((o) => Math.max(0, o.total - o.returned))
    )
  }

  /** The texts the card's variables carry (docs/program.md, "On the card"), amounts in hundredths. */
  cardTexts(holder: string, at: number) {
    const h = this.holder(holder)
    const spend = this.spend(holder, at)
    const levels = this.program.levels
    const index = levels.findIndex((l) => l.name === h.level)
    const next = index >= 0 ? levels[index + 1] : undefined
    const first = this.remainingCredits(h, at)
      .live.filter((c) => c.entry.lapsesAt !== null)
      .sort((a, b) => a.entry.lapsesAt! - b.entry.lapsesAt!)[0]
    return {
      level: h.level ?? "",
      nextLevel: next?.name ?? "",
      toNextLevel: next ? next.threshold - spend : null,
      spend,
      expiringAmount: first ? first.left : null,
      expiringDate: first ? first.entry.lapsesAt : null,
    }
  }

  /** The holder's bonus still pending (docs/loyalty.md, "Pending bonus"), in hundredths. */
  pending(holder: string): number {
    return sum(
      [...this.orders.values()]
        .filter((o) => o.holder === holder && o.pending && !o.pending.matured)
        .map((o) => o.pending!.amount - o.pending!.taken)
    )
  }

  // ---- the rules ----

  /**
   * With pending days, an order's bonus is decided at placement but waits: nothing is written
   * to the ledger (not in the balance, not spendable) until it matures (docs/loyalty.md,
   * "Pending bonus"). `accrued` is 0 meanwhile, so cancels and returns reverse nothing.
   */
  private holdPending(o: Order) {
    const days = this.config.pendingDays ?? 0
    if (days <= 0 || o.accrued <= 0) return
    o.pending = { until: o.at + days * DAY, amount: o.accrued, taken: 0, matured: false }
    o.accrued = 0
  }

  /**
   * A cancel (`part` null: all that is left) or a return (`part`: its share of an amount)
   * while the bonus is pending: its part comes off what waits (the share of the whole bonus,
   * rounded down), never more than is left; nothing is written.
   */
  private takePending(o: Order, part: ((amount: number) => number) | null) {
    const p = o.pending
    if (!p || p.matured) return
    const left = p.amount - p.taken
    const taken = part === null ? left : part(p.amount)
    p.taken += Math.max(0, Math.min(left, taken))
  }

  /** The job: each pending bonus due by `at` is credited, what is left of it, as the order's accrual. */
  private mature(at: number) {
    for (const o of this.orders.values()) {
      const p = o.pending
      if (!p || p.matured || p.until > at) continue
      p.matured = true
      o.accrued = p.amount - p.taken
      if (o.accrued > 0) {
        this.write(this.holder(o.holder), {
          key: `order:${o.id}:accrual`,
          kind: "accrual",
          amount: o.accrued,
          at,
          order: o.id,
          own: true,
        })
      }
    }
  }

  /** A store signup: the service's balance for the phone adopted, then the welcome bonus. */
  private signup(event: Extract<ModelEvent, { type: "signup" }>) {
    const h = this.newHolder(event.holder, event.serviceBalance, event.at)
    if (event.serviceBalance !== undefined || event.serviceRates) {
      h.serviceHeld = event.serviceRates ?? { bonus: 0, discount: 0 }
    }
    this.bonus(h, "welcome", this.program.welcome, event.at)
    this.relevel(h, event.at)
  }

  /** A pass the service signed up installed: its balance adopted, the install bonus; no welcome (not joining). */
  private install(event: Extract<ModelEvent, { type: "install" }>) {
    const h = this.newHolder(event.holder, event.serviceBalance, event.at)
    this.bonus(h, "install", this.program.install, event.at)
    this.relevel(h, event.at)
  }

  private newHolder(id: string, serviceBalance: number | undefined, at: number): Holder {
    if (this.holders.has(id)) throw new Error(`holder ${id} signed up twice`)
    const h: Holder = { id, proven: false, service: {}, override: null, level: null, entries: [], serviceHeld: null }
    this.holders.set(h.id, h)
    if (serviceBalance) {
      this.write(h, { key: `adopt:${h.id}`, kind: "opening_balance", amount: serviceBalance, at, own: false })
    }
    return h
  }

  /** A program bonus (docs/program.md, "Bonuses"): once per holder and kind, with its lifetime. */
  private bonus(h: Holder, kind: string, bonus: Bonus | undefined, at: number) {
    if (!bonus || bonus.amount <= 0) return
    this.write(h, {
      key: `bonus:${kind}:${h.id}`,
      kind: "program_bonus",
      amount: bonus.amount,
      at,
      lapsesAt: lapse(at, bonus.lifetimeDays),
      own: false,
    })
  }

  private setPrivileges(event: Extract<ModelEvent, { type: "setPrivileges" }>) {
    const h = this.holder(event.holder)
    if (event.bonus !== undefined) h.service.bonus = event.bonus
    if (event.discount !== undefined) h.service.discount = event.discount
    if (this.program.ratesOwner === "program") {
      // Only the rates sent change; the other stays what the holder's record holds.
      const now = this.storedRates(h)
      h.override = { bonus: event.bonus ?? now.bonus, discount: event.discount ?? now.discount }
    }
  }

  /** Accrual at the rates in force when the order is placed; then the level follows it. */
  private order(event: Extract<ModelEvent, { type: "order" }>) {
    const h = this.holder(event.holder)
    const o: Order = {
      id: event.order,
      holder: h.id,
      at: event.at,
      base: event.base,
      total: event.total,
      items: event.items,
      rate: 0,
      accrued: 0,
      reversed: 0,
      redeemed: event.paidWithBonus ?? 0,
      refunded: false,
      canceledAt: null,
      returned: 0,
      returns: 0,
    }
    this.orders.set(o.id, o)
    if (o.redeemed > 0) {
      const cap = this.redemptionCap(h.id, o.items, event.at)
      if (o.redeemed > cap) throw new Error(`order ${o.id} pays ${o.redeemed} with bonus over its cap ${cap}`)
      this.write(h, {
        key: `order:${o.id}:redemption`,
        kind: "redemption",
        amount: -o.redeemed,
        at: event.at,
        order: o.id,
        own: true,
      })
    }
    o.rate = this.ratesOf(h).bonus
    const earning = this.program.earning ?? { ...NO_EARNING, timeZone: "UTC" }
    o.lines = event.lines
      ? {
          bonuses: modelLineBonuses(event.lines, o.rate, earning, event.at),
          quantities: event.lines.map((l) => l.quantity ?? 1),
        }
      : null
    o.accrued = event.lines ? modelOrderBonus(event.lines, o.rate, earning, event.at) : percentOf(o.base, o.rate)
    this.holdPending(o)
    if (o.accrued > 0) {
      this.write(h, {
        key: `order:${o.id}:accrual`,
        kind: "accrual",
        amount: o.accrued,
        at: event.at,
        order: o.id,
        own: true,
      })
    }
    this.relevel(h, event.at)
  }

  /** A cancel takes back what is left of the bonus and gives the redemption back, once. */
  private cancel(orderId: string, at: number) {
    const o = this.orderOf(orderId)
    if (o.canceledAt !== null) return
    o.canceledAt = at
    this.takePending(o, null)
    const h = this.holder(o.holder)
    const back = o.accrued - o.reversed
    if (back > 0) {
      o.reversed += back
      this.write(h, {
        key: `order:${o.id}:cancel`,
        kind: "accrual_reversal",
        amount: -back,
        at,
        order: o.id,
        own: true,
      })
    }
    if (o.redeemed > 0 && !o.refunded) {
      o.refunded = true
      this.write(h, {
        key: `order:${o.id}:redemption_refund`,
        kind: "redemption_refund",
        amount: o.redeemed,
        at,
        order: o.id,
        own: true,
      })
    }
    this.relevel(h, at)
  }

  /**
   * A return takes the share of the order's total off its spend by value (the returned items'
   * unit price × quantity over the items' value) and a share of its bonus back (never more than
   * is left), each rounded down. The bonus's share (docs/program.md, "Returns"): for an order
   * placed with lines, what the returned lines earned over what all lines earned; else by value.
   */
  private returned(orderId: string, share: number, at: number, lines?: Array<{ line: number; quantity: number }>) {
    const o = this.orderOf(orderId)
    if (o.canceledAt !== null) return
    const byValue = (amount: number) => (o.items > 0 ? Math.floor((amount * share) / o.items) : 0)
    const ordered = o.lines
    if (ordered && !lines) throw new Error(`return of order ${o.id}: it was placed with lines, the return names none`)
    const bonusPart = ordered
      ? (amount: number) => modelReturnedPart(amount, ordered.bonuses, ordered.quantities, lines!)
      : byValue
    o.returned += byValue(o.total)
    o.returns += 1
    this.takePending(o, bonusPart)
    const h = this.holder(o.holder)
    const back = Math.min(o.accrued - o.reversed, bonusPart(o.accrued))
    if (back > 0) {
      o.reversed += back
      this.write(h, {
        key: `order:${o.id}:return:${o.returns}`,
        kind: "accrual_reversal",
        amount: -back,
        at,
        order: o.id,
        own: true,
      })
    }
    this.relevel(h, at)
  }

  private serviceBalance(event: Extract<ModelEvent, { type: "serviceBalance" }>) {
    const h = this.holder(event.holder)
    if (h.entries.some((e) => e.key === event.key)) return // a repeated transactionId changes nothing
    const credit = event.amount > 0
    this.write(h, {
      key: event.key,
      kind: credit ? "service_credit" : "service_debit",
      amount: event.amount,
      at: event.at,
      lapsesAt: credit ? lapse(event.at, event.lifetimeDays ?? null) : null,
      own: false,
    })
  }

  private relevel(h: Holder, at: number) {
    const levels = this.program.levels
    if (!levels.length) {
      h.level = null
      return
    }
    const spend = this.spend(h.id, at)
    const level = [...levels].reverse().find((l) => spend >= l.threshold)!.name
    if (level !== h.level) h.override = null // a level change is the program speaking again
    h.level = level
  }

  /** What the holder's record holds under a program that owns the rates: the override, else the level's. */
  private storedRates(h: Holder): Rates {
    if (this.program.ratesOwner === "program" && h.level !== null) {
      if (h.override) return { ...h.override, source: "override" }
      const l = this.program.levels.find((x) => x.name === h.level)!
      return { bonus: l.bonusPercent, discount: l.discountPercent, source: "level" }
    }
    return this.ratesOf(h)
  }

  private ratesOf(h: Holder): Rates {
    if (this.program.ratesOwner === "program" && h.level !== null) {
      // A level's rates are the store's own rule, earned by the account's own orders; an
      // override is the service's rates for the phone, which an unproven account does not get
      // (docs/security.md: the program's default rate, no discount).
      if (h.override && !h.proven) return { bonus: this.config.defaultBonusPercent, discount: 0, source: "default" }
      return this.storedRates(h)
    }
    // The service's rates belong to the phone: an account gets them once it proved the phone.
    if (h.proven && h.service.bonus !== undefined) {
      return { bonus: h.service.bonus, discount: h.service.discount ?? 0, source: "service" }
    }
    return {
      bonus: this.config.defaultBonusPercent,
      discount: h.proven ? (h.service.discount ?? 0) : 0,
      source: "default",
    }
  }

  /**
   * What is left of each credit at `at`: debits consume the soonest-expiring credits first
   * (credits for good last); `lapsed` are those whose lifetime has ended by `at`.
   */
  private remainingCredits(h: Holder, at: number) {
    const credits = h.entries.filter((e) => e.amount > 0).map((entry) => ({ entry, left: entry.amount }))
    const debits = h.entries.filter((e) => e.amount < 0)
    for (const debit of debits) {
      let owed = -debit.amount
      const open = credits
        .filter(
          (c) => c.left > 0 && c.entry.at <= debit.at && (c.entry.lapsesAt === null || c.entry.lapsesAt > debit.at)
        )
        .sort((a, b) => (a.entry.lapsesAt ?? Infinity) - (b.entry.lapsesAt ?? Infinity))
      for (const c of open) {
        const take = Math.min(c.left, owed)
        c.left -= take
        owed -= take
        if (!owed) break
      }
    }
    const lapsed = credits.filter((c) => c.entry.lapsesAt !== null && c.entry.lapsesAt <= at && c.left > 0)
    return { lapsed, live: credits.filter((c) => c.left > 0 && !lapsed.includes(c)) }
  }

  private write(h: Holder, entry: Omit<ModelEntry, "lapsesAt"> & { lapsesAt?: number | null }) {
    if (h.entries.some((e) => e.key === entry.key)) return
    h.entries.push({ lapsesAt: null, ...entry })
  }

  private holder(id: string): Holder {
    const h = this.holders.get(id)
    if (!h) throw new Error(`no holder ${id} in the model`)
    return h
  }

  private orderOf(id: string): Order {
    const o = this.orders.get(id)
    if (!o) throw new Error(`no order ${id} in the model`)
    return o
  }
}

function lapse(at: number, lifetimeDays: number | null): number | null {
  return lifetimeDays === null ? null : at + lifetimeDays * DAY
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0)
}
