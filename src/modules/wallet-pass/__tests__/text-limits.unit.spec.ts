import type { WalletPassOptions } from "../options"
import {
  classBudget,
  firstRefusal,
  freshReserve,
  senderClass,
  type TextSender,
  textClient,
  textLimits,
  type WindowCounts,
} from "../rules/text-limits"

/** The defaults of the `texts` option (docs/security.md, "Texts"). */
const texts = {
  perPhone: { perHour: 3, perDay: 5 },
  perAccount: { perMinute: 1, perDay: 5 },
  perAddress: { perHour: 10, perDay: 30 },
  storePerHour: 120,
  stakeShare: 0.5,
  networkShare: 0.25,
  rangeShare: 0.25,
  freshShare: 0.25,
} as WalletPassOptions["texts"]

const sender = (over: Partial<TextSender> = {}): TextSender => ({
  phone: "+4915112345678",
  phone_range: "+49 1511",
  customer_id: "cus_1",
  sender_class: "new",
  address: "203.0.113.7",
  network: "203.0.113.0/24",
  ...over,
})

describe("texts: every class of sender keeps a share nobody else can use up (rules/text-limits.ts)", () => {
  it("an order or an earlier proof is a stake; neither is a new signup", () => {
    expect(senderClass({ ordered: true, proven: false })).toBe("stake")
    expect(senderClass({ ordered: false, proven: true })).toBe("stake")
    expect(senderClass({ ordered: false, proven: false })).toBe("new")
  })

  it("the store's hour is split between the classes: stakeShare of it for a stake (rounded up), the rest for new signups", () => {
    expect([classBudget(texts, "stake"), classBudget(texts, "new")]).toEqual([60, 60])
    const small = { ...texts, storePerHour: 12, stakeShare: 0.3 }
    expect([classBudget(small, "stake"), classBudget(small, "new")]).toEqual([4, 8])
    // Each class keeps at least one text, and together they never exceed the store's hour.
    const tiny = { ...texts, storePerHour: 2, stakeShare: 0.95 }
    expect([classBudget(tiny, "stake"), classBudget(tiny, "new")]).toEqual([1, 1])
  })

  it("within a class, one address prefix and one phone range take at most their share; the class's hour counts only its own texts", () => {
    const limits = textLimits({ ...texts, storePerHour: 12 }, sender())
    const byName = Object.fromEntries(limits.map((l) => [l.name, l]))
    expect(byName.network_hour).toMatchObject({
      match: [
        ["sender_class", "new"],
        ["network", "203.0.113.0/24"],
      ],
      max: 2,
    })
    expect(byName.range_hour).toMatchObject({
      match: [
        ["sender_class", "new"],
        ["phone_range", "+49 1511"],
      ],
      max: 2,
    })
    expect(byName.store_hour).toMatchObject({ match: [["sender_class", "new"]], max: 6, seconds: 3600 })
    // The per-phone, per-account and per-address limits count every class.
    for (const name of ["account_minute", "account_day", "phone_hour", "phone_day", "address_hour", "address_day"]) {
      expect(byName[name].match.map(([column]) => column)).not.toContain("sender_class")
    }
    const stake = Object.fromEntries(textLimits(texts, sender({ sender_class: "stake" })).map((l) => [l.name, l]))
    expect(stake.store_hour.match).toEqual([["sender_class", "stake"]])
    expect(stake.network_hour.max).toBe(15)
  })

  it("the client-wide limits come before the class's shares, so a shopper is told the nearest cause", () => {
    expect(textLimits(texts, sender()).map((l) => l.name)).toEqual([
      "account_minute",
      "account_day",
      "phone_hour",
      "phone_day",
      "address_hour",
      "address_day",
      "network_hour",
      "range_hour",
      "shared_hour",
      "store_hour",
    ])
    const unknown = textLimits(texts, sender({ address: null, network: null, phone_range: null })).map((l) => l.name)
    expect(unknown).toEqual(["account_minute", "account_day", "phone_hour", "phone_day", "shared_hour", "store_hour"])
  })

  it("the last part of a class's hour is kept for senders from a prefix that asked nothing in the class this hour", () => {
    const small = { ...texts, storePerHour: 12 }
    expect(freshReserve(small, 6)).toBe(2)
    expect(freshReserve(texts, 60)).toBe(15)
    expect(freshReserve({ ...texts, freshShare: 0 }, 60)).toBe(0)
    expect(freshReserve({ ...texts, freshShare: 0.9 }, 1)).toBe(0)
    const limits = textLimits(small, sender())
    expect(limits.find((l) => l.name === "shared_hour")).toMatchObject({
      match: [["sender_class", "new"]],
      max: 4,
      onlyAfter: "network_hour",
    })
    const counts = (network: number, inClass: number): WindowCounts =>
      Object.fromEntries(
        limits.map((l) => [
          l.name,
          {
            count: l.name === "network_hour" ? network : ["shared_hour", "store_hour"].includes(l.name) ? inClass : 0,
            wait_seconds: 600,
          },
        ])
      )
    // Four of the class's six taken: a prefix that has asked already meets the shared part ...
    expect(firstRefusal(limits, counts(1, 4))).toEqual({
      ok: false,
      limit: "shared_hour",
      message: "The store is sending too many codes right now: try again in 10 minutes",
      retry_after_seconds: 600,
    })
    // ... a fresh one takes from the reserve, until the class's hour is used.
    expect(firstRefusal(limits, counts(0, 4))).toBeNull()
    expect(firstRefusal(limits, counts(0, 5))).toBeNull()
    expect(firstRefusal(limits, counts(0, 6))).toMatchObject({ limit: "store_hour" })
    // A sender of unknown address is never fresh.
    const unknown = textLimits(small, sender({ address: null, network: null }))
    expect(unknown.find((l) => l.name === "shared_hour")!.onlyAfter).toBeUndefined()
  })

  it("the first limit over is the one the shopper is told, with the seconds until its oldest text leaves the window", () => {
    const limits = textLimits(texts, sender())
    const counts: WindowCounts = Object.fromEntries(limits.map((l) => [l.name, { count: 0, wait_seconds: null }]))
    expect(firstRefusal(limits, counts)).toBeNull()
    counts.phone_hour = { count: 3, wait_seconds: 1234.2 }
    counts.store_hour = { count: 60, wait_seconds: 10 }
    expect(firstRefusal(limits, counts)).toEqual({
      ok: false,
      limit: "phone_hour",
      message: "Too many codes were sent to this phone: try again in 21 minutes",
      retry_after_seconds: 1235,
    })
  })

  it("the messages say what the shopper can do", () => {
    const messages = Object.fromEntries(textLimits(texts, sender()).map((l) => [l.name, l.message("an hour")]))
    expect(messages.network_hour).toBe("Too many codes were asked for from your network: try again in an hour")
    expect(messages.range_hour).toBe("Too many codes were asked for phones like this one: try again in an hour")
    expect(messages.store_hour).toBe("The store is sending too many codes right now: try again in an hour")
  })
})

