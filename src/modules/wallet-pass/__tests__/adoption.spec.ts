import { OPERATION_PRIORITY } from "../constants"
import { enrollSignup, sendAllAsApplied, walletPassModuleTests } from "./support"
import type { ServiceCustomerSnapshot } from "../types"

jest.setTimeout(60_000)

const FAST = { perSecond: 100, perHour: 100_000 }

/** What the service holds for a phone it knows: balance 500, bonus 7%, discount 5%, an installed card. */
const known = (overrides: Partial<ServiceCustomerSnapshot> = {}): ServiceCustomerSnapshot => ({
  balance: 50_000,
  bonus_percent_bp: 700,
  discount_percent_bp: 500,
  cards: [{ number: "1000000001", track: "T1", installed: true }],
  referrer_phone: "+79990000099",
  invites: ["+79990000098"],
  profile: { name: "Anna", birthday: "1990-05-17" },
  ...overrides,
})

walletPassModuleTests(({ service }) => {
  const enroll = (customer_id: string, phone: string) => enrollSignup(service, customer_id, phone)
  const entries = (holder_id: string) =>
    service.listWalletPassLedgerEntries({ holder_id }, { order: { created_at: "ASC" } })

  /** Claims the next request and records it done; returns it (or null when nothing may go). */
  async function sendNext() {
    const claim = await service.claimNextOperation(FAST)
    if (claim.kind !== "send") return null
    await service.recordSendOutcome({
      operation_id: claim.operation.id,
      api_call_id: claim.api_call_id,
      call: { status: 200, outcome: "applied", duration_ms: 1, request: null, response: null, error: null },
      settle: { state: "done" },
    })
    return claim.operation
  }

  describe("adoption: one rule for every way a holder meets the store", () => {
    it("an enrolment queues the adopting read first; nothing else of the holder goes before it is adopted", async () => {
      const enrolled = await enroll("cus_1", "+79990000001")
      // An order right after signup: its credit is queued behind the enrolment.
      await service.applyLedgerEntryAndEnqueue(
        {
          holder_id: enrolled!.holder_id,
          amount: 1000,
          kind: "accrual",
          dedupe_key: "order:o1:accrual",
          order_id: "o1",
        },
        { method: "balance_add", payload: {}, dedupe_key: "op:order:o1:accrual", priority: OPERATION_PRIORITY.money }
      )
      const claim = await service.claimNextOperation(FAST)
      expect(claim).toMatchObject({ kind: "send", operation: { method: "read_customer", payload: { type: "adopt" } } })
      // The read is answered but not yet recorded: still nothing else of this holder may go.
      expect(await service.claimNextOperation(FAST)).toEqual({ kind: "idle" })
      await service.recordSendOutcome({
        operation_id: (claim as { operation: { id: string } }).operation.id,
        api_call_id: (claim as { api_call_id: string }).api_call_id,
        call: { status: 200, outcome: "applied", duration_ms: 1, request: null, response: null, error: null },
        settle: { state: "done" },
      })
      // Answered but not adopted (the effect did not run): the holder's queue stays closed.
      expect(await service.claimNextOperation(FAST)).toEqual({ kind: "idle" })

      const adopted = await service.adoptHolder({ holder_id: enrolled!.holder_id, snapshot: known() })
      expect(adopted).toMatchObject({
        before: "pending",
        state: "adopted",
        opening_amount: 50_000,
        discount_changed: true,
        bonus_changed: true,
      })
      // Then the enrolment, then the order's credit: in order, on top of the adopted balance.
      expect(await sendNext()).toMatchObject({ method: "user_create_or_update", payload: { type: "enroll" } })
      expect(await sendNext()).toMatchObject({ method: "balance_add" })
      expect(await service.getBalance(enrolled!.holder_id)).toBe(51_000)
      const [holder] = await service.listWalletPassHolders({ id: enrolled!.holder_id })
      expect(holder).toMatchObject({
        adoption_state: "adopted",
        bonus_percent_bp: 700,
        discount_percent_bp: 500,
        referrer_phone: "+79990000099",
        invites: ["+79990000098"],
        birthday: "1990-05-17",
      })
      expect(await service.listWalletPassCards({ holder_id: enrolled!.holder_id })).toEqual([
        expect.objectContaining({ number: "1000000001", installed: true }),
      ])
    })

    it("the opening entry is written once per holder, however often adoption runs", async () => {
      const { holder_id } = (await enroll("cus_2", "+79990000002"))!
      await Promise.all(Array.from({ length: 5 }, () => service.adoptHolder({ holder_id, snapshot: known() })))
      await service.adoptHolder({ holder_id, snapshot: known({ balance: 99_900 }) })
      const opening = (await entries(holder_id)).filter((e) => e.kind === "opening_balance")
      expect(opening).toHaveLength(1)
      expect(opening[0]).toMatchObject({ amount: 50_000, dedupe_key: `adopt:${holder_id}` })
      expect(await service.getBalance(holder_id)).toBe(50_000)
    })

    it("a phone the service does not know is adopted as new; a later install with a balance is taken while the ledger is empty", async () => {
      const { holder_id } = (await enroll("cus_3", "+79990000003"))!
      expect(await service.adoptHolder({ holder_id, snapshot: null })).toMatchObject({
        state: "new",
        opening_entry_id: null,
      })
      // createCustomer of a pass installed meanwhile (the service credited it in a shop).
      const install = await service.adoptHolder({ holder_id, snapshot: known({ balance: 30_000 }), balanceOnly: true })
      expect(install).toMatchObject({ state: "adopted", opening_amount: 30_000 })
      expect(await service.getBalance(holder_id)).toBe(30_000)
    })

    it("after adoption the ledger is the record: a holder with history never takes the service's balance again", async () => {
      const { holder_id } = (await enroll("cus_4", "+79990000004"))!
      await service.adoptHolder({ holder_id, snapshot: null })
      await service.applyLedgerEntry({ holder_id, amount: 700, kind: "accrual", dedupe_key: "order:o4:accrual" })
      const again = await service.adoptHolder({ holder_id, snapshot: known() })
      expect(again).toMatchObject({ before: "new", state: "new", opening_entry_id: null, bonus_changed: false })
      expect(await service.getBalance(holder_id)).toBe(700)
      // Cards, referrer and invites are still taken from every read.
      expect(await service.listWalletPassCards({ holder_id })).toHaveLength(1)
    })

    it("legacy holders (from before adoption) never take a balance", async () => {
      const holder = await service.createWalletPassHolders({ phone: "+79990000005", adoption_state: "legacy" })
      expect(await service.adoptHolder({ holder_id: holder.id, snapshot: known() })).toMatchObject({
        state: "legacy",
        opening_amount: 0,
      })
      expect(await service.getBalance(holder.id)).toBe(0)
    })

    it("a card another phone's holder has is never moved by a read", async () => {
      const other = await service.createWalletPassHolders({ phone: "+79990000006", adoption_state: "new" })
      await service.createWalletPassCards({ number: "1000000001", holder_id: other.id })
      const { holder_id } = (await enroll("cus_7", "+79990000007"))!
      const adopted = await service.adoptHolder({ holder_id, snapshot: known() })
      expect(adopted.foreign_cards).toEqual(["1000000001"])
      expect(await service.listWalletPassCards({ number: "1000000001" })).toEqual([
        expect.objectContaining({ holder_id: other.id }),
      ])
    })
  })

  describe("background work uses spare budget only", () => {
    it("background requests go after everything else and within sync.budgetShare of the hour", async () => {
      const live = await service.createWalletPassHolders({ phone: "+79990000010", adoption_state: "new" })
      for (let i = 0; i < 3; i++) {
        await service.enqueueOperation({
          method: "read_customer",
          payload: { type: "drift", phone: "+79990000011" },
          dedupe_key: `bg:${i}`,
          priority: OPERATION_PRIORITY.background,
        })
      }
      await service.enqueueOperation({
        method: "user_create_or_update",
        holder_id: live.id,
        payload: { type: "profile" },
        dedupe_key: "asked",
        priority: OPERATION_PRIORITY.interactive,
      })
      // 4 an hour with a share of 0.5: 2 background requests an hour.
      const limits = { perSecond: 100, perHour: 4 }
      const order = await sendAllAsApplied(service, limits)
      expect(order).toEqual(["asked", "bg:0", "bg:1"])
    })
  })

  describe("trust: what an account may see and spend", () => {
    it("until the account proves the phone it spends only what its own orders and the admin gave it", async () => {
      const { holder_id } = (await enroll("cus_20", "+79990000020"))!
      await service.adoptHolder({ holder_id, snapshot: known() })
      await service.applyLedgerEntry({ holder_id, amount: 1_000, kind: "accrual", dedupe_key: "order:o20:accrual" })
      expect((await service.getAccountBalances([holder_id])).get(holder_id)).toEqual({
        balance: 51_000,
        own: 1_000,
        verified: false,
        spendable: 1_000,
      })
      await expect(
        service.applyLedgerEntry({
          holder_id,
          amount: -2_000,
          kind: "redemption",
          dedupe_key: "cart:c1:redeem",
          forbid_overdraft: true,
          spendable_only: true,
        })
      ).rejects.toThrow("Only 10.00 of this balance can be spent until the phone is verified; 20.00 requested")
      await service.applyLedgerEntry({
        holder_id,
        amount: -1_000,
        kind: "redemption",
        dedupe_key: "cart:c2:redeem",
        forbid_overdraft: true,
        spendable_only: true,
      })
      expect((await service.getAccountBalances([holder_id])).get(holder_id)!.spendable).toBe(0)
    })

    it("a right code verifies the account; wrong codes are counted and the fifth ends it", async () => {
      const { holder_id } = (await enroll("cus_21", "+79990000021"))!
      await service.adoptHolder({ holder_id, snapshot: known() })
      const verification = await service.requestVerification({
        holder_id,
        customer_id: "cus_21",
        phone: "+79990000021",
        country: "RU",
        phone_range: "+7 9990",
        address: null,
        ordered: false,
      })
      if (!verification.ok) throw new Error(verification.message)
      const { code } = service.verificationText(verification.id)
      const wrong = code === "000000" ? "111111" : "000000"
      expect(await service.confirmVerification({ customer_id: "cus_21", code: wrong })).toEqual({
        ok: false,
        reason: "Wrong code: 4 attempts left",
      })
      expect(await service.confirmVerification({ customer_id: "cus_21", code })).toMatchObject({
        ok: true,
        holder_id,
        moved_from: null,
      })
      expect((await service.getAccountBalances([holder_id])).get(holder_id)).toMatchObject({
        verified: true,
        spendable: 50_000,
      })
      // The code travels only in the text: the queued request holds the verification's id.
      const [text] = await service.listWalletPassOperations({ dedupe_key: `verify:${verification.id}` })
      expect(JSON.stringify(text.payload)).not.toContain(code)

      const again = await service.requestVerification({
        holder_id,
        customer_id: "cus_21",
        phone: "+79990000021",
        country: "RU",
        phone_range: "+7 9990",
        address: null,
        ordered: false,
      })
      expect(again).toEqual(
        expect.objectContaining({
          ok: false,
          limit: "account_minute",
          message: expect.stringContaining("wait a minute"),
        })
      )
    })

    it("a code lasts 15 minutes, serves once, and only the account that asked for it", async () => {
      const ask = async (customer_id: string, phone: string) => {
        const { holder_id } = (await enroll(customer_id, phone))!
        const asked = await service.requestVerification({
          holder_id,
          customer_id,
          phone,
          country: "RU",
          phone_range: "+7 9990",
          address: null,
          ordered: false,
        })
        if (!asked.ok) throw new Error(asked.message)
        return { id: asked.id, code: service.verificationText(asked.id).code }
      }
      const first = await ask("cus_23", "+79990000023")
      const [row] = await service.listWalletPassVerifications({ id: first.id })
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(15 * 60_000)
      // Another account typing the code proves nothing: no code was sent to it.
      expect(await service.confirmVerification({ customer_id: "cus_24", code: first.code })).toMatchObject({
        ok: false,
      })
      expect(await service.confirmVerification({ customer_id: "cus_23", code: first.code })).toMatchObject({ ok: true })
      expect(await service.confirmVerification({ customer_id: "cus_23", code: first.code })).toMatchObject({
        ok: false,
      })
      // Past its 15 minutes the right code is refused.
      const late = await ask("cus_25", "+79990000025")
      await service.updateWalletPassVerifications({ id: late.id, expires_at: new Date(Date.now() - 1000) })
      expect(await service.confirmVerification({ customer_id: "cus_25", code: late.code })).toEqual({
        ok: false,
        reason: "This code has expired: ask for a new one",
      })
    })

    it("five wrong codes end a verification", async () => {
      const { holder_id } = (await enroll("cus_22", "+79990000022"))!
      const verification = await service.requestVerification({
        holder_id,
        customer_id: "cus_22",
        phone: "+79990000022",
        country: "RU",
        phone_range: "+7 9990",
        address: null,
        ordered: false,
      })
      if (!verification.ok) throw new Error(verification.message)
      const { code } = service.verificationText(verification.id)
      const wrong = code === "000000" ? "111111" : "000000"
      for (let i = 0; i < 5; i++) await service.confirmVerification({ customer_id: "cus_22", code: wrong })
      expect(await service.confirmVerification({ customer_id: "cus_22", code })).toEqual({
        ok: false,
        reason: "Too many wrong codes: ask for a new one",
      })
    })

    it("a move takes ledger and cards together, once, audited; refused for a customer with a pass; an empty holder gives way", async () => {
      const shop = await service.createWalletPassHolders({
        phone: "+79990000030",
        customer_id: "cus_shop",
        adoption_state: "adopted",
        enrollment_state: "enrolled",
      })
      await service.createWalletPassCards({ number: "2000000001", holder_id: shop.id })
      await service.applyLedgerEntry({
        holder_id: shop.id,
        amount: 4_200,
        kind: "opening_balance",
        dedupe_key: `adopt:${shop.id}`,
      })
      // The online account's failed enrolment ("already enrolled for another customer").
      const failed = await service.createWalletPassHolders({ customer_id: "cus_web", enrollment_state: "failed" })
      const withPass = await service.createWalletPassHolders({
        phone: "+79990000031",
        customer_id: "cus_other",
        enrollment_state: "enrolled",
      })

      await expect(
        service.moveHolder({ holder_id: shop.id, to_customer_id: "cus_other", via: "admin", actor: "user_1" })
      ).rejects.toThrow("already has a wallet pass")
      expect(
        await service.moveHolder({ holder_id: shop.id, to_customer_id: "cus_web", via: "admin", actor: "user_1" })
      ).toEqual({
        from_customer_id: "cus_shop",
      })
      const [moved] = await service.listWalletPassHolders({ customer_id: "cus_web" })
      expect(moved).toMatchObject({ id: shop.id, verified_customer_id: null })
      expect(await service.listWalletPassHolders({ id: failed.id })).toEqual([])
      expect(await service.getBalance(shop.id)).toBe(4_200)
      expect(await service.listWalletPassCards({ holder_id: shop.id })).toHaveLength(1)
      expect(await service.listWalletPassHolderMoves({ holder_id: shop.id })).toEqual([
        expect.objectContaining({
          from_customer_id: "cus_shop",
          to_customer_id: "cus_web",
          via: "admin",
          actor: "user_1",
        }),
      ])
      // Once: moving it there again changes nothing and audits nothing more.
      await service.moveHolder({ holder_id: shop.id, to_customer_id: "cus_web", via: "admin", actor: "user_1" })
      expect(await service.listWalletPassHolderMoves({ holder_id: shop.id })).toHaveLength(1)
      expect(withPass.customer_id).toBe("cus_other")
    })
  })
})
