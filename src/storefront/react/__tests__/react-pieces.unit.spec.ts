import { FetchError } from "@medusajs/js-sdk"
import { createElement as h } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { outcome, passStep, type StoreWalletPass, type StoreWalletPassResponse } from "../../index"
import {
  AddToWallet,
  BonusBalance,
  codeTextState,
  TEXT_NOT_SENT,
  LevelProgress,
  PayWithBonus,
  PhoneVerification,
  WalletButton,
  isIssuing,
  levelProgress,
  parseBonusAmount,
} from "../index"

/**
 * The React pieces (docs/storefront-react.md): their decisions as pure functions,
 * and what each component draws, rendered by react-dom's server renderer (the markup a Next.js
 * server sends). The hooks run in a browser in `npm run check:nextjs`.
 */
const noop = () => undefined
const LEVEL: StoreWalletPass["level"] = {
  name: "Silver",
  spend: 120,
  window_days: 365,
  changed_at: null,
  next: { name: "Gold", threshold: 200, missing: 80 },
}

describe("parseBonusAmount", () => {
  it("reads what a shopper types, at most two decimals, above zero and within max", () => {
    expect(parseBonusAmount("30", 50)).toEqual({ amount: 30 })
    expect(parseBonusAmount(" 12,5 ", 50)).toEqual({ amount: 12.5 })
    expect(parseBonusAmount("12.349", 50)).toEqual({ amount: 12.34 })
    expect(parseBonusAmount("50", 50)).toEqual({ amount: 50 })
    expect(parseBonusAmount("50.01", 50)).toEqual({ problem: "over_max" })
    expect(parseBonusAmount("", 50)).toEqual({ problem: "empty" })
    expect(parseBonusAmount("0", 50)).toEqual({ problem: "not_positive" })
    expect(parseBonusAmount("0.001", 50)).toEqual({ problem: "not_positive" })
    for (const text of ["abc", "-5", "1e3", "12.", "1.2.3"])
      expect(parseBonusAmount(text, 5000)).toEqual({ problem: "not_a_number" })
  })
})

describe("isIssuing", () => {
  const pass = (enrollment_state: string) => ({ wallet_pass: { enrollment_state } }) as StoreWalletPassResponse
  it("is true while the card is pending, or missing when the account has a phone", () => {
    expect(isIssuing(null, true)).toBe(false)
    expect(isIssuing({ wallet_pass: null }, true)).toBe(true)
    expect(isIssuing({ wallet_pass: null }, false)).toBe(false)
    expect(isIssuing({ wallet_pass: null, not_linked: { reason: "another account", can_verify: true } }, true)).toBe(
      false
    )
    expect(isIssuing(pass("pending"), false)).toBe(true)
    expect(isIssuing(pass("enrolled"), true)).toBe(false)
    expect(isIssuing(pass("failed"), true)).toBe(false)
  })
  it("is false for a phone that cannot be read: the store issues nothing until it is corrected (issue 41, item 2)", () => {
    const problem = {
      problem: "too_short" as const,
      country: "DE",
      example: "+49 1512 3456789",
      message: "12345 is too short",
    }
    expect(isIssuing({ wallet_pass: null, phone_problem: problem }, true)).toBe(false)
  })
})

