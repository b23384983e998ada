import Medusa from "@medusajs/js-sdk"
import jsQR from "jsqr"
import {
  applyBonus,
  confirmVerification,
  installUrl,
  qrSvg,
  removeBonus,
  requestVerification,
  retrieveBonus,
  retrievePass,
} from "../../src/storefront"
import { OPERATION_PRIORITY } from "../../src/modules/wallet-pass"
import { externalCrmService, signUpEnrolled, waitFor } from "../support/hooks"
import { createCart, guestHeaders, registerCustomer } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

const INSTALL = "/store/customers/me/wallet-pass/install"
const QR = "/store/customers/me/wallet-pass/qr.svg"
const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  desktop: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
}

// No generic install form (installLink unset): a link is the customer's own or none.
const { service, env, storeInFront } = externalCrmService("install-key", {
  WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
  // The seeded region is Germany's; the spec's phones are Russian (codes go only to served countries).
  WALLET_PASS_TEXTS: JSON.stringify({ countries: ["RU"] }),
})

/**
 * The QR code an SVG of the `qrcode` library draws (dark modules as horizontal strokes of a
 * path: "M x y" moves, "h n" draws n modules, "m dx dy" moves by), read back as pixels and
 * decoded by jsQR, as a phone's camera would.
 */
function decodeQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1])
  const path = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? ""
  const dark = new Set<string>()
  let x = 0
  let y = 0
  for (const [, op, a, b] of path.matchAll(/([MmHhVv])(-?[\d.]+)(?:\s+(-?[\d.]+))?/g)) {
    if (op === "M") [x, y] = [Number(a), Number(b)]
    else if (op === "m") [x, y] = [x + Number(a), y + Number(b)]
    else if (op === "h") {
      for (let i = 0; i < Number(a); i++) dark.add(`${x + i},${Math.floor(y)}`)
      x += Number(a)
    }
  }
  const scale = 4
  const side = size * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  for (let py = 0; py < side; py++)
    for (let px = 0; px < side; px++)
      if (dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`)) {
        const at = (py * side + px) * 4
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0
      }
  return jsQR(pixels, side, side)?.data ?? null
}

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })

    const get = (path: string, headers: Record<string, string>, userAgent = UA.desktop) =>
      api.get(path, {
        // A browser following a link asks for a page.
        headers: { ...headers, "user-agent": userAgent, accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
        maxRedirects: 0,
        validateStatus: () => true,
      })

    const signUp = (phone: string, email: string) =>
      signUpEnrolled(
        api,
        store,
        getContainer(),
        { email, phone },
        { ready: (h) => !!h.card_url, what: "enrolment with links", timeoutMs: 20_000 }
      )
    const verify = (holderId: string, customerId: string) =>
      walletPass().updateWalletPassHolders({ id: holderId, verified_customer_id: customerId, verified_at: new Date() })

    it("sends each device to its link once the phone is verified; the override; JSON for a bearer-token storefront", async () => {
      const { customer, headers, holder } = await signUp("+79996880001", "inst1@example.com")
      // Not verified yet: the personalised links open the phone's card, so none is given.
      const before = await get(INSTALL, headers, UA.iphone)
      expect(before.status).toBe(404)
      expect(before.data.message).toBe("Verify your phone to get your card's install link")

      await verify(holder.id, customer.id)
      const cases: [string, string | undefined, string][] = [
        [UA.iphone, undefined, holder.card_url!],
        [UA.android, undefined, holder.card_gpay_url!],
        [UA.desktop, undefined, holder.form_url!],
        [UA.iphone, "android", holder.card_gpay_url!],
        [UA.android, "form", holder.form_url!],
        [UA.desktop, "ios", holder.card_url!],
      ]
      for (const [userAgent, platform, location] of cases) {
        const res = await get(`${INSTALL}${platform ? `?platform=${platform}` : ""}`, headers, userAgent)
        expect([res.status, res.headers.location]).toEqual([302, location])
        expect(res.headers["cache-control"]).toBe("private, no-store")
      }
      const json = await api.get(INSTALL, {
        headers: { ...headers, accept: "application/json", "user-agent": UA.android },
      })
      expect(json.data).toEqual({ url: holder.card_gpay_url, platform: "android" })

      const bad = await get(`${INSTALL}?platform=windows`, headers)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/ios, android, form.*platform|platform.*ios, android, form/)
      // Signed out: Medusa's 401.
      expect((await get(INSTALL, guestHeaders(store))).status).toBe(401)
      expect((await get(QR, guestHeaders(store))).status).toBe(401)
    })

    it("never reaches another customer's pass; 404 without a pass; a missing link is fetched in the background", async () => {
      const a = await signUp("+79996880002", "inst2@example.com")
      await verify(a.holder.id, a.customer.id)
      const b = await signUp("+79996880003", "inst3@example.com")
      await verify(b.holder.id, b.customer.id)
      const asB = await get(INSTALL, b.headers, UA.iphone)
      expect(asB.headers.location).toBe(b.holder.card_url)
      expect(asB.headers.location).not.toBe(a.holder.card_url)
      const qrB = decodeQrSvg((await get(QR, b.headers)).data)
      expect(qrB).toBe(b.holder.form_url)

      // A customer without a phone has no card.
      const { headers: noPhone } = await registerCustomer(api, store, {
        email: "inst4@example.com",
        password: "pw-123456",
      })
      const none = await get(INSTALL, noPhone, UA.iphone)
      expect([none.status, none.data.message]).toEqual([
        404,
        "You have no wallet pass yet: it is made when you sign up with a phone",
      ])
      expect((await get(QR, noPhone)).status).toBe(404)

      // Links lost (say the service's answer had none): 404 now, a profile update at background
      // priority fetches them, and the redirect works again.
      await walletPass().updateWalletPassHolders({
        id: a.holder.id,
        card_url: null,
        card_gpay_url: null,
        form_url: null,
      })
      const missing = await get(INSTALL, a.headers, UA.iphone)
      expect([missing.status, missing.data.message]).toEqual([
        404,
        "Your card's install link is not ready yet: it is being fetched from the service, try again in a minute",
      ])
      const [sync] = await walletPass().listWalletPassOperations(
        { holder_id: a.holder.id, method: "user_create_or_update" },
        { order: { created_at: "DESC" }, take: 1 }
      )
      expect(sync.priority).toBe(OPERATION_PRIORITY.background)
      await waitFor(
        async () => (await get(INSTALL, a.headers, UA.iphone)).status === 302,
        "the link fetched again",
        20_000
      )
      expect((await get(INSTALL, a.headers, UA.iphone)).headers.location).toBe(a.holder.card_url)
    })

    it("the storefront kit over @medusajs/js-sdk: verification, the pass, the install link, the QR, paying a cart with bonus", async () => {
      const phone = "+79996880006"
      const { headers, holder } = await signUp(phone, "inst6@example.com")
      const sdk = new Medusa({
        baseUrl: api.defaults.baseURL!,
        publishableKey: headers["x-publishable-api-key"],
        auth: { type: "jwt", jwtTokenStorageMethod: "memory" },
      })
      await sdk.client.setToken(headers.authorization.replace(/^Bearer /, ""))

      // The phone proven through the kit: a code texted through the service, a wrong one refused.
      await expect(installUrl(sdk, "ios")).rejects.toThrow("Verify your phone to get your card's install link")
      const sent = await requestVerification(sdk)
      expect(sent.verification.phone).toMatch(/^\+79•+06$/)
      expect(Number.isNaN(Date.parse(sent.verification.expires_at))).toBe(false)
      const text = await waitFor(
        async () => service.emulator.snapshot().sms.find((m) => m.phone === phone && /\b\d{6}\b/.test(m.text)),
        "the code's text"
      )
      const code = /\b(\d{6})\b/.exec(text.text)![1]
      await expect(confirmVerification(sdk, code === "000000" ? "111111" : "000000")).rejects.toThrow(/attempt/)
      expect(await confirmVerification(sdk, code)).toEqual({ verified: true, moved: false })

      await service.emulator.adjustBalance({ phone, sum: 40 })
      const { wallet_pass } = await waitFor(async () => {
        const r = await retrievePass(sdk)
        return r.wallet_pass?.balance === 40 && r
      }, "the service's 40 in the pass")
      expect(wallet_pass).toMatchObject({ install_url: INSTALL, installed: false, verified: true })
      // The kit answers what the route answers, as JSON.
      expect(await retrievePass(sdk)).toEqual((await api.get("/store/customers/me/wallet-pass", { headers })).data)
      expect(await installUrl(sdk, "ios")).toEqual({ url: holder.card_url, platform: "ios" })
      expect(await installUrl(sdk)).toEqual({ url: holder.form_url, platform: "form" }) // Node is no phone
      expect(decodeQrSvg(await qrSvg(sdk))).toBe(holder.form_url)

      // Paying with bonus: what the cart may take before choosing (the balance, then the cap of 50%).
      const cart = await createCart(api, store, headers)
      const base = cart.item_total
      expect(base).toBeGreaterThan(80) // 50% of it is more than the balance of 40
      const before = await retrieveBonus(sdk, cart.id)
      expect(before.wallet_pass_bonus).toEqual({
        amount: 0,
        code: null,
        max: 40,
        max_order_percent: 50,
        // Nothing in this cart is left out of paying with bonus (docs/loyalty.md).
        excluded: [],
        excluded_total: 0,
      })
      expect(before.cart.total).toBe(cart.total)
      const applied = await applyBonus(sdk, cart.id, 30)
      expect(applied.wallet_pass_bonus).toMatchObject({ amount: 30, max: 40, max_order_percent: 50 })
      expect(applied.cart.total).toBe(cart.total - 30)
      await service.emulator.adjustBalance({ phone, sum: 60 })
      await waitFor(async () => (await retrievePass(sdk)).wallet_pass?.balance === 100, "the balance at 100")
      // Now the cap binds: half of the items before the bonus (the 30 applied does not lower it).
      expect((await retrieveBonus(sdk, cart.id)).wallet_pass_bonus.max).toBe(Math.floor(base * 50) / 100)
      const removed = await removeBonus(sdk, cart.id)
      expect(removed.wallet_pass_bonus).toMatchObject({ amount: 0, code: null })
      expect(removed.cart.total).toBe(cart.total)

      // Another customer's cart is not found; signed out is 401.
      const other = await registerCustomer(api, store, { email: "inst7@example.com", password: "pw-123456" })
      const asOther = await api.get(`/store/carts/${cart.id}/wallet-pass-bonus`, {
        headers: other.headers,
        validateStatus: () => true,
      })
      expect([asOther.status, asOther.data.message]).toEqual([404, `Cart with id: ${cart.id} was not found`])
      const signedOut = await api.get(`/store/carts/${cart.id}/wallet-pass-bonus`, {
        headers: guestHeaders(store),
        validateStatus: () => true,
      })
      expect(signedOut.status).toBe(401)
    })

    it("the QR is the form link, private to the customer; the pass says installed, the install URL and what expires", async () => {
      const { customer, headers, holder } = await signUp("+79996880005", "inst5@example.com")
      await verify(holder.id, customer.id)
      const qr = await get(QR, headers)
      expect(qr.status).toBe(200)
      expect(qr.headers["content-type"]).toMatch(/^image\/svg\+xml/)
      expect(qr.headers["cache-control"]).toBe("private, no-store")
      expect(qr.headers.vary).toMatch(/Authorization/)
      expect(decodeQrSvg(qr.data)).toBe(holder.form_url)

      const pass = async () => (await api.get("/store/customers/me/wallet-pass", { headers })).data.wallet_pass
      expect(await pass()).toMatchObject({ installed: false, install_url: INSTALL, expiring: [] })
      await service.emulator.install({ phone: "+79996880005" })
      await service.emulator.adjustBalance({ phone: "+79996880005", sum: 25, lifetime: 30 })
      await service.emulator.adjustBalance({ phone: "+79996880005", sum: 5, lifetime: 3 })
      const after = await waitFor(
        async () => {
          const p = await pass()
          return p.installed && p.expiring.length === 2 && p
        },
        "installed, with two credits that lapse",
        20_000
      )
      // Soonest first: 5 in 3 days, 25 in 30.
      expect(after.expiring.map((c: { amount: number }) => c.amount)).toEqual([5, 25])
      const days = (new Date(after.expiring[0].expires_at).getTime() - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(2.9)
      expect(days).toBeLessThanOrEqual(3)
    })
  },
})
