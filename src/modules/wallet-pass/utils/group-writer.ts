/**
 * Group commit for rows that many concurrent requests write (the hook delivery log): one
 * write at a time; rows added while it runs go out together in the next one. An idle
 * writer writes a row at once, so nothing waits for a timer, and under load the number of
 * statements (each a round trip and a commit) follows the database's pace, not the
 * request rate. Each `add` resolves (or rejects) with the write that carried its row.
 */
export class GroupWriter<T> {
  private waiting: { rows: T[]; settle: { resolve: () => void; reject: (e: unknown) => void }[] } = { rows: [], settle: [] }
  private writing = false

  /** @param write writes a batch in one statement; `maxRows` bounds a batch. */
  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    private readonly maxRows = 500
  ) {}

  add(row: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
          await this.write(rows)
          for (const s of settle) s.resolve()
        } catch (e) {
          for (const s of settle) s.reject(e)
        }
      }
    } finally {
      this.writing = false
    }
  }
}
