import { parseWalletPassOptions } from "../../../modules/wallet-pass"
import { isForwarder, lastForwardedFor } from "../text-limits"

const valid = { apiUrl: "https://service.example/v2/", appKey: "secret-app-key" }

function errorOf(raw: unknown): string {
  try {
    parseWalletPassOptions(raw)
  } catch (e) {
    return (e as Error).message
  }
  throw new Error("expected the options to be refused")
}

// texts.forwardedBy (docs/options.md, docs/security.md "Texts"): the servers whose X-Forwarded-For is believed.
describe("texts.forwardedBy", () => {
  it("defaults to none and takes addresses and CIDR prefixes of both families", () => {
    expect(parseWalletPassOptions(valid).texts.forwardedBy).toEqual([])
    const list = ["10.0.0.5", " 10.1.0.0/16 ", "2001:db8::/64", "::1"]
    expect(parseWalletPassOptions({ ...valid, texts: { forwardedBy: list } }).texts.forwardedBy).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "2001:db8::/64",
      "::1",
    ])
  })

  it.each([
    ["10.0.0", "not an address"],
    ["10.0.0.0/33", "an IPv4 prefix longer than 32"],
    ["2001:db8::/129", "an IPv6 prefix longer than 128"],
    ["10.0.0.0/16/8", "two prefixes"],
    ["storefront.example", "a host name"],
    [42, "not a string"],
  ] as [unknown, string][])("refuses %p (%s) with a message naming the option", (entry) => {
    expect(errorOf({ ...valid, texts: { forwardedBy: [entry] } })).toContain(
      "texts.forwardedBy must be a list of IP addresses or CIDR prefixes"
    )
  })

  it("refuses a value that is no list", () => {
    expect(errorOf({ ...valid, texts: { forwardedBy: "10.0.0.5" } })).toContain(
      "texts.forwardedBy must be a list of IP addresses or CIDR prefixes"
    )
  })

  it("refuses it beside texts.trustProxy, which believes every caller", () => {
    expect(errorOf({ ...valid, texts: { trustProxy: true, forwardedBy: ["10.0.0.5"] } })).toContain(
      "texts.trustProxy and texts.forwardedBy exclude each other"
    )
  })

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
