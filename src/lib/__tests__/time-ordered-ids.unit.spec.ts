import { generateEntityId } from "@medusajs/framework/utils"
import { lowestIdSince } from "../time-ordered-ids"

describe("lowestIdSince (the primary-key bound of the order sweep)", () => {
  it("bounds the ids Medusa makes by time: an id made now is above the bound of a moment ago and below the bound of a moment later", () => {
    const before = new Date(Date.now() - 1)
    const id = generateEntityId(undefined, "order")
    const after = new Date(Date.now() + 1000)
    expect(id >= lowestIdSince("order", before)).toBe(true)
    expect(id < lowestIdSince("order", after)).toBe(true)
  })

  it("writes the time as a ULID does: ten characters of Crockford's base 32, then the lowest random part", () => {
    expect(lowestIdSince("order", new Date(0))).toBe("order_00000000000000000000000000")
    // The ULID specification's example: 1469918176385 ms is "01ARYZ6S41".
    expect(lowestIdSince("order", new Date(1469918176385))).toBe("order_01ARYZ6S410000000000000000")
  })
})
