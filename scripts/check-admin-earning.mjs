#!/usr/bin/env node
// The program page's earn rules and campaigns in Chromium, in English then in Russian, against
// a store already running with the plugin (`npm run dev`; WALLET_PASS_ADMIN_URL, default
// http://localhost:9000, and the admin's login WALLET_PASS_ADMIN_EMAIL / _PASSWORD, default
// the dev store's). scripts/check-admin.mjs runs the same steps (scripts/lib/admin-earning.mjs)
// on its fresh store; this one is quicker while the editor is being worked on. Makes a
// collection, a tag and a product type, saves two program versions. Screenshots go to
// WALLET_PASS_SHOTS (default test-artifacts/admin-earning/). Exits non-zero on any failure.
import fs from "node:fs"
import path from "node:path"
import { assertRussian, englishFragments, loadCatalogues } from "./lib/admin-texts.mjs"
import {
  adminLogin,
  checkEarningEditor,
  createEarningTargets,
  earningStory,
  shootSection,
  textOf,
} from "./lib/admin-earning.mjs"
import { launchChromium } from "./lib/browser-check.mjs"
import { adminHeaders, root } from "./lib/store-app.mjs"

const base = (process.env.WALLET_PASS_ADMIN_URL || "http://localhost:9000").replace(/\/$/, "")
const admin = {
  email: process.env.WALLET_PASS_ADMIN_EMAIL || "admin@wallet-pass.dev",
  password: process.env.WALLET_PASS_ADMIN_PASSWORD || "supersecret",
}
const shots = process.env.WALLET_PASS_SHOTS || path.join(root, "test-artifacts/admin-earning")

async function main() {
  fs.mkdirSync(shots, { recursive: true })
  const catalogues = await loadCatalogues()
  const targets = await createEarningTargets(base, await adminHeaders(base, admin.email, admin.password))
  const browser = await launchChromium()
  try {
    for (const language of ["en", "ru"]) {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 1000 },
        locale: language === "ru" ? "ru-RU" : "en-US",
      })
      await context.addInitScript((lng) => window.localStorage.setItem("lng", lng), language)
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      try {
        await adminLogin(page, base, admin)
        const story = earningStory(language, targets)
        const written = [targets.tag, targets.type, targets.collection]
          .map((t) => t.name)
          .concat(story.campaigns.map((c) => c.name))
        await checkEarningEditor({
          page,
          base,
          t: textOf(catalogues[language]),
          locale: language === "ru" ? "ru-RU" : "en-US",
          prefix: language,
          story,
          shotOf: (locator, name) => shootSection(locator, path.join(shots, `${name}.png`)),
          check:
            language === "ru"
              ? (p, screen) => assertRussian(p, englishFragments(catalogues), screen, written)
              : undefined,
        })
        console.log(`[check-admin-earning] ${language}: OK`)
      } catch (e) {
        await page.screenshot({ path: path.join(shots, `${language}-failure.png`), fullPage: true }).catch(() => {})
        throw e
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  console.log(`[check-admin-earning] OK; screenshots in ${shots}`)
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`[check-admin-earning] FAILED: ${e.stack || e.message}`)
    process.exit(1)
  }
)
