import { TestEventUtils } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { SeedCustomerInput } from "../../src/emulator/core"
import { externalCrmService, requestsAnswered, waitFor, waitForHolder } from "../support/hooks"
import { createCart, placeOrder, registerCustomer, type StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const PASS = "/store/customers/me/wallet-pass"
const VERIFY = `${PASS}/verification`
const NEW_CARD = "0b7d6c1e-1111-4a3b-9c55-6a1f0e2d3c4b"
const BASE_DESIGN = "0b7d6c1e-2222-4a3b-9c55-6a1f0e2d3c4b"
const KARL_DESIGN = "0b7d6c1e-9999-4a3b-9c55-6a1f0e2d3c4b"

// docs/security.md, "What an unproven account gets of a pass": a signup's phone is only a claim,
// so its enrolment writes nothing to a record the service already holds for the phone until
// the phone is proven, and what the store answers the account does not depend on that record.
const { service, env, storeInFront } = externalCrmService("unproven-enrolment-key", {
  WALLET_PASS_TEMPLATE_UUID: NEW_CARD,
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_CURRENCY_CODE: "eur",
  WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
  WALLET_PASS_INSTALL_FORM_URL: "https://forms.example/card",
  WALLET_PASS_INSTALL_SMS: "Your loyalty card: %link%",
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: "0",
  WALLET_PASS_TEXTS: JSON.stringify({ trustProxy: true }),
  WALLET_PASS_PROGRAM: JSON.stringify({
    tiers: {
      levels: [
        { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
        { name: "Silver", threshold: 100, bonusPercent: 5, discountPercent: 5 },
      ],
    },
  }),
  WALLET_PASS_PASS: JSON.stringify({
    variables: { tier: "level", hello: "firstName" },
    levelTemplates: { Base: BASE_DESIGN },
    locale: "en-US",
  }),
})

/** What the service holds for the phone: Karl, discount 15, balance 300, card 2000000001. */
const karl = (phone: string, cardNumber: string): SeedCustomerInput => ({
  phone,
  name: "Karl",
  surname: "Kunde",
  email: "karl@example.com",
  balance: 300,
  bonus: 7,
  discount: 15,
  templateUuid: KARL_DESIGN,
  variables: { tier: "Stammkunde", hello: "Karl" },
  cards: [{ number: cardNumber, installed: true }],
})

/** The fields of a service record the store must not write for an unproven account. */
const recordOf = (c: Record<string, any> | undefined) =>
  c && {
    name: c.name,
    surname: c.surname,
    email: c.email,
    remoteId: c.remoteId,
    templateUuid: c.templateUuid,
    variables: c.variables,
    cards: c.cards.map((card: { number: string }) => card.number),
  }

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const emulator = () => service.emulator
    let addresses = 0
    const askCode = (headers: StoreHeaders) =>
      api.post(VERIFY, {}, { headers: { ...headers, "x-forwarded-for": `198.51.100.${++addresses}` } })
    const writesTo = (phone: string) =>
      emulator()
        .requests()
        .filter((r) => r.endpoint.endsWith("user_create_or_update") && (r.body as any)?.phone === phone)
        .map((r) => r.body as Record<string, unknown>)
    /** Nothing of the holder's is left to send. */
    const settled = async (holderId: string) =>
      (
        await walletPass().listWalletPassOperations(
          { holder_id: holderId, state: ["pending", "sending", "unknown"] },
          { select: ["id"] }
        )
      ).length === 0
    /** Signs up and waits until the account's enrolment is finished and nothing is left to send. */
    const signUp = async (email: string, phone: string, first_name: string, last_name: string) => {
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email, password: "pw-123456", phone, first_name, last_name },
        { container: getContainer() }
      )
      const holder = await waitForHolder(
        getContainer(),
        customer.id,
        async (h) =>
          // A phone another holder has fails at once (never read, nothing sent); else enrolled
          // once adopted or new, with nothing of it left to send.
          h.enrollment_state === "failed" ||
          (h.enrollment_state === "enrolled" && h.adoption_state !== "pending" && (await settled(h.id))),
        "the enrolment finished and the queue settled",
        { timeoutMs: 60_000 }
      )
      return { customer, headers, holder }
    }
    const afterUpdate = async (act: () => Promise<unknown>) => {
      const updated = TestEventUtils.waitSubscribersExecution(
        "customer.updated",
        getContainer().resolve(Modules.EVENT_BUS)
      )
      await act()
      await updated
    }
    /** Asks a code for the account and types it (read from the text the emulator delivered). */
    const prove = async (headers: StoreHeaders, phone: string) => {
      const before = emulator()
        .snapshot()
        .sms.filter((s) => s.phone === phone).length
      expect((await askCode(headers)).status).toBe(202)
      const sms = await waitFor(
        async () =>
          emulator()
            .snapshot()
            .sms.filter((s) => s.phone === phone)[before],
        "the code's text",
        30_000
      )
      const confirmed = await api.post(`${VERIFY}/confirm`, { code: /(\d{6})/.exec(sms.text)![1] }, { headers })
      return confirmed.data
    }

    it("the issue's squatter: a signup with Karl's phone and no code leaves Karl's name, e-mail, customerId, texts and design at the service; its enrolment is finished; the real owner who proves the phone gets his profile written", async () => {
      const phone = "+4915180000001"
      emulator().seedCustomer(karl(phone, "2000000001"))
      const held = recordOf(emulator().getCustomer(phone))

      const squatter = await signUp("squatter@example.com", phone, "Squat", "Ter")
      // The enrolment is finished (the holder adopted from the read), nothing waits.
      expect(squatter.holder).toMatchObject({ enrollment_state: "enrolled", adoption_state: "adopted" })
      expect(await requestsAnswered(getContainer(), squatter.holder.id)).toBeTruthy()
      // Nothing of the account reached the phone's record: no write at all, the read only.
      expect(writesTo(phone)).toEqual([])
      expect(recordOf(emulator().getCustomer(phone))).toEqual(held)

      // The squatter renames itself, visits the install page and orders (its card's texts move):
      // still nothing of it reaches the record.
      await afterUpdate(() =>
        api.post("/store/customers/me", { first_name: "Again", last_name: "Ter" }, { headers: squatter.headers })
      )
      await api.get(`${PASS}/install`, { headers: { ...squatter.headers, accept: "application/json" } })
      await placeOrder(api, store, squatter.headers)
      await waitFor(
        async () =>
          (await walletPass().listWalletPassLedgerEntries({ holder_id: squatter.holder.id, kind: "accrual" })).length >
            0 && (await settled(squatter.holder.id)),
        "the order's accrual and the queue settled",
        60_000
      )
      expect(
        writesTo(phone).filter((w) => Object.keys(w).some((k) => !["app_key", "phone", "balance"].includes(k)))
      ).toEqual([])
      expect(recordOf(emulator().getCustomer(phone))).toEqual(held)

      // The real Karl signs up with his phone (held by the squatter's account: his own enrolment
      // fails) and proves it: the pass moves to him and his profile is written.
      const owner = await signUp("karl.real@example.com", phone, "Karl", "Echt")
      expect(owner.holder.enrollment_state).toBe("failed")
      expect(await prove(owner.headers, phone)).toEqual({ verified: true, moved: true })
      const written = await waitFor(
        async () => {
          const c = emulator().getCustomer(phone)
          return c?.remoteId === owner.customer.id && (await settled(squatter.holder.id)) && c
        },
        "the owner's profile at the service",
        60_000
      )
      expect(written).toMatchObject({ name: "Karl", surname: "Echt", email: "karl.real@example.com" })
    })

    it("an account that proves the phone it signed up with gets its profile written then, and not before", async () => {
      const phone = "+4915180000002"
      emulator().seedCustomer({ ...karl(phone, "2000000002"), name: "K.", surname: undefined, email: undefined })
      const held = recordOf(emulator().getCustomer(phone))
      const account = await signUp("karl.proves@example.com", phone, "Karl", "Beweis")
      expect(account.holder.enrollment_state).toBe("enrolled")
      expect(recordOf(emulator().getCustomer(phone))).toEqual(held)

      expect(await prove(account.headers, phone)).toEqual({ verified: true, moved: false })
      const written = await waitFor(
        async () => {
          const c = emulator().getCustomer(phone)
          return c?.name === "Karl" && (await settled(account.holder.id)) && c
        },
        "the proven account's profile at the service",
        60_000
      )
      expect(written).toMatchObject({
        name: "Karl",
        surname: "Beweis",
        email: "karl.proves@example.com",
        remoteId: account.customer.id,
        templateUuid: BASE_DESIGN,
      })
      // The code's own request carried only the text: nothing of the account.
      const verify = writesTo(phone).find((w) => typeof w.sms === "string")!
      expect(
        Object.keys(verify)
          .filter((k) => k !== "app_key")
          .sort()
      ).toEqual(["phone", "sms"])
    })

    it("an unproven account gets the same answers whether the service holds its phone (with a balance) or not: pass route, bonus route; an unknown phone is enrolled with the account's name", async () => {
      const known = "+4915180000003"
      const unknown = "+4915180000004"
      emulator().seedCustomer(karl(known, "2000000003"))
      const a = await signUp("claims-known@example.com", known, "Anna", "Probe")
      const b = await signUp("claims-unknown@example.com", unknown, "Anna", "Probe")

      // The unknown phone is enrolled as before: the account's own new record.
      expect(emulator().getCustomer(unknown)).toMatchObject({
        name: "Anna",
        surname: "Probe",
        email: "claims-unknown@example.com",
        remoteId: b.customer.id,
        templateUuid: BASE_DESIGN,
      })

      // The level's time of change is each account's own (its signup), like an id.
      const passOf = async (headers: StoreHeaders) => {
        const { data } = await api.get(PASS, { headers })
        return {
          ...data,
          wallet_pass: { ...data.wallet_pass, level: { ...data.wallet_pass.level, changed_at: "(time)" } },
        }
      }
      const [passA, passB] = [await passOf(a.headers), await passOf(b.headers)]
      expect(passA).toEqual(passB)
      expect(passA.wallet_pass).toMatchObject({ verified: false, balance_hidden: true, balance: 0, cards: [] })

      const bonusAnswer = async (headers: StoreHeaders) => {
        const cart = await createCart(api, store, headers)
        const url = `/store/carts/${cart.id}/wallet-pass-bonus`
        const shown = (await api.get(url, { headers })).data.wallet_pass_bonus
        const applied = await api.post(url, { amount: 10 }, { headers }).catch((e: any) => e.response)
        return { shown, status: applied.status, body: applied.data }
      }
      const [bonusA, bonusB] = [await bonusAnswer(a.headers), await bonusAnswer(b.headers)]
      expect(bonusA).toEqual(bonusB)
      expect(bonusA).toMatchObject({ status: 400, body: { type: "not_allowed" } })
    })
  },
})
