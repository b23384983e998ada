import type { WalletPassOptions } from "../options"

/**
 * The limits on texts a store route makes the service send (docs/security.md, "Texts"): which
 * windows a text counts against and what the shopper is told. Pure; services/trust.ts applies
 * them to the counts of repositories/texts.ts.
 *
 * The store's hour is split between two classes of sender, so neither can use up the other's:
 * accounts with a stake (an order, or a phone proven before) and new signups. Within each
 * class, one address prefix and one phone range take at most a share of the class's hour, and
 * the last part of the hour is kept for senders from a prefix that has asked nothing in the
 * class this hour, so bots from a few networks cannot take all of it.
 */

export type TextLimitName =
  | "phone_hour"
  | "phone_day"
  | "account_minute"
  | "account_day"
  | "address_hour"
  | "address_day"
  | "network_hour"
  | "range_hour"
  | "shared_hour"
  | "store_hour"

/** Who asks: an account with a stake (an order, a proven phone; decided from the database) or a new signup. */
export type SenderClass = "stake" | "new"

export type TextSlot =
  { ok: true; id: string } | { ok: false; limit: TextLimitName; message: string; retry_after_seconds: number }

/** The columns of `wallet_pass_text` a window matches on. */
export type TextColumn = "phone" | "customer_id" | "address" | "network" | "phone_range" | "sender_class"

type Limit = {
  name: TextLimitName
  /** The texts the window counts: those whose columns equal these values (all texts when empty). */
  match: [TextColumn, string][]
  seconds: number
  max: number
  /** The limit applies only once this window counts a text (the sender's prefix is not fresh). */
  onlyAfter?: TextLimitName
  message: (wait: string) => string
}

/** What a text is counted by: the phone, its range, the account, its class and the client's address keys. */
export type TextSender = {
  phone: string
  phone_range: string | null
  customer_id: string
  sender_class: SenderClass
  address: string | null
  network: string | null
}

const HOUR = 3600
const DAY = 86400

