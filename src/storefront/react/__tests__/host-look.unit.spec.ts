import { createElement as h, type ReactElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import type { StoreWalletPass } from "../../index"
import {
  AddToWallet,
  ADD_TO_WALLET_TEXT,
  BonusBalance,
  LevelProgress,
  PayWithBonus,
  PAY_WITH_BONUS_TEXT,
  PhoneVerification,
  WalletButton,
  YouWillEarn,
  WALLET_PASS_TEXTS,
  textLanguage,
  textsFor,
} from "../index"

/**
 * The pieces take the host's look (docs/storefront-react.md, issue 42): no class of ours,
 * the shop's classes on each part (`className`, `classNames`), render props, and texts and
 * money in the store's locale (English otherwise).
 */
const noop = () => undefined
const LEVEL: StoreWalletPass["level"] = {
  name: "Silber",
  spend: 120,
  window_days: 365,
  changed_at: null,
  next: { name: "Gold", threshold: 1234.5, missing: 1114.5 },
}
const BONUS_OPEN = { amount: 0, code: null, max: 1234.5, max_order_percent: 50, excluded: [], excluded_total: 0 }
const BONUS_APPLIED = {
  amount: 1234.5,
  code: null,
  max: 1234.5,
  max_order_percent: 50,
  excluded: [],
  excluded_total: 0,
}
const unused = async () => ({ ok: false as const, error: { message: "unused", status: null } })
const ACTIONS = { requestVerification: unused, confirmVerification: unused }
const TARGETS = {
  ios: { url: "https://pass.example/ios", platform: "ios" as const },
  android: { url: "https://pass.example/android", platform: "android" as const },
  form: { url: "https://pass.example/form", platform: "form" as const },
}
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>'

/** Every state of every component, drawn with the given extra props. */
function everyState(extra: Record<string, unknown> = {}): Array<[string, ReactElement]> {
  return [
    ["WalletButton apple", h(WalletButton, { wallet: "apple", href: "/a", ...extra })],
    ["WalletButton google", h(WalletButton, { wallet: "google", href: "/g", ...extra })],
    ["AddToWallet finding", h(AddToWallet, { target: null, ...extra })],
    ["AddToWallet error", h(AddToWallet, { target: null, error: "No link yet", ...extra })],
    ["AddToWallet ios", h(AddToWallet, { target: TARGETS.ios, ...extra })],
    ["AddToWallet android", h(AddToWallet, { target: TARGETS.android, ...extra })],
    ["AddToWallet form", h(AddToWallet, { target: TARGETS.form, qrSvg: SVG, ...extra })],
    ["AddToWallet form loading", h(AddToWallet, { target: TARGETS.form, ...extra })],
    ["PhoneVerification", h(PhoneVerification, { actions: ACTIONS, phone: "+49 151 2345678", ...extra })],
    [
      "PayWithBonus open",
      h(PayWithBonus, { bonus: BONUS_OPEN, currencyCode: "eur", onApply: noop, onRemove: noop, ...extra }),
    ],
    [
      "PayWithBonus applied",
      h(PayWithBonus, {
        bonus: BONUS_APPLIED,
        currencyCode: "eur",
        onApply: noop,
        onRemove: noop,
        error: "x",
        ...extra,
      }),
    ],
    [
      "PayWithBonus nothing",
      h(PayWithBonus, { bonus: { ...BONUS_OPEN, max: 0 }, onApply: noop, onRemove: noop, ...extra }),
    ],
    ["LevelProgress", h(LevelProgress, { level: LEVEL, currencyCode: "EUR", ...extra })],
    ["LevelProgress top", h(LevelProgress, { level: { ...LEVEL!, next: null }, ...extra })],
    [
      "BonusBalance pending",
      h(BonusBalance, {
        pass: { balance: 5, pending: 1.66, pending_until: "2026-12-12T10:00:00.000Z", currency_code: "eur" },
        ...extra,
      }),
    ],
    [
      "PayWithBonus excluded",
      h(PayWithBonus, {
        bonus: {
          ...BONUS_OPEN,
          excluded: [{ line_id: "l1", title: "Gift card", reason: "gift_card" }],
          excluded_total: 5,
        },
        onApply: noop,
        onRemove: noop,
        ...extra,
      }),
    ],
    ["YouWillEarn product", h(YouWillEarn, { earn: { id: "v", price: 30, bonus: 6, redeemable: false }, ...extra })],
    [
      "YouWillEarn cart",
      h(YouWillEarn, {
        earn: { currency_code: "eur", amount: 16, rate_percent: 10, lines: [], campaigns: [] },
        ...extra,
      }),
    ],
  ]
}

describe("no class of ours", () => {
  it.each(everyState())("%s draws no class attribute when the shop gives none", (_name, element) => {
    const html = renderToStaticMarkup(element)
    expect(html).not.toBe("")
    expect(html).not.toContain("class=")
    expect(html).toContain("data-wallet-pass=")
  })
})

describe("the shop's classes on each part", () => {
  it("PayWithBonus: root, summary, amount, label, input, primary and secondary buttons, error", () => {
    const classNames = {
      root: "r",
      summary: "s",
      title: "t",
      amount: "am",
      note: "n",
      label: "l",
      input: "i",
      button: "b",
      primaryButton: "bp",
      secondaryButton: "bs",
      error: "e",
    }
    const open = renderToStaticMarkup(
      h(PayWithBonus, {
        bonus: BONUS_OPEN,
        onApply: noop,
        onRemove: noop,
        error: "Refused",
        className: "extra",
        classNames,
      })
    )
    expect(open).toMatch(/^<form class="r extra"/)
    expect(open).toContain('<p class="s"><strong class="t">Pay with bonus</strong>')
    expect(open).toMatch(/<span class="am" data-wallet-pass="bonus-max"/)
    expect(open).toMatch(/<label for="[^"]+" class="l">Bonus to use<\/label>/)
    expect(open).toMatch(/<input [^>]*class="i"/)
    expect(open).toMatch(/<button type="submit" class="b bp" data-wallet-pass="apply-bonus">Apply<\/button>/)
    expect(open).toMatch(/<p id="[^"]+" role="alert" class="e" data-wallet-pass="error">Refused<\/p>/)

    const applied = renderToStaticMarkup(
      h(PayWithBonus, { bonus: BONUS_APPLIED, onApply: noop, onRemove: noop, classNames })
    )
    expect(applied).toMatch(/<button type="button" class="b bs" data-wallet-pass="remove-bonus">Remove<\/button>/)
    expect(applied).toMatch(/<strong class="am" data-wallet-pass="bonus-applied"/)
  })

  it("PhoneVerification: root, lead, primary button", () => {
    const html = renderToStaticMarkup(
      h(PhoneVerification, {
        actions: ACTIONS,
        className: "card",
        classNames: { root: "r", lead: "ld", button: "b", primaryButton: "bp", secondaryButton: "bs" },
      })
    )
    expect(html).toMatch(/^<div class="r card" data-wallet-pass="phone-verification">/)
    expect(html).toContain('<p data-wallet-pass="lead" class="ld">')
    expect(html).toContain('<button type="button" class="b bp" data-wallet-pass="send-code">Text me a code</button>')
  })

  it("AddToWallet: root, the wallet button, the QR code's parts; the shop's own button", () => {
    const classNames = { root: "r", button: "btn", qrCode: "q", qrText: "qt", qrTitle: "qh", qrHint: "qp", link: "a" }
    const ios = renderToStaticMarkup(h(AddToWallet, { target: TARGETS.ios, classNames, unstyledButton: true }))
    expect(ios).toMatch(/^<div class="r"/)
    expect(ios).toMatch(/<a href="https:\/\/pass.example\/ios" aria-label="Add to Apple Wallet"[^>]* class="btn"/)
    expect(ios).not.toContain("style=")
    const form = renderToStaticMarkup(h(AddToWallet, { target: TARGETS.form, qrSvg: SVG, classNames }))
    for (const part of ['class="q"', 'class="qt"', '<strong class="qh">', '<p class="qp">', 'class="a">'])
      expect(form).toContain(part)
    const own = renderToStaticMarkup(
      h(AddToWallet, {
        target: TARGETS.android,
        locale: "de-DE",
        renderButton: ({ href, label }) => h("a", { href, className: "badge" }, label),
      })
    )
    expect(own).toContain('<a href="https://pass.example/android" class="badge">Zu Google Wallet hinzufügen</a>')
  })

  it("LevelProgress: its parts, or the shop's own bar with the accessible name and value", () => {
    const html = renderToStaticMarkup(
      h(LevelProgress, {
        level: LEVEL,
        currencyCode: "EUR",
        locale: "en-US",
        classNames: { root: "r", level: "lv", name: "nm", progress: "pg", next: "nx" },
      })
    )
    for (const part of ['<div class="r"', '<p class="lv">', '<strong class="nm"', 'class="pg"', '<p class="nx"'])
      expect(html).toContain(part)
    const drawn = renderToStaticMarkup(
      h(LevelProgress, {
        level: LEVEL,
        currencyCode: "EUR",
        locale: "en-US",
        renderProgress: ({ ratio, label, valueText }) =>
          h("div", { role: "progressbar", "aria-label": label, "aria-valuetext": valueText, "data-ratio": ratio }),
      })
    )
    expect(drawn).not.toContain("<progress")
    expect(drawn).toContain(
      `<div role="progressbar" aria-label="Progress to Gold" aria-valuetext="€120.00 of €1,234.50" data-ratio="${120 / 1234.5}"></div>`
    )
  })

  it("WalletButton: root and its two lines", () => {
    const html = renderToStaticMarkup(
      h(WalletButton, { wallet: "apple", href: "/a", unstyled: true, classNames: { root: "r", lead: "l", name: "n" } })
    )
    expect(html).toBe(
      '<a href="/a" aria-label="Add to Apple Wallet" data-wallet-pass="wallet-button" data-wallet="apple" class="r"><span><span class="l">Add to </span><span class="n">Apple Wallet</span></span></a>'
    )
  })
})

describe("texts in the store's locale", () => {
  it("takes the language of a BCP 47 tag, English otherwise", () => {
    expect(textLanguage("de-DE")).toBe("de")
    expect(textLanguage("de_AT")).toBe("de")
    expect(textLanguage("FR-ch")).toBe("fr")
    expect(textLanguage("es")).toBe("es")
    expect(textLanguage("pt-BR")).toBe("en")
    expect(textLanguage(undefined)).toBe("en")
    expect(textsFor("it-IT")).toBe(WALLET_PASS_TEXTS.en)
    // The public English constants stay what they were.
    expect(ADD_TO_WALLET_TEXT.qrTitle).toBe("Scan with your phone")
    expect(PAY_WITH_BONUS_TEXT.apply).toBe("Apply")
  })

  it("every language gives every text", () => {
    const shape = (value: unknown): unknown =>
      typeof value === "object" && value
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : typeof value
    for (const texts of Object.values(WALLET_PASS_TEXTS)) expect(shape(texts)).toEqual(shape(WALLET_PASS_TEXTS.en))
  })

  it("de-DE: German texts and 1.234,50 € for money", () => {
    const open = renderToStaticMarkup(
      h(PayWithBonus, { bonus: BONUS_OPEN, currencyCode: "eur", locale: "de-DE", onApply: noop, onRemove: noop })
    )
    expect(open).toContain("Mit Bonus bezahlen")
    expect(open).toContain("bis zu 1.234,50\u00a0€")
    expect(open).toContain("höchstens 50 % der Artikel")
    expect(open).toContain(">Einlösen</button>")
    // The most, to begin with, as a German shopper types it (parseBonusAmount reads the comma).
    expect(open).toMatch(/<input [^>]*value="1234,5"/)
    const applied = renderToStaticMarkup(
      h(PayWithBonus, { bonus: BONUS_APPLIED, currencyCode: "eur", locale: "de-DE", onApply: noop, onRemove: noop })
    )
    expect(applied).toContain("1.234,50\u00a0€ mit Bonus bezahlt")
    expect(applied).toContain(">Entfernen</button>")

    const level = renderToStaticMarkup(h(LevelProgress, { level: LEVEL, currencyCode: "EUR", locale: "de-DE" }))
    expect(level).toContain("Stufe: <strong")
    expect(level).toContain('aria-valuetext="120,00\u00a0€ von 1.234,50\u00a0€"')
    expect(level).toContain("Noch 1.114,50\u00a0€ bis Gold.")

    const phone = renderToStaticMarkup(h(PhoneVerification, { actions: ACTIONS, locale: "de" }))
    expect(phone).toContain(">Code per SMS senden</button>")
    const button = renderToStaticMarkup(h(WalletButton, { wallet: "apple", href: "/a", locale: "de-DE" }))
    expect(button).toContain('aria-label="Zu Apple Wallet hinzufügen"')
    const qr = renderToStaticMarkup(h(AddToWallet, { target: TARGETS.form, qrSvg: SVG, locale: "de-DE" }))
    expect(qr).toContain("Mit dem Telefon scannen")
  })

  it("fr and es have their own texts; text overrides one text and keeps the rest", () => {
    const fr = renderToStaticMarkup(
      h(PayWithBonus, { bonus: BONUS_OPEN, currencyCode: "eur", locale: "fr-FR", onApply: noop, onRemove: noop })
    )
    expect(fr).toContain(">Appliquer</button>")
    expect(fr).toContain("1\u202f234,50\u00a0€")
    const es = renderToStaticMarkup(h(PhoneVerification, { actions: ACTIONS, locale: "es-ES" }))
    expect(es).toContain(">Envíame un código por SMS</button>")
    const custom = renderToStaticMarkup(
      h(PayWithBonus, {
        bonus: BONUS_OPEN,
        locale: "de-DE",
        onApply: noop,
        onRemove: noop,
        text: { apply: "Jetzt einlösen" },
      })
    )
    expect(custom).toContain(">Jetzt einlösen</button>")
    expect(custom).toContain("Mit Bonus bezahlen")
  })
})