describe("the client's address as the texts limits key it (textClient)", () => {
  it("IPv4: the address whole, in its /24", () => {
    expect(textClient("203.0.113.7")).toEqual({ address: "203.0.113.7", network: "203.0.113.0/24" })
    expect(textClient(" 203.0.113.7 ")).toEqual(textClient("203.0.113.7"))
  })

  it("IPv6: the address's /64 (a client rotates within it), in its /48, however it is written", () => {
    const keyed = { address: "2001:db8:5:7::/64", network: "2001:db8:5::/48" }
    expect(textClient("2001:db8:5:7::1")).toEqual(keyed)
    expect(textClient("2001:DB8:5:7:AB:CD:EF:3")).toEqual(keyed)
    expect(textClient("2001:0db8:0005:0007:0000:0000:0000:0009")).toEqual(keyed)
    expect(textClient("2001:db8:5:7::1%eth0")).toEqual(keyed)
    expect(textClient("2001:db8:5:8::1").address).toBe("2001:db8:5:8::/64")
    expect(textClient("2001:db8:5:8::1").network).toBe("2001:db8:5::/48")
    expect(textClient("::").address).toBe("0:0:0:0::/64")
  })

  it("IPv4-mapped IPv6 is the IPv4 address; every loopback address is one client", () => {
    expect(textClient("::ffff:203.0.113.7")).toEqual(textClient("203.0.113.7"))
    expect(textClient("::ffff:cb00:7107")).toEqual(textClient("203.0.113.7"))
    const loopback = textClient("127.0.0.1")
    expect(loopback).toEqual({ address: "loopback", network: "loopback" })
    for (const address of ["::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "127.0.0.2"]) {
      expect(textClient(address)).toEqual(loopback)
    }
  })

  it("no address: no address limits; a text that is no IP address is its own key (bounded)", () => {
    expect(textClient(null)).toEqual({ address: null, network: null })
    expect(textClient("")).toEqual({ address: null, network: null })
    expect(textClient("not-an-ip")).toEqual({ address: "not-an-ip", network: "not-an-ip" })
    expect(textClient("1:2:3:4:5:6:7:8:9").address).toBe("1:2:3:4:5:6:7:8:9")
    expect(textClient("1::2::3").address).toBe("1::2::3")
    expect(textClient("256.1.1.1").address).toBe("256.1.1.1")
    expect(textClient("x".repeat(300)).address).toHaveLength(100)
  })
})