/** "a minute", "12 minutes", "3 hours": how long the shopper waits, in words. */
export function waitText(seconds: number): string {
  if (seconds <= 90) return "a minute"
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`
  const hours = Math.ceil(seconds / HOUR)
  return hours === 1 ? "an hour" : `${hours} hours`
}

/**
 * The class of a sender: a stake when the account has an order or has proven a phone before
 * (both read from the database, never from what the caller writes), else new.
 */
export function senderClass(facts: { ordered: boolean; proven: boolean }): SenderClass {
  return facts.ordered || facts.proven ? "stake" : "new"
}

/**
 * A class's texts an hour: `texts.storePerHour` split by `texts.stakeShare` (the stake's part
 * rounded up), each class at least one.
 */
export function classBudget(texts: WalletPassOptions["texts"], sender: SenderClass): number {
  const total = texts.storePerHour
  const stake = Math.min(Math.max(1, Math.ceil(total * texts.stakeShare)), Math.max(1, total - 1))
  return sender === "stake" ? stake : Math.max(1, total - stake)
}

/** At most `share` of a class's hour (rounded up, at least one). */
function shareOf(budget: number, share: number): number {
  return Math.max(1, Math.ceil(budget * share))
}

/** The part of a class's hour kept for fresh prefixes: `texts.freshShare` of it, rounded up, leaving one for everyone. */
export function freshReserve(texts: WalletPassOptions["texts"], budget: number): number {
  return Math.min(budget - 1, Math.ceil(budget * texts.freshShare))
}

/** The limits a text of `sender` is counted against, from the `texts` option, in the order they are checked. */
export function textLimits(texts: WalletPassOptions["texts"], sender: TextSender): Limit[] {
  const budget = classBudget(texts, sender.sender_class)
  const inClass: [TextColumn, string] = ["sender_class", sender.sender_class]
  const limits: Limit[] = [
    {
      name: "account_minute",
      match: [["customer_id", sender.customer_id]],
      seconds: 60,
      max: texts.perAccount.perMinute,
      message: (wait) => `A code was sent moments ago: wait ${wait} before asking again`,
    },
    {
      name: "account_day",
      match: [["customer_id", sender.customer_id]],
      seconds: DAY,
      max: texts.perAccount.perDay,
      message: (wait) => `At most ${texts.perAccount.perDay} codes a day can be sent to you: try again in ${wait}`,
    },
    {
      name: "phone_hour",
      match: [["phone", sender.phone]],
      seconds: HOUR,
      max: texts.perPhone.perHour,
      message: (wait) => `Too many codes were sent to this phone: try again in ${wait}`,
    },
    {
      name: "phone_day",
      match: [["phone", sender.phone]],
      seconds: DAY,
      max: texts.perPhone.perDay,
      message: (wait) => `Too many codes were sent to this phone today: try again in ${wait}`,
    },
  ]
  if (sender.address) {
    limits.push(
      {
        name: "address_hour",
        match: [["address", sender.address]],
        seconds: HOUR,
        max: texts.perAddress.perHour,
        message: (wait) => `Too many codes were asked for from your network: try again in ${wait}`,
      },
      {
        name: "address_day",
        match: [["address", sender.address]],
        seconds: DAY,
        max: texts.perAddress.perDay,
        message: (wait) => `Too many codes were asked for from your network today: try again in ${wait}`,
      }
    )
  }
  if (sender.network) {
    limits.push({
      name: "network_hour",
      match: [inClass, ["network", sender.network]],
      seconds: HOUR,
      max: shareOf(budget, texts.networkShare),
      message: (wait) => `Too many codes were asked for from your network: try again in ${wait}`,
    })
  }
  if (sender.phone_range) {
    limits.push({
      name: "range_hour",
      match: [inClass, ["phone_range", sender.phone_range]],
      seconds: HOUR,
      max: shareOf(budget, texts.rangeShare),
      message: (wait) => `Too many codes were asked for phones like this one: try again in ${wait}`,
    })
  }
  limits.push({
    name: "shared_hour",
    match: [inClass],
    seconds: HOUR,
    max: budget - freshReserve(texts, budget),
    // A sender from a prefix with no text in the class this hour may use the reserve; a
    // sender of unknown address never.
    onlyAfter: sender.network ? "network_hour" : undefined,
    message: (wait) => `The store is sending too many codes right now: try again in ${wait}`,
  })
  limits.push({
    name: "store_hour",
    match: [inClass],
    seconds: HOUR,
    max: budget,
    message: (wait) => `The store is sending too many codes right now: try again in ${wait}`,
  })
  return limits
}

/** Per window: the texts in it, and the seconds until its oldest one leaves it (null when empty). */
export type WindowCounts = Record<string, { count: number; wait_seconds: number | null }>

/** The first limit `counts` are over, as the shopper is told it (with the seconds to wait); null: a text may go. */
export function firstRefusal(limits: Limit[], counts: WindowCounts): Extract<TextSlot, { ok: false }> | null {
  for (const limit of limits) {
    if (limit.onlyAfter && counts[limit.onlyAfter]?.count === 0) continue
    if (counts[limit.name].count < limit.max) continue
    const wait = Math.max(1, Math.ceil(counts[limit.name].wait_seconds ?? limit.seconds))
    return { ok: false, limit: limit.name, message: limit.message(waitText(wait)), retry_after_seconds: wait }
  }
  return null
}

/** The client as the limits count it (docs/security.md): its address key and its prefix's. */
export type TextClient = { address: string | null; network: string | null }

const LOOPBACK: TextClient = { address: "loopback", network: "loopback" }

/**
 * The keys of a client address: an IPv4 address whole, in its /24; an IPv6 address by its /64
 * (a client rotates within it), in its /48; an IPv4-mapped IPv6 address as the IPv4 one; every
 * loopback address (`127.0.0.0/8`, `::1`) one key. A text that is no IP address is its own key.
 */
export function textClient(address: string | null | undefined): TextClient {
  const text = address?.trim().toLowerCase().replace(/%.*$/, "")
  if (!text) return { address: null, network: null }
  const v4 = ipv4Octets(text)
  if (v4) return ipv4Client(v4)
  const groups = ipv6Groups(text)
  if (!groups) return { address: text.slice(0, 100), network: text.slice(0, 100) }
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
  if (mapped) return ipv4Client([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff])
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return LOOPBACK
  const hex = groups.map((g) => g.toString(16))
  return { address: `${hex.slice(0, 4).join(":")}::/64`, network: `${hex.slice(0, 3).join(":")}::/48` }
}

function ipv4Client(octets: number[]): TextClient {
  if (octets[0] === 127) return LOOPBACK
  return { address: octets.join("."), network: `${octets.slice(0, 3).join(".")}.0/24` }
}

function ipv4Octets(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  const octets = match?.slice(1).map(Number)
  return octets && octets.every((o) => o <= 255) ? octets : null
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read), null when it is none. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::")
  if (halves.length > 2) return null
  const parse = (part: string): number[] | null => {
    if (!part) return []
    const groups: number[] = []
    const pieces = part.split(":")
    for (const [i, piece] of pieces.entries()) {
      const v4 = i === pieces.length - 1 ? ipv4Octets(piece) : null
      if (v4) groups.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3])
      else if (/^[0-9a-f]{1,4}$/.test(piece)) groups.push(parseInt(piece, 16))
      else return null
    }
    return groups
  }
  const head = parse(halves[0])
  const tail = halves.length === 2 ? parse(halves[1]) : []
  if (!head || !tail) return null
  if (halves.length === 1) return head.length === 8 ? head : null
  const missing = 8 - head.length - tail.length
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : null
}
