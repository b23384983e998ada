import { readOnce } from "../read-once"

describe("readOnce", () => {
  it("reads once for every caller, concurrent or later", async () => {
    let reads = 0
    const value = readOnce(async () => ++reads)
    expect(await Promise.all([value(), value()])).toEqual([1, 1])
    expect(await value()).toBe(1)
    expect(reads).toBe(1)
  })

  it("forgets a failed read: the next caller reads again", async () => {
    let reads = 0
    const value = readOnce(async () => {
      if (++reads === 1) throw new Error("connection lost")
      return reads
    })
    await expect(value()).rejects.toThrow("connection lost")
    expect(await value()).toBe(2)
    expect(await value()).toBe(2)
    expect(reads).toBe(2)
  })
})
