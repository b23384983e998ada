import { isForwarder, lastForwardedFor } from "../text-limits"

// texts.forwardedBy (docs/options.md, docs/security.md "Texts"): the servers whose X-Forwarded-For
// is believed. The option's validation is tested with the other options (options.unit.spec.ts).
describe("texts.forwardedBy", () => {
  it("matches a connection's address against the addresses and prefixes", () => {
    const list = ["10.0.0.5", "10.1.0.0/16", "2001:db8::/64"]
    expect(isForwarder(list, "10.0.0.5")).toBe(true)
    expect(isForwarder(list, "10.0.0.6")).toBe(false)
    expect(isForwarder(list, "10.1.200.3")).toBe(true)
    expect(isForwarder(list, "10.2.0.1")).toBe(false)
    expect(isForwarder(list, "2001:db8::abcd")).toBe(true)
    expect(isForwarder(list, "2001:db8:0:1::1")).toBe(false)
    expect(isForwarder([], "10.0.0.5")).toBe(false)
    // Written IPv4-mapped, an address still matches the plain IPv4 the socket gives.
    expect(isForwarder(["::ffff:10.0.0.5"], "10.0.0.5")).toBe(true)
  })

  it("reads the last X-Forwarded-For entry, an IP address or nothing", () => {
    expect(lastForwardedFor("203.0.113.7")).toBe("203.0.113.7")
    expect(lastForwardedFor("1.2.3.4, 203.0.113.7")).toBe("203.0.113.7")
    expect(lastForwardedFor(["1.2.3.4", "203.0.113.7 "])).toBe("203.0.113.7")
    expect(lastForwardedFor("::ffff:203.0.113.7")).toBe("203.0.113.7")
    expect(lastForwardedFor("2001:db8::1")).toBe("2001:db8::1")
    expect(lastForwardedFor("203.0.113.7, unknown")).toBeUndefined()
    expect(lastForwardedFor("203.0.113.7:4711")).toBeUndefined()
    expect(lastForwardedFor("")).toBeUndefined()
    expect(lastForwardedFor(undefined)).toBeUndefined()
  })
})
