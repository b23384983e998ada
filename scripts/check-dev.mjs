#!/usr/bin/env node
// `npm run check:dev` (run by .ci/run on a fresh clone): what a new user does first.
// `npm run dev` with no configuration (a fresh data folder, free ports) must reach "ready";
// `npm run demo` must pass against it; the admin it serves must load in a browser (Debian's
// Chromium through playwright-core) and show the demo customer's pass; Ctrl-C (SIGINT) must
// stop everything, the store's port free again. First, with a store of an earlier run still
// answering on the port (its database gone: /health answers, the admin's sign-in does not),
// `npm run dev` must refuse at once and say so, not take that store for its own.
// Screenshots go to test-artifacts/dev/. Exits non-zero on any failure.
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import { assertRussian, englishFragments, loadCatalogues } from "./lib/admin-texts.mjs"
import { endDevRun, npmRun } from "./lib/npm-run.mjs"
import { adminHeaders, freePort, root, stopProcessGroup, waitFor } from "./lib/store-app.mjs"

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
const ARTIFACTS = path.join(root, "test-artifacts/dev")
const READY_TIMEOUT_MS = 5 * 60_000
const UI_TIMEOUT_MS = 3 * 60_000 // the first admin page compiles through Vite on demand
const started = Date.now()
const step = (m) => console.log(`[check-dev] ${String(Math.round((Date.now() - started) / 1000)).padStart(4)}s ${m}`)

async function main() {
  // Mode 700, as a clone in root's home folder: as root, the embedded Postgres runs as the
  // `postgres` user, who cannot enter it; npm run dev must put the database elsewhere and say where.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-pass-dev-check-"))
  fs.chmodSync(dataDir, 0o700)
  const asRoot = process.getuid?.() === 0
  const port = await freePort()
  // Only what a new user has: no DATABASE_URL, no WALLET_PASS_* (the CI's DB_* are dropped too).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DB_|WALLET_PASS_|MEDUSA_REDIS_URL|PORT$)/.test(k))
  )
  Object.assign(env, {
    WALLET_PASS_DEV_DATA: dataDir,
    PORT: String(port),
    WALLET_PASS_EMULATOR_PORT: String(await freePort()),
  })
  const base = `http://localhost:${port}`
  fs.rmSync(ARTIFACTS, { recursive: true, force: true })
  fs.mkdirSync(ARTIFACTS, { recursive: true }) // before the store starts (see `shot`)

  await portOfAnEarlierRun(env, port)

  step(`npm run dev (data in ${dataDir}, port ${port})`)
  let ready = false
  let eventShown = false
  let databaseLine = ""
  /** The phones of the `curl` lines npm run dev prints: a customer of the store must have them. */
  const curlPhones = new Set()
  const dev = npmRun("dev", env, {
    onLine: (line) => {
      if (line.includes("database: embedded Postgres")) databaseLine = line
      const curlPhone = /curl .*"phone":"([^"]+)"/.exec(line)?.[1]
      if (curlPhone) curlPhones.add(curlPhone)
      ready ||= line.includes("wallet-pass dev store ready")
      // The demo's order goes to the service's trigger, and npm run dev prints it.
      eventShown ||= line.includes('service event "purchase"')
    },
  })
  let browser
  const shots = []
  try {
    await Promise.race([
      waitFor(() => ready, "npm run dev to print ready", READY_TIMEOUT_MS),
      dev.exited.then((code) => {
        throw new Error(`npm run dev exited (${code}) before it was ready`)
      }),
    ])
    if (asRoot && !/data in \/\S+ \(the postgres user cannot enter /.test(databaseLine))
      throw new Error(`as root with a data folder of mode 700, npm run dev printed: ${JSON.stringify(databaseLine)}`)
    step(asRoot ? `ready, the database outside the data folder: ${databaseLine.split("data in ")[1]}` : "ready")
    step("npm run demo")
    const demo = npmRun("demo", env)
    const demoCode = await demo.exited
    if (demoCode !== 0) throw new Error(`npm run demo exited with ${demoCode}`)
    await waitFor(() => eventShown, 'npm run dev to print the demo order\'s service event "purchase"', 30_000)

    step("the admin in Chromium")
    const { chromium } = await import("playwright-core")
    if (!fs.existsSync(CHROMIUM))
      throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`)
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, "dev.json"), "utf8"))
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 60_000,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    })
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage()
    page.setDefaultTimeout(UI_TIMEOUT_MS)
    page.setDefaultNavigationTimeout(UI_TIMEOUT_MS)
    // Kept in memory until the store has stopped: `medusa develop` restarts on any file
    // written inside the project.
    const shot = async (name) => shots.push([name, await page.screenshot({ fullPage: true })])
    try {
      const logIn = async (p) => {
        await p.goto(`${base}/app/login`)
        await p.locator('input[name="email"]').fill(info.admin.email)
        await p.locator('input[name="password"]').fill(info.admin.password)
        await p.locator('button[type="submit"]').click()
        await p.waitForURL((url) => !url.pathname.startsWith("/app/login"))
      }
      await logIn(page)
      step("logged in; the demo customer's pass in the customer widget")
      const admin = await adminHeaders(base, info.admin.email, info.admin.password)
      const all = await (await fetch(`${base}/admin/customers?fields=id,phone&limit=200`, { headers: admin })).json()
      const storePhones = new Set(all.customers.map((c) => c.phone))
      if (curlPhones.size !== 1 || !storePhones.has([...curlPhones][0]))
        throw new Error(
          `the banner's curl lines use ${[...curlPhones].join(", ") || "no phone"}; no such store customer`
        )
      step(`the banner's curl lines use ${[...curlPhones][0]}, a customer of the store`)
      const { customers } = await (
        await fetch(`${base}/admin/customers?order=-created_at&limit=1`, { headers: admin })
      ).json()
      await page.goto(`${base}/app/customers/${customers[0].id}`)
      await page.getByTestId("wallet-pass-widget").getByTestId("wallet-pass-balance").waitFor()
      await shot("1-customer-widget")
      step("the Wallet pass page")
      await page.goto(`${base}/app/wallet-pass`)
      await page.getByTestId("wallet-pass-status").waitFor()
      await shot("2-wallet-pass-page")
      step("the demo's canceled order in the order widget, in English and in Russian")
      const { orders } = await (
        await fetch(`${base}/admin/orders?order=-created_at&limit=1`, { headers: admin })
      ).json()
      await page.goto(`${base}/app/orders/${orders[0].id}`)
      const orderWidget = page.getByTestId("wallet-pass-order-widget")
      await orderWidget.getByRole("heading", { name: "Wallet pass bonus" }).waitFor()
      await orderWidget.getByTestId("wallet-pass-order-redeemed").waitFor()
      await orderWidget.scrollIntoViewIfNeeded()
      await shot("3-order-widget")
      // The dashboard's language, as check:admin sets it: i18next reads localStorage `lng` as the page starts.
      const russian = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: "ru-RU" })
      await russian.addInitScript(() => window.localStorage.setItem("lng", "ru"))
      const ru = await russian.newPage()
      ru.setDefaultTimeout(UI_TIMEOUT_MS)
      await logIn(ru)
      await ru.goto(page.url())
      const ruOrderWidget = ru.getByTestId("wallet-pass-order-widget")
      await ruOrderWidget.getByRole("heading", { name: "Бонусы по заказу" }).waitFor()
      await ruOrderWidget.getByTestId("wallet-pass-order-redeemed").waitFor()
      await ruOrderWidget.scrollIntoViewIfNeeded()
      await assertRussian(ru, englishFragments(await loadCatalogues()), "the order widget")
      shots.push(["4-order-widget-ru", await ru.screenshot({ fullPage: true })])
    } catch (e) {
      await shot("failure").catch(() => {})
      throw e
    }
  } finally {
    await browser?.close().catch(() => {})
    await endDevRun({ dev, dataDir, shots, artifacts: ARTIFACTS, step, port })
  }
  step(`OK in ${Math.round((Date.now() - started) / 1000)} s; screenshots in ${path.relative(root, ARTIFACTS)}/`)
}

