#!/usr/bin/env node
// Drives the plugin's admin UI in a real browser against a production build of a fresh store:
// packs and installs the plugin with the admin enabled, points it at the service emulator,
// `npx medusa build` + `npx medusa start` (from .medusa/server, where the dashboard is built
// into public/admin), a customer installs a pass through the emulator, then in Chromium:
// log in, see the customer widget's balance and card, send a personal push from it (the
// emulator must receive it), credit bonus with amounts typed as English and German admins
// type them (a mistyped one refused under its field, a large one confirmed first), open the
// Wallet pass page and check the connection.
// Run after `npm run build`. Needs playwright-core and Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium). Screenshots go to test-artifacts/admin/. Exits non-zero on any failure.
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import {
  adminHeaders,
  createStoreApp,
  freePort,
  installedVersion,
  PgClient,
  prepareDatabase,
  root,
  run,
  startServer,
  storeEnv,
  waitFor,
  waitForBoot,
} from "./lib/store-app.mjs"

const BOOT_TIMEOUT_MS = 180_000
const BUILD_TIMEOUT_MS = 300_000
const UI_TIMEOUT_MS = 30_000
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
const ARTIFACTS = path.join(root, "test-artifacts/admin")
const APP_KEY = "admin-check-key"
const HOOK_LOGIN = "admin-check-hooks"
const HOOK_PASSWORD = "admin-check-hook-secret"
const ADMIN = { email: "admin@admin.check", password: "admin-check-pw" }
const PHONE = "+79990005577"
/** A friend the first customer invites (the referral). */
const FRIEND_PHONE = "+79990005578"
const CREDIT = 150
const PUSH_TEXT = `Hello from the admin check ${Date.now()}`

const started = Date.now()
const step = (msg) => console.log(`[check-admin] ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s ${msg}`)
const fail = (msg) => {
  console.error(`[check-admin] FAILED: ${msg}`)
  process.exitCode = 1
}

// TypeScript, as create-medusa-app writes it: `medusa build` compiles it into .medusa/server.
const medusaConfig = (apiUrl) => `import { defineConfig } from "@medusajs/framework/utils"
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { jwtSecret: "check", cookieSecret: "check", storeCors: "*", adminCors: "*", authCors: "*" },
    // Production mode marks the session cookie Secure; this check serves plain HTTP on localhost.
    cookieOptions: { secure: false },
  },
  plugins: [
    {
      resolve: "medusa-plugin-wallet-pass",
      options: {
        apiUrl: ${JSON.stringify(apiUrl)},
        appKey: ${JSON.stringify(APP_KEY)},
        plan: { perSecond: 20, perHour: 10000 },
        hooks: { login: ${JSON.stringify(HOOK_LOGIN)}, password: ${JSON.stringify(HOOK_PASSWORD)} },
        events: {
          "order.placed": "purchase",
          "shipment.created": "shipped",
          birthday: "birthday",
          "cart.abandoned": { key: "cart_left", afterMinutes: 60 },
        },
        eventsPerDay: 500,
      },
    },
  ],
})
`

// What `create-medusa-app` writes; `medusa build` compiles the app with it.
const TSCONFIG = JSON.stringify(
  {
    compilerOptions: {
      target: "ES2021",
      esModuleInterop: true,
      module: "Node16",
      moduleResolution: "Node16",
      skipLibCheck: true,
      outDir: "./.medusa/server",
      rootDir: "./",
      jsx: "react-jsx",
      resolveJsonModule: true,
      checkJs: false,
    },
    include: ["**/*", ".medusa/types/*"],
    exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
  },
  null,
  2
)

/** One query on its own connection. */
async function queryOnce(url, text) {
  const client = new PgClient({ connectionString: url })
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}

async function loadPlaywright() {
  try {
    return await import("playwright-core")
  } catch {
    throw new Error("playwright-core is not installed: npm install -D playwright-core")
  }
}

