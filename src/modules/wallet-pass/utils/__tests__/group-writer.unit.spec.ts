import { GroupWriter } from "../group-writer"

/** A write the test finishes by hand, so no test waits for a timer. */
function controlledWrites() {
  const writes: { rows: string[]; finish: () => void; fail: (e: Error) => void }[] = []
  const write = (rows: string[]) =>
    new Promise<void>((finish, fail) => {
      writes.push({ rows: [...rows], finish, fail })
    })
  return { writes, write }
}

const settled = (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    () => "rejected"
  )
const tick = () => new Promise((resolve) => setImmediate(resolve))

describe("GroupWriter (group commit of hook delivery log lines)", () => {
  it("an idle writer writes a row at once, alone", async () => {
    const { writes, write } = controlledWrites()
    const writer = new GroupWriter(write)
    const a = writer.add("a")
    expect(writes.map((w) => w.rows)).toEqual([["a"]])
    writes[0].finish()
    await expect(a).resolves.toBeUndefined()
  })

  it("rows added while a write runs go out together in the next write, in order", async () => {
    const { writes, write } = controlledWrites()
    const writer = new GroupWriter(write)
    const a = writer.add("a")
    const rest = ["b", "c", "d"].map((r) => writer.add(r))
    expect(writes).toHaveLength(1)

    writes[0].finish()
    await a
    await tick()
    expect(writes.map((w) => w.rows)).toEqual([["a"], ["b", "c", "d"]])
    expect(await Promise.race([settled(rest[0]), tick().then(() => "pending")])).toBe("pending")
    writes[1].finish()
    await expect(Promise.all(rest)).resolves.toEqual([undefined, undefined, undefined])
  })

  it("a batch holds at most maxRows rows", async () => {
    const { writes, write } = controlledWrites()
    const writer = new GroupWriter(write, 2)
    const all = ["a", "b", "c", "d", "e"].map((r) => writer.add(r))
    for (let i = 0; i < 3; i++) {
      writes[i].finish()
      await tick()
    }
    expect(writes.map((w) => w.rows)).toEqual([["a"], ["b", "c"], ["d", "e"]])
    await Promise.all(all)
  })

  it("a failed write rejects its own rows only; the writer goes on with the next batch", async () => {
    const { writes, write } = controlledWrites()
    const writer = new GroupWriter(write)
    const a = writer.add("a")
    const b = writer.add("b")
    writes[0].fail(new Error("database went away"))
    await expect(a).rejects.toThrow("database went away")
    await tick()
    writes[1].finish()
    await expect(b).resolves.toBeUndefined()

    const c = writer.add("c") // idle again: written at once
    expect(writes.map((w) => w.rows)).toEqual([["a"], ["b"], ["c"]])
    writes[2].finish()
    await c
  })

  it("each row gets its own result from the batch that carried it", async () => {
    const batches: string[][] = []
    const writer = new GroupWriter<string, string>(async (rows) => {
      batches.push(rows)
      return rows.map((r) => r.toUpperCase())
    })
    await expect(Promise.all(["a", "b", "c"].map((r) => writer.add(r)))).resolves.toEqual(["A", "B", "C"])
    expect(batches).toEqual([["a"], ["b", "c"]])
  })

  it("a batch the database refused is tried again a row at a time, so only the bad row fails", async () => {
    const batches: string[][] = []
    const writer = new GroupWriter<string, string>(async (rows) => {
      batches.push(rows)
      if (rows.includes("bad")) throw Object.assign(new Error("deadlock detected"), { code: "40P01" })
      return rows
    })
    const first = writer.add("first")
    const rest = ["x", "bad", "y"].map((r) => settled(writer.add(r)))
    await first
    expect(await Promise.all(rest)).toEqual(["resolved", "rejected", "resolved"])
    expect(batches).toEqual([["first"], ["x", "bad", "y"], ["x"], ["bad"], ["y"]])
  })

  it("a batch that never reached the database (no connection) fails whole, without a retry per row", async () => {
    const batches: string[][] = []
    const writer = new GroupWriter<string, string>(async (rows) => {
      batches.push(rows)
      if (rows.length > 1) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })
      return rows
    })
    const first = writer.add("first")
    const rest = ["x", "y"].map((r) => settled(writer.add(r)))
    await first
    expect(await Promise.all(rest)).toEqual(["rejected", "rejected"])
    expect(batches).toEqual([["first"], ["x", "y"]])
  })
})