/**
 * A store of an earlier run left on the port (what made a first start fail: /health answered,
 * the admin's sign-in did not): `npm run dev` must stop at once, naming the port, and start nothing.
 */
async function portOfAnEarlierRun(env, port) {
  step(`npm run dev with a store of an earlier run still on port ${port}`)
  const stale = http.createServer((req, res) => {
    res.writeHead(req.url === "/health" ? 200 : 401, { "content-type": "application/json" })
    res.end(req.url === "/health" ? "OK" : '{"message":"Unauthorized"}')
  })
  await new Promise((resolve) => stale.listen(port, resolve))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-pass-dev-check-taken-"))
  let said = false
  let ready = false
  const dev = npmRun(
    "dev",
    { ...env, WALLET_PASS_DEV_DATA: dataDir },
    {
      onLine: (line) => {
        said ||= line.includes(`port ${port} is already in use`)
        ready ||= line.includes("wallet-pass dev store ready")
      },
    }
  )
  try {
    const code = await Promise.race([dev.exited, new Promise((r) => setTimeout(() => r("still running"), 60_000))])
    if (code === 0 || code === "still running" || ready || !said)
      throw new Error(
        `with port ${port} taken, npm run dev ${code === "still running" ? "was still running after 60 s" : `exited (${code})`}` +
          (said ? "" : ` without saying the port is in use`) +
          (ready ? ", and printed ready" : "")
      )
    step(`refused at once: port ${port} is already in use`)
  } finally {
    await stopProcessGroup(dev.child, dev.exited).catch(() => {})
    await new Promise((resolve) => stale.close(resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`[check-dev] FAILED: ${e.stack || e.message}`)
    process.exit(1)
  }
)
