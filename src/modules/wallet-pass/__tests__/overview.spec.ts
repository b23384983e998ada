import type { LedgerKind } from "../constants"
import { walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

const HOUR = 3_600_000

/** The calendar day and the hour of an instant in a time zone, as the admin reads them. */
const dayIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(at)
const hourIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short", timeStyle: "short", hourCycle: "h23" })
    .format(at)
    .replace(/:\d\d$/, "")

/** The instant a local wall-clock time of a zone stands for (the zone's offset then, found by trying). */
function localInstant(day: string, time: string, timeZone: string): Date {
  const naive = new Date(`${day}T${time}Z`)
  for (let offsetMinutes = -14 * 60; offsetMinutes <= 14 * 60; offsetMinutes += 15) {
    const at = new Date(naive.getTime() - offsetMinutes * 60_000)
    const parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).format(at)
    if (parts === `${day}, ${time}`) return at
  }
  throw new Error(`no instant for ${day} ${time} in ${timeZone}`)
}

/**
 * The overview's sums per quarter hour add up to the days and hours of any time zone, exactly
 * at their edges, and a summed quarter hour follows an entry of it canceled (docs/overview.md).
 */
walletPassModuleTests(({ service, MikroOrmWrapper }) => {
  const sql = (text: string, params: unknown[] = []) => MikroOrmWrapper.forkManager().execute(text, params)

  it("counts each entry and request on its own day and hour of a zone half an hour off UTC, at the edges", async () => {
    const zone = "Asia/Kolkata" // UTC+05:30: its days and hours begin at half past UTC hours
    const holder = await service.createWalletPassHolders({ phone: "+79990000101", customer_id: "cus_101" })
    const threeDaysAgo = dayIn(new Date(Date.now() - 3 * 24 * HOUR), zone)
    const midnight = localInstant(threeDaysAgo, "00:00:00", zone)
    // Each entry at an instant on either side of a local day's or hour's edge.
    const placed: [LedgerKind, number, Date][] = [
      ["accrual", 1000, new Date(midnight.getTime() - 1)], // the day before
      ["accrual", 700, midnight], // the day
      ["manual", -200, new Date(midnight.getTime() + HOUR - 1)],
      ["service_credit", 500, new Date(midnight.getTime() + HOUR)],
      ["redemption", -300, new Date(midnight.getTime() + 26 * HOUR)],
      ["accrual_reversal", -50, new Date(midnight.getTime() + 26 * HOUR + 1)],
    ]
    for (const [i, [kind, amount, at]] of placed.entries()) {
      const { entry } = await service.applyLedgerEntry({ holder_id: holder.id, kind, amount, dedupe_key: `edge:${i}` })
      await sql(`UPDATE wallet_pass_ledger_entry SET created_at = ? WHERE id = ?`, [at, entry.id])
    }
    const calls = [new Date(midnight.getTime() - 1), midnight, new Date(midnight.getTime() + HOUR - 1)]
    for (const [i, at] of calls.entries()) {
      await sql(
        `INSERT INTO wallet_pass_api_call (id, path, duration_ms, started_at, created_at, updated_at)
         VALUES (?, '/crm/balance/add', 10, ?, now(), now())`,
        [`wpcall_edge_${i}`, at]
      )
    }

    for (const pass of ["summed now", "read from the sums"]) {
      const overview = await service.getProgramOverview({ days: 30, timezone: zone })
      const day = (d: string) => overview.flows.per_day.find((x) => x.day === d)
      const before = dayIn(new Date(midnight.getTime() - 1), zone)
      const next = dayIn(new Date(midnight.getTime() + 26 * HOUR), zone)
      expect([pass, day(before)]).toEqual([pass, { day: before, credited: 1000, redeemed: 0, reversed: 0, lapsed: 0 }])
      expect([pass, day(threeDaysAgo)]).toEqual([
        pass,
        { day: threeDaysAgo, credited: 1200, redeemed: 200, reversed: 0, lapsed: 0 },
      ])
      expect([pass, day(next)]).toEqual([pass, { day: next, credited: 0, redeemed: 300, reversed: 50, lapsed: 0 }])
      expect(overview.flows.totals).toEqual({ credited: 2200, redeemed: 500, reversed: 50, lapsed: 0 })
      const used = Object.fromEntries(
        overview.requests.per_hour.filter((h) => h.used).map((h) => [hourIn(h.hour, zone), h.used])
      )
      expect([pass, used]).toEqual([
        pass,
        { [hourIn(calls[0], zone)]: 1, [hourIn(calls[1], zone)]: 2 }, // the hour before midnight; the first hour
      ])
    }
    expect((await sql(`SELECT count(*)::int AS n FROM wallet_pass_overview_slot`))[0].n).toBeGreaterThan(0)
  })

  it("a quarter hour summed already follows an entry of it canceled", async () => {
    const holder = await service.createWalletPassHolders({ phone: "+79990000102", customer_id: "cus_102" })
    const { entry } = await service.applyLedgerEntry({
      holder_id: holder.id,
      kind: "redemption",
      amount: -400,
      dedupe_key: "cart:x:redeem",
    })
    await service.applyLedgerEntry({ holder_id: holder.id, kind: "accrual", amount: 900, dedupe_key: "order:y" })
    await sql(`UPDATE wallet_pass_ledger_entry SET created_at = now() - interval '2 days' WHERE holder_id = ?`, [
      holder.id,
    ])
    const summed = await service.getProgramOverview({ days: 30, timezone: "UTC" })
    expect(summed.flows.totals).toMatchObject({ credited: 900, redeemed: 400 })
    expect(summed.balance.outstanding).toBe(500)

    expect(await service.cancelLedgerEntry({ id: entry.id })).toBe(true)
    const after = await service.getProgramOverview({ days: 30, timezone: "UTC" })
    expect(after.flows.totals).toMatchObject({ credited: 900, redeemed: 0 })
    expect(after.balance.outstanding).toBe(900)
    const day = dayIn(new Date(Date.now() - 2 * 24 * HOUR), "UTC")
    expect(after.flows.per_day.find((d) => d.day === day)).toEqual({
      day,
      credited: 900,
      redeemed: 0,
      reversed: 0,
      lapsed: 0,
    })
  })
})
