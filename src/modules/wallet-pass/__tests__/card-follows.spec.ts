import { OPERATION_PRIORITY } from "../constants"
import { sendAllAsApplied, walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

const FAST = { perSecond: 100, perHour: 100_000 }
const FORMAT = { locale: "en-US", currency: "eur", timeZone: "UTC" }

// Issue 39, items 2 and 4: what money or the merchant changes goes to the card now (class b,
// no spacing), and the card's catch-up is not doubled by a request in flight that carries the texts.
walletPassModuleTests(
  ({ service, MikroOrmWrapper }) => {
    const sql = (query: string, params: unknown[] = []) => MikroOrmWrapper.forkManager().execute(query, params)
    const holder = async (phone: string) =>
      (await service.createWalletPassHolders({ phone, enrollment_state: "enrolled", adoption_state: "adopted" })).id

    it("a profile update money or the merchant causes is due now, and takes the customer's update waiting out its spacing along; a customer's own edit takes none out of it", async () => {
      const h = await holder("+79996391001")
      await service.enqueueProfileSync(h, OPERATION_PRIORITY.profile)
      expect(await sendAllAsApplied(service, FAST)).toHaveLength(1)
      // The customer renames itself: due 300 s after the last update went.
      const rename = await service.enqueueProfileSync(h, OPERATION_PRIORITY.profile)
      expect(rename.operation.next_attempt_at).not.toBeNull()
      expect(await sendAllAsApplied(service, FAST)).toEqual([])
      // A level's new rates: the same update, now, in class b.
      const level = await service.enqueueProfileSync(h, OPERATION_PRIORITY.follows)
      expect(level).toMatchObject({ created: false, operation: { id: rename.operation.id, priority: 12 } })
      expect(await sendAllAsApplied(service, FAST)).toHaveLength(1)
      // What money causes next is not spaced either.
      const next = await service.enqueueProfileSync(h, OPERATION_PRIORITY.follows)
      expect(next.operation.next_attempt_at).toBeNull()
      expect(await sendAllAsApplied(service, FAST)).toHaveLength(1)

      // Control: a customer's own edit does not take a waiting class-c update (the install
      // links, background) out of its spacing: alternating the two must not get round it.
      const g = await holder("+79996391003")
      await service.enqueueProfileSync(g, OPERATION_PRIORITY.profile)
      expect(await sendAllAsApplied(service, FAST)).toHaveLength(1)
      const links = await service.enqueueProfileSync(g, OPERATION_PRIORITY.background)
      const edit = await service.enqueueProfileSync(g, OPERATION_PRIORITY.profile)
      expect(edit).toMatchObject({ created: false, operation: { id: links.operation.id, priority: 40 } })
      expect(edit.operation.next_attempt_at).not.toBeNull()
      expect(await sendAllAsApplied(service, FAST)).toEqual([])
    })

    it("a balance set being sent carries the card's new texts: the catch-up queues no second request", async () => {
      const h = await holder("+79996391002")
      await service.applyLedgerEntryAndEnqueue(
        { holder_id: h, amount: 500, kind: "manual", dedupe_key: "credit", lifetime_seconds: 30 * 86_400 },
        { method: "balance_add", payload: {}, dedupe_key: "credit", priority: OPERATION_PRIORITY.money }
      )
      expect(await sendAllAsApplied(service, FAST)).toEqual(["credit"])
      // A balance set is on its way (claimed, no answer yet); the card was last given nothing lapsing.
      await sql(`UPDATE wallet_pass_holder SET card_texts = '{"lapsing": ""}' WHERE id = ?`, [h])
      await service.enqueueOperation({
        method: "user_create_or_update",
        holder_id: h,
        payload: { type: "balance_sync" },
        dedupe_key: "set",
        priority: OPERATION_PRIORITY.money,
      })
      await sql(
        `UPDATE wallet_pass_operation SET state = 'sending', sending_at = clock_timestamp() WHERE dedupe_key = 'set'`
      )
      const { program } = await service.getProgram()
      expect(await service.queueChangedCards({ holder_ids: [h], program, format: FORMAT })).toEqual({
        queued: 0,
      })
      // Control: with nothing in flight the same card gets its update.
      await sql(
        `UPDATE wallet_pass_operation SET state = 'done', completed_at = clock_timestamp() WHERE dedupe_key = 'set'`
      )
      expect(await service.queueChangedCards({ holder_ids: [h], program, format: FORMAT })).toEqual({
        queued: 1,
      })
    })

    it("a credit that has lapsed is left to its expiry's balance set: no catch-up sends its text before it", async () => {
      const h = await holder("+79996391004")
      await service.applyLedgerEntryAndEnqueue(
        { holder_id: h, amount: 500, kind: "manual", dedupe_key: "lapsing", lifetime_seconds: 30 * 86_400 },
        { method: "balance_add", payload: {}, dedupe_key: "lapsing", priority: OPERATION_PRIORITY.money }
      )
      expect(await sendAllAsApplied(service, FAST)).toEqual(["lapsing"])
      await sql(`UPDATE wallet_pass_holder SET card_texts = '{"lapsing": "€5"}' WHERE id = ?`, [h])
      // The credit's time is up; the expiry job (every minute) has not written its expiry yet.
      await sql(`UPDATE wallet_pass_ledger_entry SET expires_at = now() - interval '1 second' WHERE holder_id = ?`, [h])
      const { program } = await service.getProgram()
      const catchUp = () => service.queueChangedCards({ holder_ids: [h], program, format: FORMAT })
      expect(await catchUp()).toEqual({ queued: 0 })
      // The expiry queues the balance set that carries the text; still nothing more.
      expect(await service.expireLapsedCredits()).toHaveLength(1)
      expect(await catchUp()).toEqual({ queued: 0 })
      const waiting = await service.listWalletPassOperations({ holder_id: h, state: "pending" })
      expect(waiting.map((o) => o.payload)).toEqual([{ type: "balance_sync", reason: "expiry" }])
    })
  },
  { pass: { variables: { lapsing: "expiringAmount" } } }
)
