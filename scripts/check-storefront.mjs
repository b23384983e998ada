#!/usr/bin/env node
// `npm run check:storefront` (run by .ci/run): the example storefront (examples/storefront) in a
// browser against `npm run dev`'s store, as a shopper uses it. `npm run dev` with a fresh data
// folder and free ports, then `npm run storefront`, then in Debian's Chromium (playwright-core):
//
// - on a desktop: create an account with a phone, verify the phone with the code the service
//   texts, see the card (the balance and percents the service set, the credits that expire),
//   the QR code (decoded from a screenshot of it: the customer's form link), and pay part of
//   the cart with bonus (the total falls by it; removing it restores the total);
// - with an iPhone's user agent: "Add to Apple Wallet" leads to the customer's iOS pass link;
// - with an Android phone's: "Add to Google Wallet" leads to the Android link;
// - the card installed (the service's createCustomer hook): the page says so;
// - every page console-clean, a guest's first load as much as a signed-in shopper's pages: a
//   console error, an uncaught error, a request that fails or answers 4xx/5xx fails the check
//   (only requests a navigation of the check's own cancels are expected).
//
// The expected links and totals come from the store's own routes, read with the shopper's
// token. Screenshots go to test-artifacts/storefront/. Exits non-zero on any failure; stops
// everything it started.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { check, decodeQr, http, serviceCreditsTheShopper } from "./lib/browser-check.mjs"
import { freePort, root, stopProcessGroup, waitFor } from "./lib/store-app.mjs"
import { endDevRun, npmRun } from "./lib/npm-run.mjs"

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
const ARTIFACTS = path.join(root, "test-artifacts/storefront")
const READY_TIMEOUT_MS = 5 * 60_000
const UI_TIMEOUT_MS = 60_000 // a page compiles through Vite on first load; enrolment goes through the queue
const TOKEN_KEY = "linden_store_jwt" // where examples/storefront/src/sdk.ts keeps the shopper's token
const UA = {
  desktop:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
}
const started = Date.now()
const step = (m) =>
  console.log(`[check-storefront] ${String(Math.round((Date.now() - started) / 1000)).padStart(4)}s ${m}`)

const amountOf = async (locator) => Number(await locator.getAttribute("data-amount"))

/** What the pages logged or failed that a shopper's browser would show in its console. */
const consoleProblems = []
/** Pages the check itself is navigating away from (a reload, a link followed): their cancelled requests are expected. */
const navigatingAway = new WeakSet()
const leaving = (page) => navigatingAway.add(page)
const arrived = (page) => navigatingAway.delete(page)

/** Records every console error, uncaught error, failed request and 4xx/5xx answer of `page`. */
function watchConsole(page, label) {
  page.on("console", (m) => {
    if (m.type() === "error") consoleProblems.push(`${label}: console error: ${m.text()}`)
  })
  page.on("pageerror", (e) => consoleProblems.push(`${label}: uncaught: ${e.message}`))
  page.on("requestfailed", (r) => {
    const why = r.failure()?.errorText ?? "failed"
    if (why === "net::ERR_ABORTED" && navigatingAway.has(page)) return
    consoleProblems.push(`${label}: ${r.method()} ${r.url()} failed: ${why}`)
  })
  page.on("response", (r) => {
    if (r.status() >= 400) consoleProblems.push(`${label}: ${r.request().method()} ${r.url()} answered ${r.status()}`)
  })
}

