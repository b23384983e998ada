import { RefusalTally } from "../refusal-tally"
import type { RefusalMinute } from "../refusal-tally"

describe("RefusalTally", () => {
  const sample = { status: 401, reason: "wrong credentials", address: "127.0.0.1" }

  it("a flush resolves once everything counted before it is written, also what a write in progress carries", async () => {
    const written: RefusalMinute[][] = []
    let finishFirst: () => void = () => {}
    const write = jest.fn(async (minutes: RefusalMinute[]) => {
      if (!written.length) await new Promise<void>((resolve) => (finishFirst = resolve))
      written.push(minutes)
    })
    const tally = new RefusalTally(write, () => {}, 60_000)
    tally.add(sample)
    const first = tally.flush() // the timer's flush, say: its write is still in progress
    tally.add(sample)
    let secondDone = false
    const second = tally.flush().then(() => (secondDone = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(secondDone).toBe(false) // the first write has not ended: neither has this flush
    finishFirst()
    await Promise.all([first, second])
    expect(written.map((minutes) => minutes.reduce((n, m) => n + m.refused, 0))).toEqual([1, 1])
  })

  it("a failed write is reported and does not stop later ones", async () => {
    const errors: unknown[] = []
    const write = jest.fn().mockRejectedValueOnce(new Error("database gone")).mockResolvedValue(undefined)
    const tally = new RefusalTally(write, (e) => errors.push(e), 60_000)
    tally.add(sample)
    await tally.flush()
    tally.add(sample)
    await tally.flush()
    expect(errors).toHaveLength(1)
    expect(write).toHaveBeenCalledTimes(2)
  })
})