async function main() {
  const cleanups = []
  try {
    const { chromium } = await loadPlaywright()
    if (!fs.existsSync(CHROMIUM))
      throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`)
    const emulatorEntry = path.join(root, ".medusa/server/src/emulator/index.js")
    if (!fs.existsSync(emulatorEntry))
      throw new Error("run `npm run build` first: .medusa/server/src/emulator/index.js is missing")
    fs.rmSync(ARTIFACTS, { recursive: true, force: true })
    fs.mkdirSync(ARTIFACTS, { recursive: true })

    const port = await freePort()
    const base = `http://localhost:${port}`
    const { startEmulator } = createRequire(import.meta.url)(emulatorEntry)
    const emulator = await startEmulator({
      appKey: APP_KEY,
      mode: "external_crm",
      limits: "unlimited",
      webhook: { url: `${base}/hooks/wallet-pass`, login: HOOK_LOGIN, password: HOOK_PASSWORD },
    })
    cleanups.push(() => emulator.close())
    step(`emulator at ${emulator.url}`)

    const { app, cleanup } = await createStoreApp({
      name: "wallet-pass-admin-check",
      medusaConfig: medusaConfig(emulator.url),
      configFile: "medusa-config.ts",
      files: { "tsconfig.json": TSCONFIG },
      // What create-medusa-app's starter has: loading medusa-config.ts and `medusa build` need them.
      devDependencies: Object.fromEntries(
        ["typescript", "@types/node", "ts-node", "@swc/core"].map((p) => [p, installedVersion(p)])
      ),
      step,
    })
    cleanups.push(cleanup)

    step("preparing a database")
    const db = await prepareDatabase("wallet_pass_admin_check")
    cleanups.push(() => db.stop())
    const env = storeEnv(db.databaseUrl, port)

    step("npx medusa db:migrate")
    run("npx", ["medusa", "db:migrate"], { cwd: app, env, timeout: BUILD_TIMEOUT_MS })
    step("creating an admin user")
    run("npx", ["medusa", "user", "-e", ADMIN.email, "-p", ADMIN.password], { cwd: app, env, timeout: 120_000 })

    step("npx medusa build (server and dashboard with the plugin's extensions)")
    const buildOutput = run("npx", ["medusa", "build"], { cwd: app, env, timeout: BUILD_TIMEOUT_MS })
    const server = path.join(app, ".medusa/server")
    if (!fs.existsSync(path.join(server, "public/admin/index.html"))) {
      throw new Error(
        `medusa build wrote no .medusa/server/public/admin/index.html:\n${buildOutput.slice(-3000)}\n${run("find", [path.join(app, ".medusa"), "-maxdepth", "3"])}`
      )
    }
    // A deployment runs `npm install` in .medusa/server; the app's own node_modules are the same packages.
    fs.symlinkSync(path.join(app, "node_modules"), path.join(server, "node_modules"), "dir")

    step(`npx medusa start in .medusa/server on port ${port}`)
    const medusa = startServer(server, env)
    cleanups.push(() => medusa.stop())
    await waitForBoot(medusa, base, BOOT_TIMEOUT_MS)

    step(`a customer installs a pass (${PHONE})`)
    const installed = await emulator.install({ phone: PHONE, name: "Anna" })
    if (!installed.hook?.ok) throw new Error(`the createCustomer hook failed: ${JSON.stringify(installed.hook)}`)
    const cardNumber = installed.card
    const client = new PgClient({ connectionString: db.databaseUrl })
    await client.connect()
    let customerId
    try {
      const { rows } = await client.query(
        `SELECT customer_id FROM wallet_pass_holder WHERE phone = $1 AND deleted_at IS NULL`,
        [PHONE]
      )
      customerId = rows[0]?.customer_id
    } finally {
      await client.end()
    }
    if (!customerId) throw new Error(`no holder with phone ${PHONE} after the createCustomer hook`)
    step(`the service credits ${CREDIT} bonus (addBalance hook)`)
    await emulator.adjustBalance({ phone: PHONE, sum: CREDIT })
    const auth = await adminHeaders(base, ADMIN.email, ADMIN.password)
    let pass
    await waitFor(
      async () => {
        const res = await fetch(`${base}/admin/customers/${customerId}/wallet-pass`, { headers: auth })
        pass = (await res.json()).wallet_pass
        return pass?.cards?.some((c) => c.number === cardNumber) && pass.balance === CREDIT
      },
      `card ${cardNumber} and balance ${CREDIT} on customer ${customerId}`,
      UI_TIMEOUT_MS
    )
    step(`customer ${customerId}, card ${cardNumber}, balance ${pass.balance}`)

    step("launching Chromium")
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 60_000,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    })
    cleanups.push(() => browser.close())
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
    const page = await context.newPage()
    page.setDefaultTimeout(UI_TIMEOUT_MS)
    page.setDefaultNavigationTimeout(60_000)
    const shot = (name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
    try {
      step("logging in at /app/login")
      await page.goto(`${base}/app/login`)
      await page.locator('input[name="email"]').fill(ADMIN.email)
      await page.locator('input[name="password"]').fill(ADMIN.password)
      await page.locator('button[type="submit"]').click()
      await page.waitForURL((url) => !url.pathname.startsWith("/app/login"), { timeout: UI_TIMEOUT_MS })

      step("the customer page shows the widget's balance and card")
      await page.goto(`${base}/app/customers/${customerId}`)
      const widget = page.getByTestId("wallet-pass-widget")
      await widget.getByTestId("wallet-pass-card").filter({ hasText: cardNumber }).waitFor()
      const balance = await widget.getByTestId("wallet-pass-balance").getAttribute("data-value")
      if (balance !== String(pass.balance)) throw new Error(`widget balance ${balance}, API says ${pass.balance}`)
      await shot("1-customer-widget")

      step("sending a personal push from the widget")
      await widget.getByTestId("wallet-pass-push-message").fill(PUSH_TEXT)
      await widget.getByTestId("wallet-pass-push-send").click()
      await waitFor(
        () => emulator.snapshot().pushes.some((p) => p.phone === PHONE && p.requestedText === PUSH_TEXT),
        "the push at the emulator",
        UI_TIMEOUT_MS
      )
      const push = emulator.snapshot().pushes.find((p) => p.requestedText === PUSH_TEXT)
      if (push.replacedByGeneric)
        throw new Error("the push went out with a bound-variable change: the customer saw the generic text")
      await shot("2-push-sent")

      const balanceNow = async () => {
        const res = await fetch(`${base}/admin/customers/${customerId}/wallet-pass`, { headers: auth })
        return (await res.json()).wallet_pass.balance
      }
      const adjust = async (w, amount, reason) => {
        await w.getByTestId("wallet-pass-adjust-amount").fill(amount)
        await w.getByTestId("wallet-pass-adjust-reason").fill(reason)
        await w.getByTestId("wallet-pass-adjust-submit").click()
      }

      step('an English admin types "10,50": refused under the field, nothing credited')
      await adjust(widget, "10,50", "comma typo")
      const refusal = await widget.getByTestId("wallet-pass-adjust-amount-error").innerText()
      if (!refusal.includes("1,234.56")) throw new Error(`the amount field says: ${refusal}`)
      await shot("4-adjust-refused")
      if ((await balanceNow()) !== CREDIT) throw new Error("a refused amount changed the balance")

      step('"1,050" asks for confirmation with the balance before and after; Cancel sends nothing')
      await adjust(widget, "1,050", "large")
      const dialog = page.getByRole("alertdialog")
      await dialog.getByText(`The balance goes from €${CREDIT}.00 to €1,200.00.`).waitFor()
      await shot("5-adjust-confirm")
      await dialog.getByRole("button", { name: "Cancel" }).click()
      await dialog.waitFor({ state: "detached" })
      if ((await balanceNow()) !== CREDIT) throw new Error("a canceled credit changed the balance")

      step('"10.50" shows the new balance and is credited')
      await widget.getByTestId("wallet-pass-adjust-amount").fill("10.50")
      await widget.getByTestId("wallet-pass-adjust-amount-hint").getByText("€160.50").waitFor()
      await widget.getByTestId("wallet-pass-adjust-submit").click()
      await waitFor(async () => (await balanceNow()) === CREDIT + 10.5, "the credit of 10.50", UI_TIMEOUT_MS)

      step('a German admin types "10,50": 10.50 is credited')
      const german = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: "de-DE" })
      const dePage = await german.newPage()
      dePage.setDefaultTimeout(UI_TIMEOUT_MS)
      await dePage.goto(`${base}/app/login`)
      await dePage.locator('input[name="email"]').fill(ADMIN.email)
      await dePage.locator('input[name="password"]').fill(ADMIN.password)
      await dePage.locator('button[type="submit"]').click()
      await dePage.waitForURL((url) => !url.pathname.startsWith("/app/login"), { timeout: UI_TIMEOUT_MS })
      await dePage.goto(`${base}/app/customers/${customerId}`)
      const deWidget = dePage.getByTestId("wallet-pass-widget")
      await deWidget.getByTestId("wallet-pass-adjust-amount").fill("10,50")
      await deWidget.getByTestId("wallet-pass-adjust-amount-hint").getByText("171,00").waitFor()
      await dePage.screenshot({ path: path.join(ARTIFACTS, "6-adjust-german.png"), fullPage: true })
      await deWidget.getByTestId("wallet-pass-adjust-reason").fill("Komma")
      await deWidget.getByTestId("wallet-pass-adjust-submit").click()
      await waitFor(async () => (await balanceNow()) === CREDIT + 21, "the German credit of 10,50", UI_TIMEOUT_MS)
      await german.close()

      step("the Wallet pass page shows the connection status")
      await page.goto(`${base}/app/wallet-pass`)
      const status = page.getByTestId("wallet-pass-status")
      await status.waitFor()
      await status.getByTestId("wallet-pass-check-now").click()
      await status.getByText("Emulated account").waitFor()
      await shot("3-wallet-pass-page")

      step("the hook log shows a reused transactionId as a conflict, and a refused delivery per minute")
      const hookUrl = `${base}/hooks/wallet-pass`
      const used = emulator.hooks().find((h) => h.method === "addBalance").body.customer.transactionId
      const reuse = { method: "addBalance", customer: { phone: PHONE, cardNumbers: [], sum: 999, transactionId: used } }
      const basic = (password) => `Basic ${Buffer.from(`${HOOK_LOGIN}:${password}`).toString("base64")}`
      for (const password of [HOOK_PASSWORD, "guessed"]) {
        await fetch(hookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: basic(password) },
          body: JSON.stringify(reuse),
        })
      }
      // Refusals are counted in memory and written at most once a second: wait for the row
      // before reloading, or the page can load the minute before it exists.
      await waitFor(
        async () =>
          (await queryOnce(db.databaseUrl, `SELECT 1 FROM wallet_pass_hook_refusal WHERE refused > 0`)).rows.length > 0,
        "the refused delivery to be recorded",
        UI_TIMEOUT_MS
      )
      await page.reload()
      await page.getByText("400 conflict").waitFor()
      const refusals = page.getByTestId("wallet-pass-hook-refusals")
      await refusals.getByText("1 refused").waitFor()
      await refusals.scrollIntoViewIfNeeded()
      await shot("7-hook-log")

      step("importing the service's existing customers from the Wallet pass page")
      for (const [i, balance] of [120, 45.5, 0].entries()) {
        emulator.seedCustomer({
          phone: `+7999000610${i}`,
          name: `Imported ${i}`,
          balance,
          bonus: i === 0 ? 7 : 0,
          installed: i !== 2,
        })
      }
      const importSection = page.getByTestId("wallet-pass-import")
      await importSection.getByTestId("wallet-pass-import-start").click()
      await importSection.getByText("Imported — run the final refresh").waitFor({ timeout: 60_000 })
      const adopted = (await importSection.getByTestId("wallet-pass-import-adopted").innerText()).trim()
      if (adopted !== "3") throw new Error(`the import section shows ${adopted} adopted, expected 3`)
      await shot("8-import")
      const { rows: imported } = await queryOnce(
        db.databaseUrl,
        `SELECT customer_id FROM wallet_pass_holder WHERE phone = '+79990006100'`
      )
      await page.goto(`${base}/app/customers/${imported[0].customer_id}`)
      const importedWidget = page.getByTestId("wallet-pass-widget")
      await importedWidget.getByTestId("wallet-pass-adoption").waitFor()
      await importedWidget.scrollIntoViewIfNeeded()
      await importedWidget.screenshot({ path: path.join(ARTIFACTS, "9-imported-customer.png") })

      step("Settings › Wallet pass program: a bad level is refused by name; a good one saved after its preview")
      await page.goto(`${base}/app/settings/wallet-pass-program`)
      const program = page.getByTestId("wallet-pass-program")
      await program.waitFor()
      const typeLevel = async (i, values) => {
        const inputs = program.getByTestId("wallet-pass-program-level").nth(i).locator("input")
        for (const [j, value] of values.entries()) await inputs.nth(j).fill(value)
      }
      for (const _ of [0, 1]) await program.getByRole("button", { name: "Add level" }).click()
      await typeLevel(0, ["Base", "0", "3", "0"])
      await typeLevel(1, ["Silver", "0", "5", "5"])
      await program.getByTestId("wallet-pass-program-save").click()
      await program.getByTestId("wallet-pass-program-problem").getByText("tiers.levels.1.threshold").waitFor()
      await shot("10-program-refused")
      await typeLevel(1, ["Silver", "100", "5", "5"])
      await program.getByTestId("wallet-pass-bonus-install").locator("input").first().fill("20")
      await program.getByTestId("wallet-pass-bonus-referral").locator("input").first().fill("50")
      await program.getByTestId("wallet-pass-program-owner").click()
      await page.getByRole("option", { name: "This program's levels" }).click()
      await program.getByTestId("wallet-pass-program-save").click()
      const confirm = page.getByRole("alertdialog")
      await confirm.getByText("change level").waitFor()
      await shot("11-program-preview")
      await confirm.getByRole("button", { name: "Save" }).click()
      await page.getByText("Program version 1 saved").waitFor()
      await page.getByRole("cell", { name: "Base, Silver" }).waitFor()
      await shot("12-program-saved")
      await page.goto(`${base}/app/customers/${imported[0].customer_id}`)
      const levelSection = page.getByTestId("wallet-pass-widget").getByTestId("wallet-pass-level")
      await levelSection.getByText("Level Base").waitFor()
      await levelSection.scrollIntoViewIfNeeded()
      await page.getByTestId("wallet-pass-widget").screenshot({ path: path.join(ARTIFACTS, "13-customer-level.png") })

      step("a friend installs a pass through the first customer's invitation: the install bonus and the referral show")
      const friend = await emulator.install({
        phone: FRIEND_PHONE,
        name: "Boris",
        invitedBy: PHONE,
        birthday: new Date().toISOString().slice(0, 10),
      })
      if (!friend.hook?.ok) throw new Error(`the friend's createCustomer hook failed: ${JSON.stringify(friend.hook)}`)
      const { rows: friendRows } = await queryOnce(
        db.databaseUrl,
        `SELECT customer_id FROM wallet_pass_holder WHERE phone = '${FRIEND_PHONE}' AND deleted_at IS NULL`
      )
      await page.goto(`${base}/app/customers/${friendRows[0].customer_id}`)
      const friendWidget = page.getByTestId("wallet-pass-widget")
      await friendWidget.getByTestId("wallet-pass-bonuses").getByText("Card installed").waitFor()
      await friendWidget.getByTestId("wallet-pass-referral").getByText("referral bonus waits").waitFor()
      step("store events: the friend's birthday (today) goes to the service's trigger within a minute and shows")
      const birthdaySent = friendWidget.getByTestId("wallet-pass-store-events-sent").getByText("birthday as")
      const eventDeadline = Date.now() + 90_000
      while (!(await birthdaySent.isVisible())) {
        if (Date.now() > eventDeadline)
          throw new Error(
            `no birthday event in the widget after 90 s; the emulator received ${JSON.stringify(emulator.snapshot().events)}`
          )
        await new Promise((r) => setTimeout(r, 3_000))
        await page.reload()
        await friendWidget.getByTestId("wallet-pass-balance").waitFor()
      }
      if (!emulator.snapshot().events.some((e) => e.event === "birthday" && e.phone === FRIEND_PHONE))
        throw new Error("the widget shows a birthday event the emulator did not receive")
      await friendWidget.scrollIntoViewIfNeeded()
      await friendWidget.screenshot({ path: path.join(ARTIFACTS, "14-customer-bonuses.png") })
      await page.goto(`${base}/app/wallet-pass`)
      const storeEvents = page.getByTestId("wallet-pass-store-events")
      await storeEvents.getByText("cart.abandoned").waitFor()
      await storeEvents.getByTestId("wallet-pass-events-cap").getByText("1 of 500 sent today").waitFor()
      await storeEvents.scrollIntoViewIfNeeded()
      await storeEvents.screenshot({ path: path.join(ARTIFACTS, "15-store-events.png") })
    } catch (e) {
      await shot("failure").catch(() => {})
      throw e
    }
    step(`OK in ${((Date.now() - started) / 1000).toFixed(0)} s; screenshots in ${path.relative(root, ARTIFACTS)}/`)
  } finally {
    for (const c of cleanups.reverse())
      await Promise.resolve()
        .then(c)
        .catch(() => {})
  }
}

// Explicit exit codes: a library in the store's toolchain may reset process.exitCode.
main().then(
  () => process.exit(0),
  (e) => {
    fail(e.stack || e.message)
    process.exit(1)
  }
)
