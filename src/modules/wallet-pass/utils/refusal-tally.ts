/** One refused hook delivery, as the admin sees it (never a credential or the body). */
export type RefusalSample = { at: string; status: number; reason: string; address: string | null }

/** The refusals of one minute: how many, and the first few. */
export type RefusalMinute = { minute: Date; refused: number; samples: RefusalSample[] }

/** Samples kept per minute. */
export const REFUSAL_SAMPLES_PER_MINUTE = 5

/**
 * Counts refused hook deliveries per minute in memory, keeping the first
 * {@link REFUSAL_SAMPLES_PER_MINUTE} of each minute, and hands what it gathered to `write`
 * at most once every `intervalMs`: a flood of refused requests costs the database one
 * statement a second and one row a minute, whatever its rate. A failed write is reported
 * to `onError` and its counts are dropped (the record is a sample, not an account).
 */
export class RefusalTally {
  private pending = new Map<number, RefusalMinute>()
  private timer: NodeJS.Timeout | null = null

  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly write: (minutes: RefusalMinute[]) => Promise<void>,
    private readonly onError: (e: unknown) => void,
    private readonly intervalMs = 1000
  ) {}

  add(sample: Omit<RefusalSample, "at">, now = new Date()): void {
    const start = Math.floor(now.getTime() / 60_000) * 60_000
    let minute = this.pending.get(start)
    if (!minute) {
      minute = { minute: new Date(start), refused: 0, samples: [] }
      this.pending.set(start, minute)
    }
    minute.refused++
    if (minute.samples.length < REFUSAL_SAMPLES_PER_MINUTE) minute.samples.push({ at: now.toISOString(), ...sample })
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref()
  }

  /**
   * Writes what was gathered since the last write (the timer calls it; a shutdown may too).
   * Writes go one after another, and a flush resolves once everything gathered before it is
   * written, also what a write still in progress was writing.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const minutes = [...this.pending.values()]
    this.pending = new Map()
    this.writing = this.writing.then(async () => {
      if (!minutes.length) return
      try {
        await this.write(minutes)
      } catch (e) {
        this.onError(e)
      }
    })
    return this.writing
  }
}
