import { walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

walletPassModuleTests(({ service, MikroOrmWrapper }) => {
  const sql = (query: string, params: unknown[] = []) => MikroOrmWrapper.forkManager().execute(query, params)

  it("pruning keeps the logs to logs.retentionDays (30 by default), in batches, and leaves newer rows", async () => {
    // 5 calls, deliveries and minutes of refusals past the retention, 2 of each within it (one from the last hour).
    const ages = ["31 days", "40 days", "90 days", "400 days", "30 days 1 hour", "29 days", "10 minutes"]
    for (const [i, age] of ages.entries()) {
      await sql(
        `INSERT INTO wallet_pass_api_call (id, path, duration_ms, outcome, started_at, created_at, updated_at)
         VALUES (?, '/status', 5, 'applied', now() - ?::interval, now(), now())`,
        [`wpcall_${i}`, age]
      )
      await sql(
        `INSERT INTO wallet_pass_hook_delivery (id, status_code, outcome, duration_ms, created_at, updated_at)
         VALUES (?, 200, 'ok', 3, now() - ?::interval, now())`,
        [`wphook_${i}`, age]
      )
      await sql(
        `INSERT INTO wallet_pass_hook_refusal (id, minute, refused, samples, created_at, updated_at)
         VALUES (?, date_trunc('minute', now() - ?::interval), 1, '[]', now(), now())`,
        [`wphref_${i}`, age]
      )
    }

    expect(await service.pruneLogs({ batchSize: 2 })).toEqual({ api_calls: 5, hook_deliveries: 5, hook_refusals: 5 })
    const calls = await sql(`SELECT id FROM wallet_pass_api_call ORDER BY id`)
    const deliveries = await sql(`SELECT id FROM wallet_pass_hook_delivery ORDER BY id`)
    expect(calls.map((r: { id: string }) => r.id)).toEqual(["wpcall_5", "wpcall_6"])
    expect(deliveries.map((r: { id: string }) => r.id)).toEqual(["wphook_5", "wphook_6"])
    const refusals = await sql(`SELECT id FROM wallet_pass_hook_refusal ORDER BY id`)
    expect(refusals.map((r: { id: string }) => r.id)).toEqual(["wphref_5", "wphref_6"])
    // The call of the last hour still counts for the rate gate.
    expect(await service.getQueueHealth()).toMatchObject({ calls_last_hour: 1 })

    expect(await service.pruneLogs()).toEqual({ api_calls: 0, hook_deliveries: 0, hook_refusals: 0 })
  })
})