describe("passStep: every answer of the store has one next step (issue 41)", () => {
  const NOT_LINKED = "This account's phone is not yet proven."
  const PROBLEM = {
    problem: "too_short" as const,
    country: "DE",
    example: "+49 1512 3456789",
    message: "12345 is too short",
  }
  const AMBIGUOUS = {
    problem: "ambiguous_country" as const,
    country: "DE",
    example: "+7 912 345-67-89",
    message: "8 912 345-67-89 could be +49 89 123456789 (Germany) or +7 912 345-67-89 (Russia).",
    candidates: [
      { country: "DE" as const, phone: "+4989123456789", mobile: false },
      { country: "RU" as const, phone: "+79123456789", mobile: true },
    ],
  }
  const pass = (enrollment_state: string, verified = false) =>
    ({ enrollment_state, verified }) as unknown as NonNullable<StoreWalletPassResponse["wallet_pass"]>
  it.each([
    ["nothing read yet", null, true, { step: "loading" }],
    [
      "a phone that cannot be read",
      { wallet_pass: null, phone_problem: PROBLEM },
      true,
      { step: "fix_phone", message: PROBLEM.message, example: PROBLEM.example, choices: [] },
    ],
    // 8 912 345-67-89 in a store serving DE and RU: the mobile reading is offered to confirm, the landline not.
    [
      "a number of two countries",
      { wallet_pass: null, phone_problem: AMBIGUOUS },
      true,
      {
        step: "fix_phone",
        message: AMBIGUOUS.message,
        example: "+7 912 345-67-89",
        choices: [{ phone: "+79123456789", country: "RU" }],
      },
    ],
    // Greta: her own pass failed because Klaus's pass has the phone; proving it is her way, not "could not issue".
    [
      "Greta: not linked, may verify, her own pass refused",
      { wallet_pass: pass("failed"), not_linked: { reason: NOT_LINKED, can_verify: true } },
      true,
      { step: "verify", reason: NOT_LINKED },
    ],
    [
      "not linked, may verify, no pass of her own",
      { wallet_pass: null, not_linked: { reason: NOT_LINKED, can_verify: true } },
      true,
      { step: "verify", reason: NOT_LINKED },
    ],
    [
      "not linked, may not verify",
      { wallet_pass: null, not_linked: { reason: NOT_LINKED, can_verify: false } },
      true,
      { step: "contact" },
    ],
    ["no pass yet, a phone given", { wallet_pass: null }, true, { step: "issuing" }],
    ["no pass, no phone", { wallet_pass: null }, false, { step: "add_phone" }],
    ["being issued", { wallet_pass: pass("pending") }, true, { step: "issuing" }],
    ["refused by the service", { wallet_pass: pass("failed") }, true, { step: "contact" }],
    ["recorded without a phone", { wallet_pass: pass("not_enrolled_no_phone") }, false, { step: "add_phone" }],
    ["enrolled, not proven", { wallet_pass: pass("enrolled") }, true, { step: "verify", reason: null }],
    ["enrolled and proven", { wallet_pass: pass("enrolled", true) }, true, { step: "ready" }],
  ] as const)("%s", (_what, answer, expectCard, step) => {
    expect(passStep(answer as StoreWalletPassResponse | null, expectCard)).toEqual(step)
  })
})

describe("levelProgress", () => {
  it("is the way to the next level, full at the top, null without levels", () => {
    expect(levelProgress(LEVEL)).toEqual({ name: "Silver", spend: 120, next: LEVEL!.next, ratio: 0.6 })
    expect(levelProgress({ ...LEVEL!, next: null })?.ratio).toBe(1)
    expect(levelProgress({ ...LEVEL!, spend: 500 })?.ratio).toBe(1)
    expect(levelProgress(null)).toBeNull()
  })
})

describe("outcome", () => {
  it("answers the value, or the store's message and status without throwing", async () => {
    expect(await outcome(Promise.resolve(42))).toEqual({ ok: true, data: 42 })
    expect(await outcome(Promise.reject(new FetchError("Wrong code: 4 attempts left", "Bad Request", 400)))).toEqual({
      ok: false,
      error: { message: "Wrong code: 4 attempts left", status: 400 },
    })
    expect(await outcome(Promise.reject(new TypeError("fetch failed")))).toEqual({
      ok: false,
      error: { message: "fetch failed", status: null },
    })
  })
})

describe("WalletButton", () => {
  it("draws Apple's badge in words: black, rounded, white text, 48 px tall, 8 px of clear space", () => {
    const html = renderToStaticMarkup(h(WalletButton, { wallet: "apple", href: "https://pass.example/ios" }))
    expect(html).toContain('href="https://pass.example/ios"')
    expect(html).toContain('aria-label="Add to Apple Wallet"')
    expect(html.replace(/<[^>]+>/g, "")).toBe("Add to Apple Wallet")
    for (const rule of ["min-height:48px", "margin:8px", "background:#000", "color:#fff", "border-radius:10px"])
      expect(html).toContain(rule)
  })

  it("draws Google's button as a black pill reading on one line", () => {
    const html = renderToStaticMarkup(h(WalletButton, { wallet: "google", href: "https://pass.example/android" }))
    expect(html).toContain('aria-label="Add to Google Wallet"')
    expect(html.replace(/<[^>]+>/g, "")).toBe("Add to Google Wallet")
    expect(html).toContain("border-radius:999px")
    expect(html).toContain("min-height:48px")
  })

  it("gives its face up to the official badge, or to the shop's class", () => {
    const badge = renderToStaticMarkup(
      h(WalletButton, { wallet: "apple", href: "/x" }, h("img", { src: "/badge.svg", alt: "" }))
    )
    expect(badge).toBe(
      '<a href="/x" aria-label="Add to Apple Wallet" data-wallet-pass="wallet-button" data-wallet="apple"><img src="/badge.svg" alt=""/></a>'
    )
    const plain = renderToStaticMarkup(
      h(WalletButton, { wallet: "google", href: "/x", unstyled: true, className: "btn" })
    )
    expect(plain).not.toContain("style=")
    expect(plain).toContain('class="btn"')
  })
})

