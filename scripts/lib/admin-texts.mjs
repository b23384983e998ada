// The admin's translations, read from src/admin/i18n for the browser check: which English
// texts of the plugin must not show on a screen in Russian, and the check itself.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { root } from "./store-app.mjs"

/** The merged catalogues `{ en, ru }` of src/admin/i18n/index.ts, transpiled on the fly. */
export async function loadCatalogues() {
  const ts = (await import("typescript")).default
  const dir = path.join(root, "src/admin/i18n")
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-pass-i18n-"))
  try {
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const { outputText } = ts.transpileModule(fs.readFileSync(path.join(dir, file), "utf8"), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      })
      const js = outputText.replace(/from "\.\/([\w-]+)"/g, 'from "./$1.mjs"')
      fs.writeFileSync(path.join(out, file.replace(/\.ts$/, ".mjs")), js)
    }
    const { CATALOGUES } = await import(pathToFileURL(path.join(out, "index.mjs")).href)
    return CATALOGUES
  } finally {
    fs.rmSync(out, { recursive: true, force: true })
  }
}

function leaves(tree, prefix = "", out = new Map()) {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string") out.set(full, value)
    else leaves(value, full, out)
  }
  return out
}

/**
 * The English texts a Russian screen must not show: every English text whose Russian differs,
 * cut at its {{variables}} into the fragments it is printed with (at least 4 characters, 3 of
 * them letters in a row, so "—" or "%" are not counted).
 */
export function englishFragments({ en, ru }) {
  const english = leaves(en)
  const russian = leaves(ru)
  return textFragments(
    [...english].filter(([key, text]) => russian.get(key) !== text).map(([, text]) => text),
    /{{[^}]+}}/
  )
}

/**
 * English texts cut at `cut` (a text's variables) into the fragments a screen could show (at
 * least 4 characters, 3 of them letters in a row): what a Russian screen must not show of them.
 */