/** Fails when a page logged or failed anything since the last check. */
function consoleClean(what) {
  const found = consoleProblems.splice(0)
  check(!found.length, `${what}: the browser's console is not clean:\n  ${found.join("\n  ")}`)
  step(`${what}: console clean`)
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-pass-storefront-check-"))
  fs.chmodSync(dataDir, 0o755) // as root, the embedded Postgres runs as the postgres user: it must get in
  const port = await freePort()
  // What a new user has: no DATABASE_URL, no WALLET_PASS_* (the CI's DB_* are dropped too).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|DB_|WALLET_PASS_|MEDUSA_REDIS_URL|PORT$|STORE_CORS|AUTH_CORS|VITE_)/.test(k)
    )
  )
  Object.assign(env, {
    WALLET_PASS_DEV_DATA: dataDir,
    PORT: String(port),
    WALLET_PASS_EMULATOR_PORT: String(await freePort()),
  })
  fs.rmSync(ARTIFACTS, { recursive: true, force: true })
  fs.mkdirSync(ARTIFACTS, { recursive: true })

  step(`npm run dev (data in ${dataDir}, port ${port})`)
  let ready = false
  const dev = npmRun("dev", env, { onLine: (line) => (ready ||= line.includes("wallet-pass dev store ready")) })
  let storefront
  let browser
  // Kept in memory until the store has stopped: `medusa develop` restarts on any file written
  // inside the project.
  const shots = []
  const shot = async (page, name) => shots.push([name, await page.screenshot({ fullPage: true })])
  let current // the page a failure screenshot is taken of
  try {
    await Promise.race([
      waitFor(() => ready, "npm run dev to print ready", READY_TIMEOUT_MS),
      dev.exited.then((code) => {
        throw new Error(`npm run dev exited (${code}) before it was ready`)
      }),
    ])
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, "dev.json"), "utf8"))
    const control = info.emulator.control_url
    const emulatorOrigin = new URL(info.emulator.api_url).origin

    step("npm run storefront")
    let url = null
    storefront = npmRun(
      "storefront",
      { ...env, STOREFRONT_PORT: String(await freePort()) },
      { onLine: (line) => (url ??= /^\s+Storefront\s+(http\S+)/.exec(line)?.[1] ?? null) }
    )
    await Promise.race([
      waitFor(() => url, "npm run storefront to print its URL", 60_000),
      storefront.exited.then((code) => {
        throw new Error(`npm run storefront exited (${code}) before it printed its URL`)
      }),
    ])

    if (!fs.existsSync(CHROMIUM))
      throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`)
    const { chromium } = await import("playwright-core")
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 60_000,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    })
    const open = async (options, label) => {
      const context = await browser.newContext(options)
      // The links open the service's pages, which the emulator does not serve: answer them here.
      await context.route(
        (u) => u.origin === emulatorOrigin,
        (route) => route.fulfill({ contentType: "text/html", body: "<h1>The service's install page</h1>" })
      )
      const page = await context.newPage()
      watchConsole(page, label)
      page.setDefaultTimeout(UI_TIMEOUT_MS)
      page.setDefaultNavigationTimeout(UI_TIMEOUT_MS)
      current = page
      return page
    }

    // 1. A desktop shopper creates an account with a phone.
    const run = Date.now().toString(36)
    const shopper = {
      email: `shopper-${run}@example.com`,
      password: "shopper-password",
      phone: `+49152${String(Date.now()).slice(-8)}`,
    }
    step(`desktop: create an account (${shopper.email}, ${shopper.phone})`)
    const desktop = await open({ viewport: { width: 1280, height: 900 }, userAgent: UA.desktop }, "desktop")
    await desktop.goto(url)
    await desktop.getByRole("tab", { name: "Create account" }).click()
    await desktop.getByTestId("add-to-cart").first().waitFor()
    await desktop.waitForLoadState("networkidle")
    await shot(desktop, "1-desktop-signed-out")
    consoleClean("a guest's first page load")
    await desktop.getByLabel("First name").fill("Mia")
    await desktop.getByLabel("Last name").fill("Keller")
    await desktop.getByLabel("Email").fill(shopper.email)
    await desktop.getByLabel("Mobile phone").fill(shopper.phone)
    await desktop.getByLabel("Password").fill(shopper.password)
    await desktop.getByRole("button", { name: "Create account" }).click()

    // 2. The card is issued; the phone is verified with the code the service texts.
    step("desktop: the card issued; verify the phone")
    await desktop.getByTestId("send-code").click()
    const smsWithCode = await waitFor(
      async () => {
        const state = await http("GET", `${control}/state`)
        return state.sms.find((s) => s.phone === shopper.phone && /\b\d{6}\b/.test(s.text))
      },
      "the code's SMS at the emulator",
      UI_TIMEOUT_MS
    )
    await desktop.getByTestId("code").fill(/\b(\d{6})\b/.exec(smsWithCode.text)[1])
    await shot(desktop, "2-desktop-verify-phone")
    await desktop.getByTestId("confirm-code").click()
    await desktop.getByTestId("add-to-wallet-block").waitFor()

    // 3. The service sets the rates and credits bonus, two credits of it expiring.
    step("the service: bonus 5%, discount 10%, credits of 60 (30 days) and 15 (5 days)")
    const token = await desktop.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)
    check(token, `no token under ${TOKEN_KEY} in the page's localStorage`)
    const me = { "x-publishable-api-key": info.publishable_key, authorization: `Bearer ${token}` }
    const pass = await serviceCreditsTheShopper({
      control,
      storeUrl: info.store_url,
      headers: me,
      phone: shopper.phone,
      timeoutMs: UI_TIMEOUT_MS,
    })

    // 4. The desktop sees the card and a QR code of its form link.
    step("desktop: the card, what expires, the QR code")
    leaving(desktop)
    await desktop.reload()
    arrived(desktop)
    await waitFor(async () => (await amountOf(desktop.getByTestId("pass-balance"))) === 75, "75 on the card", 20_000)
    const rates = await desktop.getByTestId("pass-rates").innerText()
    check(/5%.*back/s.test(rates) && /10%.*off/s.test(rates), `the card's rates read "${rates}"`)
    const expiring = await desktop.getByTestId("expiring").locator("li").allInnerTexts()
    check(expiring.length === 2, `expiring shows ${JSON.stringify(expiring)}`)
    check(/15/.test(expiring[0]) && /60/.test(expiring[1]), `expiring, soonest first: ${JSON.stringify(expiring)}`)
    check(
      (await desktop.getByTestId("pass-installed").innerText()).includes("Not in a wallet"),
      "the card should not be installed yet"
    )
    check((await desktop.getByTestId("add-to-wallet").count()) === 0, "a desktop shows no Add to Wallet button")
    const qr = desktop.getByTestId("wallet-qr")
    await qr.waitFor()
    const decoded = await decodeQr(desktop, qr)
    check(decoded === pass.links.form, `the QR code reads ${decoded}, the form link is ${pass.links.form}`)
    step(`QR code decoded: ${decoded}`)
    await shot(desktop, "3-desktop-my-pass")

    // 5. The cart: pay with bonus, then remove it.
    step("desktop: the cart, paying with bonus")
    await desktop.getByTestId("add-to-cart").first().click()
    const total = desktop.getByTestId("cart-total")
    await total.waitFor()
    const cartId = await desktop.evaluate(() => localStorage.getItem("linden_store_cart"))
    const cartOf = async () => (await http("GET", `${info.store_url}/store/carts/${cartId}`, { headers: me })).cart
    const cart = await cartOf()
    const before = await amountOf(total)
    check(before === cart.total, `the page's total ${before}, the store's ${cart.total}`)
    // The store's cap: 50% of the items after the 10% off (npm run dev), within the balance of 75.
    const expectedMax = Math.min(75, Math.floor(cart.item_total * 50) / 100)
    const max = desktop.getByTestId("bonus-max")
    await max.waitFor()
    check((await amountOf(max)) === expectedMax, `the control offers ${await amountOf(max)}, expected ${expectedMax}`)
    await desktop.getByTestId("bonus-amount").fill("30")
    await desktop.getByTestId("apply-bonus").click()
    const bonusLine = desktop.getByTestId("cart-bonus")
    await bonusLine.waitFor()
    check((await bonusLine.innerText()).includes("30.00"), `the bonus line reads "${await bonusLine.innerText()}"`)
    // The page shows the store's new total: 30 less (the 10% off stays taken on the price:
    // docs/loyalty.md, "Paying with bonus").
    const withBonus = (await cartOf()).total
    check(Math.abs(withBonus - (before - 30)) < 0.005, `the store's total with 30 of bonus: ${withBonus}`)
    check((await amountOf(total)) === withBonus, `the page's total ${await amountOf(total)}, the store's ${withBonus}`)
    await shot(desktop, "4-desktop-cart-with-bonus")
    await desktop.getByTestId("remove-bonus").click()
    await waitFor(async () => (await amountOf(total)) === before, `the total back at ${before}`, 20_000)
    check((await cartOf()).total === before, "the store's cart total restored")
    check((await bonusLine.count()) === 0, "no bonus line once removed")
    step(`total ${before} → ${withBonus} with 30 of bonus → ${before} once removed`)

    // 6. Phones: the button for the device leads to the device's link.
    for (const [device, ua, viewport, label, link] of [
      ["iphone", UA.iphone, { width: 390, height: 844 }, "Apple Wallet", pass.links.ios],
      ["android", UA.android, { width: 412, height: 915 }, "Google Wallet", pass.links.android],
    ]) {
      step(`${device}: sign in, "Add to ${label}"`)
      const phone = await open(
        { viewport, userAgent: ua, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
        device
      )
      await phone.goto(url)
      await phone.getByLabel("Email").fill(shopper.email)
      await phone.getByLabel("Password").fill(shopper.password)
      await phone.getByRole("button", { name: "Sign in" }).click()
      const button = phone.getByTestId("add-to-wallet")
      await button.waitFor()
      const text = (await button.innerText()).replace(/\s+/g, " ")
      check(text.includes(`Add to ${label}`), `the ${device} button reads "${text}"`)
      check((await phone.getByTestId("wallet-qr").count()) === 0, `a QR code on the ${device}`)
      await shot(phone, `${device === "iphone" ? 5 : 6}-${device}-my-pass`)
      leaving(phone) // the button leaves the page: what it was still loading is cancelled
      const [request] = await Promise.all([phone.waitForRequest((r) => r.isNavigationRequest()), button.click()])
      check(request.url() === link, `"Add to ${label}" went to ${request.url()}, the link is ${link}`)
      step(`${device}: went to ${request.url()}`)
      await phone.context().close()
      current = desktop
    }

    // 7. The card installed: the page says so.
    step("the service: the card installed (createCustomer); the desktop page")
    await http("POST", `${control}/install`, { body: { phone: shopper.phone } })
    await waitFor(
      async () => {
        const { wallet_pass } = await http("GET", `${info.store_url}/store/customers/me/wallet-pass`, { headers: me })
        return wallet_pass.installed
      },
      "the store to show the card installed",
      UI_TIMEOUT_MS
    )
    leaving(desktop)
    await desktop.reload()
    arrived(desktop)
    await waitFor(
      async () => (await desktop.getByTestId("pass-installed").innerText()).includes("In your wallet"),
      'the card "In your wallet"',
      20_000
    )
    // After a reload the cart comes back with its "Pay with bonus" control, and the QR code.
    await desktop.getByTestId("bonus-max").waitFor()
    await desktop.getByTestId("wallet-qr").waitFor()
    await desktop.waitForLoadState("networkidle")
    await shot(desktop, "7-desktop-installed")
    consoleClean("a signed-in shopper's pages")

    // 8. Issue 41: a second account with the same phone, written another way. The pass is the
    // first account's: the page asks only for the code (no "could not issue" beside it).
    step("a second account with the same phone: the code prompt only")
    const signUp = async (label, who) => {
      const page = await open({ viewport: { width: 1280, height: 900 }, userAgent: UA.desktop }, label)
      await page.goto(url)
      await page.getByRole("tab", { name: "Create account" }).click()
      await page.getByLabel("First name").fill(who.first)
      await page.getByLabel("Last name").fill("Keller")
      await page.getByLabel("Email").fill(who.email)
      await page.getByLabel("Mobile phone").fill(who.phone)
      await page.getByLabel("Password").fill(shopper.password)
      await page.getByRole("button", { name: "Create account" }).click()
      return page
    }
    const spaced = shopper.phone.replace(/^(\+49)(\d{3})(\d+)$/, "$1 $2 $3")
    const second = await signUp("same phone", { first: "Greta", email: `greta-${run}@example.com`, phone: spaced })
    await second.getByTestId("pass-not-linked").waitFor()
    await second.getByTestId("send-code").waitFor()
    check((await second.getByTestId("my-pass").getAttribute("data-step")) === "verify", "the same phone's step")
    check((await second.getByTestId("pass-contact").count()) === 0, '"could not issue" beside the code prompt')
    await second.waitForLoadState("networkidle")
    await shot(second, "8-same-phone-verify")

    // 9. An invalid phone: the page says why and asks for the number again; once it reads, the
    // card is on its way (never "being issued" for a number that cannot be).
    step("an invalid phone: the page asks for it again, then the card comes")
    const invalid = await signUp("invalid phone", { first: "Ella", email: `ella-${run}@example.com`, phone: "12345" })
    await invalid.getByTestId("pass-phone-problem").waitFor()
    check((await invalid.getByTestId("pass-issuing").count()) === 0, '"being issued" for a phone that cannot be read')
    check((await invalid.getByTestId("pass-card").count()) === 0, "a card shown for a phone that cannot be read")
    await invalid.waitForLoadState("networkidle")
    await shot(invalid, "9-invalid-phone")
    const fixed = `+49152${String(Date.now() + 7).slice(-8)}`
    await invalid.getByTestId("fix-phone-input").fill(fixed)
    await invalid.getByTestId("fix-phone-save").click()
    // The number reads: the page leaves the phone's form for the card on its way.
    await invalid.locator('[data-testid="my-pass"]:not([data-step="fix_phone"])').waitFor()
    const ellaToken = await invalid.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)
    const ella = { "x-publishable-api-key": info.publishable_key, authorization: `Bearer ${ellaToken}` }
    await waitFor(
      async () => {
        const { wallet_pass } = await http("GET", `${info.store_url}/store/customers/me/wallet-pass`, { headers: ella })
        return wallet_pass?.enrolled
      },
      "Ella's card issued once her phone reads",
      UI_TIMEOUT_MS * 2
    )
    leaving(invalid)
    await invalid.reload()
    arrived(invalid)
    await invalid.getByTestId("send-code").waitFor()
    await invalid.getByTestId("pass-card").waitFor()
    await shot(invalid, "9b-phone-fixed")
    consoleClean("the same phone and an invalid phone")
  } catch (e) {
    if (current) await shot(current, "failure").catch(() => {})
    throw e
  } finally {
    await browser?.close().catch(() => {})
    if (storefront) await stopProcessGroup(storefront.child, storefront.exited)
    await endDevRun({ dev, dataDir, shots, artifacts: ARTIFACTS, step, port })
  }
  step(`OK in ${Math.round((Date.now() - started) / 1000)} s; screenshots in ${path.relative(root, ARTIFACTS)}/`)
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`[check-storefront] FAILED: ${e.stack || e.message}`)
    process.exit(1)
  }
)