describe("AddToWallet", () => {
  it("shows the device's wallet button, or the shop's own", () => {
    const ios = renderToStaticMarkup(h(AddToWallet, { target: { url: "https://pass.example/ios", platform: "ios" } }))
    expect(ios).toContain('aria-label="Add to Apple Wallet"')
    expect(ios).toContain('href="https://pass.example/ios"')
    const android = renderToStaticMarkup(
      h(AddToWallet, {
        target: { url: "https://pass.example/android", platform: "android" },
        renderButton: ({ href, label, wallet }) => h("a", { href, className: `badge-${wallet}` }, label),
      })
    )
    expect(android).toContain('<a href="https://pass.example/android" class="badge-google">Add to Google Wallet</a>')
  })

  it("shows a desktop the QR code of the form, with the link as a fallback", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7"/></svg>'
    const html = renderToStaticMarkup(
      h(AddToWallet, { target: { url: "https://pass.example/form", platform: "form" }, qrSvg: svg })
    )
    expect(html).toContain(`src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}"`)
    expect(html).toContain('alt="QR code that adds your card to your phone&#x27;s wallet"')
    expect(html).toContain('href="https://pass.example/form"')
    expect(html).not.toContain("wallet-button")
  })

  it("says it is looking, or the store's reason", () => {
    expect(renderToStaticMarkup(h(AddToWallet, { target: null }))).toContain('role="status"')
    const refused = renderToStaticMarkup(
      h(AddToWallet, { target: null, error: "Verify your phone to get your card's install link" })
    )
    expect(refused).toContain('role="alert"')
    expect(refused).toContain("Verify your phone to get your card&#x27;s install link")
  })
})

describe("PayWithBonus", () => {
  const props = { currencyCode: "eur", locale: "en-US", onApply: noop, onRemove: noop }
  it("offers the cart's max with a labelled amount", () => {
    const html = renderToStaticMarkup(
      h(PayWithBonus, {
        ...props,
        bonus: { amount: 0, code: null, max: 45.5, max_order_percent: 50, excluded: [], excluded_total: 0 },
      })
    )
    expect(html).toContain('data-amount="45.5"')
    expect(html).toContain("up to €45.50")
    expect(html).toContain("at most 50% of the items")
    const id = /<label for="([^"]+)">Bonus to use<\/label>/.exec(html)?.[1]
    expect(id).toBeTruthy()
    expect(html).toContain(`id="${id}"`)
    expect(html).toMatch(/<input[^>]*value="45.5"/)
    expect(html).toContain(">Apply</button>")
  })

  it("shows what was paid with bonus and Remove; the reason when the cart may take none; nothing when off", () => {
    const applied = renderToStaticMarkup(
      h(PayWithBonus, {
        ...props,
        bonus: { amount: 30, code: "WP-1", max: 45.5, max_order_percent: 50, excluded: [], excluded_total: 0 },
      })
    )
    expect(applied).toContain("€30.00 paid with bonus")
    expect(applied).toContain(">Remove</button>")
    const none = renderToStaticMarkup(
      h(PayWithBonus, {
        ...props,
        bonus: { amount: 0, code: null, max: 0, max_order_percent: 50, excluded: [], excluded_total: 0 },
        nothingText: "Verify your phone to pay with your bonus.",
      })
    )
    expect(none).toContain("Verify your phone to pay with your bonus.")
    expect(none).not.toContain("<input")
    expect(
      renderToStaticMarkup(
        h(PayWithBonus, {
          ...props,
          bonus: { amount: 0, code: null, max: 0, max_order_percent: 0, excluded: [], excluded_total: 0 },
        })
      )
    ).toBe("")
    expect(renderToStaticMarkup(h(PayWithBonus, { ...props, bonus: null }))).toBe("")
  })

  it("says which lines cannot be paid with bonus and what they cost, in the shopper's language", () => {
    const bonus = {
      amount: 0,
      code: null,
      max: 16.66,
      max_order_percent: 50,
      excluded: [
        { line_id: "cali_1", title: "Gift card", reason: "gift_card" as const },
        { line_id: "cali_2", title: null, reason: "rule" as const },
      ],
      excluded_total: 70,
    }
    const html = renderToStaticMarkup(h(PayWithBonus, { ...props, bonus, classNames: { excluded: "why" } }))
    expect(html).toContain('class="why" data-wallet-pass="bonus-excluded" data-amount="70"')
    expect(html).toContain("Not payable with bonus: Gift card (gift card), cali_2 (excluded by the store) (€70.00).")
    const de = renderToStaticMarkup(h(PayWithBonus, { ...props, locale: "de-DE", bonus: { ...bonus, max: 0 } }))
    expect(de).toContain("Nicht mit Bonus bezahlbar: Gift card (Geschenkkarte)")
    const none = renderToStaticMarkup(
      h(PayWithBonus, { ...props, bonus: { ...bonus, excluded: [], excluded_total: 0 } })
    )
    expect(none).not.toContain("bonus-excluded")
  })
})