export function textFragments(texts, cut) {
  const fragments = new Set()
  for (const text of texts) {
    for (const part of text.split(cut)) {
      const fragment = part.trim().replace(/^[\s·:;,.()«»“”"'—–-]+|[\s·:;,.()«»“”"'—–-]+$/g, "")
      if (fragment.length >= 4 && /[A-Za-z]{3}/.test(fragment)) fragments.add(fragment)
    }
  }
  return [...fragments]
}

/**
 * What the plugin shows on the page: the text of its sections (every element whose test id
 * starts with `wallet-pass-`), of open dialogs, popovers, select lists and toasts, and the
 * placeholders, labels and titles inside them.
 */
export function pluginTexts(page) {
  return page.evaluate(() => {
    const ours = [...document.querySelectorAll('[data-testid^="wallet-pass-"]')].filter(
      (el) => !el.parentElement?.closest('[data-testid^="wallet-pass-"]')
    )
    const floating = [
      ...document.querySelectorAll(
        '[role="alertdialog"], [data-radix-popper-content-wrapper], [data-sonner-toaster], [role="listbox"]'
      ),
    ]
    const texts = []
    // Texts shown as written in any language (the service's words, our answers to it).
    const verbatim = [...document.querySelectorAll("[data-wallet-pass-verbatim]")].map((el) =>
      el.getAttribute("data-wallet-pass-verbatim")
    )
    for (const el of [...ours, ...floating]) {
      texts.push(el.innerText)
      for (const node of el.querySelectorAll("[placeholder], [aria-label], [title]")) {
        for (const attr of ["placeholder", "aria-label", "title"]) {
          const value = node.getAttribute(attr)
          if (value) texts.push(value)
        }
      }
    }
    return { text: texts.join("\n"), verbatim }
  })
}

/** A key of the plugin's namespace printed as itself: i18next found no text for it in any language. */
const RAW_KEY =
  /\b(?:common|customer|order|page|program|earnRules|forecast|overview)\.[a-z][A-Za-z_]*(?:\.[A-Za-z_]+)+\b/g

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * Fails when a screen in Russian shows a text of the plugin in English (a key missing from
 * the Russian catalogue falls back to English) or a key i18next could not resolve at all.
 * A fragment counts as whole words only ("Phone" is not in "iPhone", "created" not in
 * "shipment.created"); `data` are the texts
 * the check itself typed or had the service send (a push's message, a customer's name): they
 * are the merchant's data, shown as written in any language, and are taken out first.
 */
export async function assertRussian(page, fragments, screen, data = []) {
  let { text, verbatim } = await pluginTexts(page)
  if (text.trim().length < 20) throw new Error(`${screen}: the plugin shows nothing to check`)
  for (const written of [...data, ...verbatim].filter(Boolean)) text = text.split(written).join(" ")
  const english = fragments
    .map((fragment) => {
      // Whole words, not inside an identifier ("shipment.created", "cart_left").
      const at = text.search(new RegExp(`(?<!\\w|\\w\\.)${escapeRegExp(fragment)}(?!\\w|\\.\\w)`))
      // Where it stands on the screen, to find it: a few words either side.
      return at < 0
        ? null
        : `${fragment} (in "${text.slice(Math.max(0, at - 30), at + fragment.length + 30).replace(/\s+/g, " ")}")`
    })
    .filter(Boolean)
  const keys = [...new Set(text.match(RAW_KEY) ?? [])]
  const problems = [
    english.length ? `English texts of the plugin: ${english.join("; ")}` : null,
    keys.length ? `untranslated keys: ${keys.join(", ")}` : null,
    ...developerWordsIn(text),
    ...englishNumbersIn(text),
  ].filter(Boolean)
  if (problems.length) throw new Error(`${screen} in Russian shows ${problems.join("; and ")}`)
  return text
}

/** The developer words of scripts/lib/developer-words.json, each a whole-word pattern. */
const DEVELOPER_WORDS = JSON.parse(
  fs.readFileSync(path.join(root, "scripts/lib/developer-words.json"), "utf8")
).words.map((word) => {
  const insensitive = word.startsWith("(?i)")
  const body = insensitive ? word.slice(4) : word
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, insensitive ? "giu" : "gu")
})

/** Where it stands in `text`: a few words either side. */
const around = (text, at, length) => text.slice(Math.max(0, at - 30), at + length + 30).replace(/\s+/g, " ")

/** Developer words (an API's names, option names, file formats) the text shows, where. */
export function developerWordsIn(text) {
  const found = []
  for (const word of DEVELOPER_WORDS) {
    for (const m of text.matchAll(word))
      found.push(`the developer word "${m[0]}" (in "${around(text, m.index, m[0].length)}")`)
  }
  return found
}

/**
 * Numbers written the English way on a Russian screen: "3,600" (a comma grouping thousands),
 * "54.50" or "7.5" (a point for decimals), "€54" (the currency before the amount), "7.5%" or
 * "5%" (no space before the percent). Addresses (127.0.0.1) are not numbers.
 */
const ENGLISH_NUMBERS = [
  /(?<![\d.,])\d{1,3}(,\d{3})+(?![\d,])/g,
  /(?<![\d.])\d+\.\d{1,2}(?![\d.])/g,
  /[€$£]\d/g,
  /\d%/g,
]
export function englishNumbersIn(text) {
  const clean = text.replace(/\b\d{1,3}(\.\d{1,3}){3}\b/g, " ")
  const found = []
  for (const pattern of ENGLISH_NUMBERS) {
    for (const m of clean.matchAll(pattern))
      found.push(`a number written the English way "${m[0]}" (in "${around(clean, m.index, m[0].length)}")`)
  }
  return found
}

/** Fails when a screen (in any language) shows a developer word of the plugin's list. */
export async function assertMerchantWords(page, screen, data = []) {
  let { text, verbatim } = await pluginTexts(page)
  if (text.trim().length < 20) throw new Error(`${screen}: the plugin shows nothing to check`)
  for (const written of [...data, ...verbatim].filter(Boolean)) text = text.split(written).join(" ")
  const found = developerWordsIn(text)
  if (found.length) throw new Error(`${screen} shows ${found.join("; ")}`)
}
