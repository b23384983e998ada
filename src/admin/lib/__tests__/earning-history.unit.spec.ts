import { CATALOGUES } from "../../i18n"
import type { Catalogue } from "../../i18n/area"
import { describeEarningChange } from "../earning-history"

/** The catalogue's text of `key` with its {{variables}} filled (plurals and formats are not used here). */
const tOf =
  (catalogue: Catalogue) =>
  (key: string, options: Record<string, unknown> = {}): string => {
    let at: string | Catalogue | undefined = catalogue
    for (const part of key.split(".")) at = typeof at === "object" ? at[part] : undefined
    if (typeof at !== "string") return (options.defaultValue as string) ?? key
    return at.replace(/{{\s*(\w+)[^}]*}}/g, (_, name: string) => String(options[name]))
  }

const NAMES: Record<string, string> = { ptag_sale: "Sale", pcol_new: "New Arrivals" }
const words = (language: "en" | "ru") => ({
  t: tOf(CATALOGUES[language]),
  locale: language,
  numberLocale: language,
  nameOf: (_kind: string, id: string) => NAMES[id] ?? id,
})

describe("the history's lines for earn rules, campaigns and gift cards", () => {
  it("says a rule added, changed and removed in the merchant's words, its target by name", () => {
    const en = words("en")
    expect(
      describeEarningChange(
        { field: "earning.rule", level: "tag ptag_sale", from: null, to: "none, no bonus payment" },
        en
      )
    ).toBe("Earn rule, Product tag Sale: not in the program → Earns nothing, cannot be paid with bonus")
    expect(
      describeEarningChange({ field: "earning.rule", level: "collection pcol_new", from: "×2", to: "7.5%" }, en)
    ).toBe("Earn rule, Collection New Arrivals: × 2 → 7.5%")
    expect(
      describeEarningChange(
        { field: "earning.rule", level: "type ptyp_x", from: "bonus payment allowed", to: null },
        en
      )
    ).toBe("Earn rule, Product type ptyp_x: can be paid with bonus → not in the program")
  })

  it("writes a campaign's figures and dates the admin's way, in Russian too", () => {
    const change = {
      field: "earning.campaign",
      level: "Weekend",
      from: null,
      to: "×1.5 2026-12-05T00:00–2026-12-07T00:00 on pcol_new",
    }
    expect(describeEarningChange(change, words("en"))).toBe(
      "Campaign Weekend: not in the program → × 1.5, Dec 5, 2026, 00:00 – Dec 7, 2026, 00:00, New Arrivals"
    )
    expect(describeEarningChange(change, words("ru"))).toBe(
      "Акция Weekend: нет в программе → × 1,5, 5 дек. 2026 г., 00:00 – 7 дек. 2026 г., 00:00, New Arrivals"
    )
  })

  it("says gift cards' switches as yes and no, and leaves other changes to the page", () => {
    expect(describeEarningChange({ field: "earning.giftCards.earn", from: "false", to: "true" }, words("ru"))).toBe(
      "Подарочные карты начисляют бонусы: Нет → Да"
    )
    expect(describeEarningChange({ field: "timeZone", from: "UTC", to: "Europe/Moscow" }, words("en"))).toBeNull()
  })
})