describe("LevelProgress", () => {
  it("is a named progress bar to the next level and what is missing", () => {
    const html = renderToStaticMarkup(h(LevelProgress, { level: LEVEL, currencyCode: "EUR", locale: "en-US" }))
    expect(html).toContain("Silver")
    expect(html).toMatch(
      /<progress max="200" value="120" aria-label="Progress to Gold" aria-valuetext="€120.00 of €200.00"/
    )
    expect(html).toContain("Spend €80.00 more to reach Gold.")
    const top = renderToStaticMarkup(h(LevelProgress, { level: { ...LEVEL!, next: null } }))
    expect(top).toContain("You are at the top level.")
    expect(top).not.toContain("<progress")
    expect(renderToStaticMarkup(h(LevelProgress, { level: null }))).toBe("")
  })
})

describe("BonusBalance", () => {
  // docs/loyalty.md, "Pending bonus": the pending part is not in the balance; shown beside it.
  const pass = { balance: 12.5, pending: 1.66, pending_until: "2026-12-12T10:00:00.000Z", currency_code: "eur" }
  it("shows the spendable balance and, beside it, what is pending and from when", () => {
    const html = renderToStaticMarkup(h(BonusBalance, { pass, locale: "en-US" }))
    expect(html).toContain("Bonus: <strong")
    expect(html).toContain("€12.50")
    expect(html).toMatch(
      /data-wallet-pass="bonus-pending" data-amount="1.66">\+€1.66 pending · spendable from Dec 1[12], 2026</
    )
    const de = renderToStaticMarkup(h(BonusBalance, { pass, locale: "de-DE" }))
    expect(de).toContain("+1,66\u00a0€ ausstehend")
  })
  it("draws no pending line with nothing pending", () => {
    const html = renderToStaticMarkup(h(BonusBalance, { pass: { ...pass, pending: 0, pending_until: null } }))
    expect(html).toContain("€12.50")
    expect(html).not.toContain("bonus-pending")
    expect(html).not.toContain("pending")
  })
})

describe("codeTextState", () => {
  const status = (text: "queued" | "sent" | "not_sent" | "unknown", message: string | null = null) => ({
    verification: { phone: "+49 *** **78", expires_at: "2026-11-27T10:00:00Z", confirmed: false, text, message },
  })
  it("waits while the text is queued, tells the store's message when it was not sent, else nothing", () => {
    expect(codeTextState(status("queued"))).toEqual({ state: "waiting" })
    expect(codeTextState(status("not_sent", "We could not text this phone."))).toEqual({
      state: "not_sent",
      message: "We could not text this phone.",
    })
    expect(codeTextState(status("not_sent"))).toEqual({ state: "not_sent", message: TEXT_NOT_SENT })
    expect(codeTextState(status("sent"))).toEqual({ state: "sent" })
    expect(codeTextState(status("unknown"))).toEqual({ state: "sent" })
    expect(codeTextState({ verification: null })).toEqual({ state: "sent" })
  })
})

describe("PhoneVerification", () => {
  it("names the phone and offers to text a code", () => {
    const actions = {
      requestVerification: async () => ({ ok: false as const, error: { message: "unused", status: null } }),
      confirmVerification: async () => ({ ok: false as const, error: { message: "unused", status: null } }),
    }
    const html = renderToStaticMarkup(h(PhoneVerification, { actions, phone: "+49 151 2345678" }))
    expect(html).toContain("Prove that +49 151 2345678 is yours")
    expect(html).toContain('<button type="button" data-wallet-pass="send-code">Text me a code</button>')
  })
})
