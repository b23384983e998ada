import {
  CAMPAIGN_STATES,
  ENROLLMENT_STATES,
  HOOK_OUTCOMES,
  IMPORT_ITEM_STATES,
  LEDGER_KINDS,
  LEDGER_STATES,
  OPERATION_METHODS,
  OPERATION_STATES,
  STORE_EVENT_NAMES,
  SYNC_RUN_STATES,
} from "../../../modules/wallet-pass/browser"
import { readdirSync, readFileSync, statSync } from "fs"
import path from "path"
import { HOOK_METHODS, PUSH_TYPES } from "../../../lib/constants"
import { ERROR_KINDS } from "../../../lib/wallet-pass-client/errors"
import { REASON_CODES } from "../../../lib/reasons"
import { CHECK_MESSAGE_CODES } from "../../../lib/check-messages"
import { EVENT_VALUE_CODES } from "../../../lib/event-values"
import type { Catalogue } from "../area"
import resources, { AREAS, CATALOGUES, WALLET_PASS_NS } from "../index"

/** Every text of a catalogue by its dotted key. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string") out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

/** The developer words of scripts/lib/developer-words.json, each a whole-word pattern. */
const DEVELOPER_WORDS = (
  JSON.parse(readFileSync(path.join(__dirname, "../../../../scripts/lib/developer-words.json"), "utf8")) as {
    words: string[]
  }
).words.map((word) => {
  const insensitive = word.startsWith("(?i)")
  const body = insensitive ? word.slice(4) : word
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, insensitive ? "iu" : "u")
})

const PLURAL = /_(zero|one|two|few|many|other)$/
/** The plural forms i18next asks for in each language (Intl.PluralRules). */
const FORMS = {
  en: new Intl.PluralRules("en").resolvedOptions().pluralCategories,
  ru: new Intl.PluralRules("ru").resolvedOptions().pluralCategories,
}
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort()

const en = flatten(CATALOGUES.en)
const ru = flatten(CATALOGUES.ru)
const bases = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(PLURAL, "")))

describe("the admin's translations (namespace wallet-pass)", () => {
  it("are the default export Medusa's admin merges, under the plugin's namespace", () => {
    expect(WALLET_PASS_NS).toBe("wallet-pass")
    expect(Object.keys(resources).sort()).toEqual(["en", "ru"])
    expect(resources.ru[WALLET_PASS_NS]).toBe(CATALOGUES.ru)
    expect(en.size).toBeGreaterThan(100)
  })

  it("give each area its own top-level keys, the same in both languages", () => {
    const tops = AREAS.flatMap((area) => Object.keys(area.en))
    expect(new Set(tops).size).toBe(tops.length)
    for (const area of AREAS) expect(Object.keys(area.ru).sort()).toEqual(Object.keys(area.en).sort())
  })

  it("have every English text in Russian, and no Russian text English lacks", () => {
    const missing = [...bases(en.keys())].filter((base) => !ru.has(base) && !ru.has(`${base}_other`))
    const extra = [...bases(ru.keys())].filter((base) => !en.has(base) && !en.has(`${base}_other`))
    expect({ missing, extra }).toEqual({ missing: [], extra: [] })
  })

  it("give a plural every form its language needs (Russian: one, few, many, other)", () => {
    for (const [language, texts] of [
      ["en", en],
      ["ru", ru],
    ] as const) {
      const plurals = [...texts.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, ""))
      for (const base of new Set(plurals)) {
        const forms = FORMS[language].filter((form) => !texts.has(`${base}_${form}`))
        expect({ language, base, missing: forms }).toEqual({ language, base, missing: [] })
      }
    }
  })

  it("use in Russian the same {{variables}} as in English, and leave no text empty", () => {
    for (const base of bases(en.keys())) {
      const english = en.get(base) ?? en.get(`${base}_other`)!
      const russian = ru.get(base) ?? ru.get(`${base}_other`)
      expect({ base, vars: variables(russian ?? "") }).toEqual({ base, vars: variables(english) })
    }
    for (const [key, text] of [...en, ...ru]) expect({ key, empty: text.trim() === "" }).toEqual({ key, empty: false })
  })

  it.each([
    ["ledgerKind", LEDGER_KINDS],
    ["reason", REASON_CODES],
    ["eventValue", EVENT_VALUE_CODES],
    ["failure", Object.keys(ERROR_KINDS)],
    ["ledgerState", LEDGER_STATES],
    ["operationState", OPERATION_STATES],
    ["operationMethod", OPERATION_METHODS],
    ["hookMethod", HOOK_METHODS],
    ["hookOutcome", HOOK_OUTCOMES],
    ["enrollmentState", ENROLLMENT_STATES],
    ["pushType", PUSH_TYPES],
    ["campaignState", CAMPAIGN_STATES],
    ["importItemState", IMPORT_ITEM_STATES],
    ["syncRunState", SYNC_RUN_STATES],
  ] as const)("name every value of %s in words", (group, values) => {
    const unnamed = values.filter((value) => !en.has(`common.${group}.${value}`))
    expect(unnamed).toEqual([])
  })

  it("say everything the connection check says (src/lib/check-messages.ts), in both languages", () => {
    const unsaid = CHECK_MESSAGE_CODES.filter((code) => !en.has(`check.said.${code}`) || !ru.has(`check.said.${code}`))
    expect(unsaid).toEqual([])
    const stale = [...en.keys()].filter(
      (key) => key.startsWith("check.said.") && !(CHECK_MESSAGE_CODES as string[]).includes(key.slice(11))
    )
    expect(stale).toEqual([])
  })

  it("name every store event the plugin can send", () => {
    const unnamed = STORE_EVENT_NAMES.filter((name) => !en.has(`page.events.name.${name}`))
    expect(unnamed).toEqual([])
  })

  it("have every key the admin's code asks for by name", () => {
    const ADMIN = path.resolve(__dirname, "../..")
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name)
        if (statSync(full).isDirectory()) return name === "__tests__" ? [] : files(full)
        return /\.tsx?$/.test(name) ? [full] : []
      })
    const tops = AREAS.flatMap((area) => Object.keys(area.en))
    const asked = new Set<string>()
    for (const file of files(ADMIN)) {
      // Every whole key written as a literal: t("a.b"), a ternary's keys, a route's label.
      // (A widget's zone, "customer.details.after", is Medusa's name, not a key.)
      const text = readFileSync(file, "utf8").replace(/zone: "[^"]*"/g, "")
      for (const m of text.matchAll(/\bt\(\s*"([a-zA-Z][\w.]*)"/g)) asked.add(m[1])
      for (const m of text.matchAll(new RegExp(`"((?:${tops.join("|")})\\.[\\w.]*\\w)"`, "g"))) asked.add(m[1])
    }
    expect(asked.size).toBeGreaterThan(150)
    const missing = [...asked].filter((key) => !en.has(key) && !en.has(`${key}_other`) && !en.has(`${key}_one`))
    expect(missing).toEqual([])
  })

  it("speak the merchant's words: no API name, option name, file format or developer word in any language", () => {
    const found: string[] = []
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, text] of flatten(catalogue)) {
        const shown = text.replace(/{{[^}]+}}/g, " ")
        for (const word of DEVELOPER_WORDS) if (word.test(shown)) found.push(`${language} ${key}: ${text}`)
      }
    }
    expect(found).toEqual([])
  })
})
