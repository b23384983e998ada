/**
 * Group commit for work that many concurrent requests send to the database (the hook
 * delivery log, the readBalance and addBalance hooks): one statement at a time; rows added
 * while it runs go out together in the next one. An idle writer sends a row at once, so
 * nothing waits for a timer, and under load the number of statements (each a round trip and
 * a commit) follows the database's pace, not the request rate. Each `add` resolves with its
 * row's result from the statement that carried it, or rejects with that statement's error.
 *
 * A batch the database refused as a whole (a deadlock, one bad row) is tried again a row at
 * a time, so one row's failure is that row's alone. A batch that failed without reaching the
 * database (no connection, a timeout) is not: every row would fail the same way, one by one.
 */
export class GroupWriter<T, R = void> {
  private waiting: { rows: T[]; settle: { resolve: (result: R) => void; reject: (e: unknown) => void }[] } = {
    rows: [],
    settle: [],
  }
  private writing = false

  /**
   * @param write sends a batch in one statement; answers one result per row, in order
   *   (nothing when R is void). `maxRows` bounds a batch.
   */
  constructor(
    private readonly write: (rows: T[]) => Promise<R[] | void>,
    private readonly maxRows = 500
  ) {}

  add(row: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.rows.push(row)
      this.waiting.settle.push({ resolve, reject })
      if (!this.writing) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.writing = true
    try {
      while (this.waiting.rows.length) {
        const rows = this.waiting.rows.splice(0, this.maxRows)
        const settle = this.waiting.settle.splice(0, rows.length)
        try {
          const results = await this.write(rows)
          settle.forEach((s, i) => s.resolve(results?.[i] as R))
        } catch (e) {
          if (rows.length === 1 || !refusedByDatabase(e)) {
            for (const s of settle) s.reject(e)
            continue
          }
          for (const [i, row] of rows.entries()) {
            try {
              const [result] = (await this.write([row])) ?? []
              settle[i].resolve(result as R)
            } catch (alone) {
              settle[i].reject(alone)
            }
          }
        }
      }
    } finally {
      this.writing = false
    }
  }
}

/**
 * True for an error the database answered for a statement it ran (a SQLSTATE), except
 * connection failures (class 08) and cancelations or shutdowns (class 57).
 */
function refusedByDatabase(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57)/.test(code)
}
