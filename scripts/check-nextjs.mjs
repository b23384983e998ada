#!/usr/bin/env node
// `npm run check:nextjs` (run by .ci/run): the example Next.js storefront (examples/nextjs: the
// Next.js Starter's shape with the plugin's React pieces) built with `next build`, started with
// `next start` against `npm run dev`'s store, and used in Debian's Chromium (playwright-core):
//
// - a desktop shopper signs up with a phone, waits while the card is issued, proves the phone
//   with the code the service texts (the emulator's /_emulator/state `sms`), and sees the card
//   (the balance, percents and credits the service set, the level and the way to the next),
//   and Add to Wallet as the QR code of the form link (decoded from a screenshot with jsQR);
// - the same shopper pays part of a cart with bonus (the store's max offered, the total the
//   store's) and removes it;
// - on an iPhone "Add to Apple Wallet" leads to the customer's iOS link, on an Android phone
//   "Add to Google Wallet" to the Android link (both read from the store with their token);
// - the card installed at the service: the page says so.
//
// It fails on any console error of a page or error of the Next.js server. The React pieces are
// the repository's source, or with WALLET_PASS_STOREFRONT=build the built package
// (.medusa/server, as npm ships it: CI runs it after `npm run build`). Screenshots go to
// test-artifacts/nextjs/. Exits non-zero on any failure; stops everything it started.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import {
  check,
  decodeQr,
  DEVICES,
  http,
  launchChromium,
  recordConsoleErrors,
  serviceCreditsTheShopper,
} from "./lib/browser-check.mjs"
import { APP, buildExample, exampleEnv, installExample, startExample, syncExample } from "./lib/nextjs-example.mjs"
import { endDevRun, npmRun } from "./lib/npm-run.mjs"
import { freePort, root, stopProcessGroup, waitFor } from "./lib/store-app.mjs"

const ARTIFACTS = path.join(root, "test-artifacts/nextjs")
const READY_TIMEOUT_MS = 5 * 60_000
const UI_TIMEOUT_MS = 60_000 // enrolment goes through the service's queue; a first page renders on demand
const FROM_BUILD = process.env.WALLET_PASS_STOREFRONT === "build"
// Levels, to see the level and the way to the next on the card (docs/program.md).
const PROGRAM = {
  ratesOwner: "service",
  tiers: {
    windowDays: null,
    levels: [
      { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
      { name: "Silver", threshold: 100, bonusPercent: 5, discountPercent: 5 },
    ],
  },
}
const started = Date.now()
const step = (m) => console.log(`[check-nextjs] ${String(Math.round((Date.now() - started) / 1000)).padStart(4)}s ${m}`)
const amountOf = async (locator) => Number(await locator.getAttribute("data-amount"))

/** The example installed and built in its copy; answers what each part took. */
async function prepareExample() {
  syncExample()
  const installed = installExample((out) => console.log(`[npm ci] ${out.replace(/\n/g, "\n[npm ci] ")}`))
  const built = await buildExample(exampleEnv(process.env, { fromBuild: FROM_BUILD }), (line) =>
    console.log(`[next build] ${line}`)
  )
  return { installed, built }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-pass-nextjs-check-"))
  fs.chmodSync(dataDir, 0o755) // as root, the embedded Postgres runs as the postgres user: it must get in
  const port = await freePort()
  // What a new user has: no DATABASE_URL, no WALLET_PASS_* (the CI's DB_* are dropped too).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(DATABASE_URL|DB_|WALLET_PASS_|MEDUSA_REDIS_URL|PORT$|STORE_CORS|AUTH_CORS|MEDUSA_BACKEND|NEXT_)/.test(k)
    )
  )
  Object.assign(env, {
    WALLET_PASS_DEV_DATA: dataDir,
    PORT: String(port),
    WALLET_PASS_EMULATOR_PORT: String(await freePort()),
    WALLET_PASS_PROGRAM: JSON.stringify(PROGRAM),
  })
  fs.rmSync(ARTIFACTS, { recursive: true, force: true })
  fs.mkdirSync(ARTIFACTS, { recursive: true })

  step(`npm run dev (data in ${dataDir}, port ${port}); meanwhile the example in ${path.relative(root, APP)}`)
  let ready = false
  const dev = npmRun("dev", env, { onLine: (line) => (ready ||= line.includes("wallet-pass dev store ready")) })
  let next
  let browser
  const shots = [] // kept in memory until the store has stopped: `medusa develop` restarts on files written in the project
  const shot = async (page, name) => shots.push([name, await page.screenshot({ fullPage: true })])
  const errors = [] // console errors of the pages, errors of the Next.js server
  let current
  try {
    const [prepared] = await Promise.all([
      prepareExample(),
      Promise.race([
        waitFor(() => ready, "npm run dev to print ready", READY_TIMEOUT_MS),
        dev.exited.then((code) => {
          throw new Error(`npm run dev exited (${code}) before it was ready`)
        }),
      ]),
    ])
    step(
      `example: ${prepared.installed === null ? "dependencies already installed" : `npm ci in ${prepared.installed.toFixed(0)} s`}, ` +
        `next build in ${prepared.built.toFixed(0)} s (React pieces from ${FROM_BUILD ? ".medusa/server" : "src/"})`
    )
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, "dev.json"), "utf8"))
    const control = info.emulator.control_url
    const emulatorOrigin = new URL(info.emulator.api_url).origin

    const nextPort = await freePort()
    next = startExample(
      exampleEnv(env, { storeUrl: info.store_url, publishableKey: info.publishable_key, fromBuild: FROM_BUILD }),
      nextPort
    )
    const relay = (stream) =>
      stream.on("data", (chunk) => {
        for (const line of chunk
          .toString()
          .split("\n")
          .filter((l) => l.trim())) {
          console.log(`[next start] ${line}`)
          if (/⨯|\bError\b/.test(line)) errors.push(`next start: ${line}`)
        }
      })
    relay(next.child.stdout)
    relay(next.child.stderr)
    const base = `http://localhost:${nextPort}`
    await Promise.race([
      waitFor(async () => (await fetch(base, { redirect: "manual" })).status > 0, "next start to answer", 60_000),
      next.exited.then((code) => {
        throw new Error(`next start exited (${code})`)
      }),
    ])
    step(`next start on ${base}`)

    browser = await launchChromium()
    const open = async (device) => {
      const context = await browser.newContext(DEVICES[device])
      // The links open the service's pages, which the emulator does not serve: answer them here.
      await context.route(
        (u) => u.origin === emulatorOrigin,
        (route) => route.fulfill({ contentType: "text/html", body: "<h1>The service's install page</h1>" })
      )
      const page = await context.newPage()
      page.setDefaultTimeout(UI_TIMEOUT_MS)
      page.setDefaultNavigationTimeout(UI_TIMEOUT_MS)
      recordConsoleErrors(page, device, errors)
      current = page
      return page
    }
    const tokenOf = async (page) => (await page.context().cookies()).find((c) => c.name === "_medusa_jwt")?.value

    // 1. A desktop shopper signs up with a phone; the card is issued; the phone is proven.
    const run = Date.now().toString(36)
    const shopper = {
      email: `next-${run}@example.com`,
      password: "shopper-password",
      phone: `+49152${String(Date.now()).slice(-8)}`,
    }
    step(`desktop: sign up (${shopper.email}, ${shopper.phone})`)
    const desktop = await open("desktop")
    await desktop.goto(`${base}/account`)
    check(/\/de\/account$/.test(desktop.url()), `the middleware sent /account to ${desktop.url()}`)
    await desktop.getByRole("button", { name: "Join us" }).click()
    await desktop.getByLabel("First name").fill("Mia")
    await desktop.getByLabel("Last name").fill("Keller")
    await desktop.getByLabel("Email").fill(shopper.email)
    await desktop.getByLabel("Phone").fill(shopper.phone)
    await desktop.getByLabel("Password").fill(shopper.password)
    await shot(desktop, "1-desktop-sign-up")
    await desktop.getByRole("button", { name: "Join", exact: true }).click()
    await desktop.getByRole("heading", { name: "Hello Mia" }).waitFor()
    await desktop.getByRole("link", { name: "Wallet pass" }).click()
    await desktop.getByRole("heading", { name: "Wallet pass" }).waitFor()

    step("desktop: the card issued; prove the phone")
    await desktop.getByRole("button", { name: "Text me a code" }).click()
    const smsWithCode = await waitFor(
      async () => {
        const state = await http("GET", `${control}/state`)
        return state.sms.find((s) => s.phone === shopper.phone && /\b\d{6}\b/.test(s.text))
      },
      "the code's SMS at the emulator",
      UI_TIMEOUT_MS
    )
    const code = /\b(\d{6})\b/.exec(smsWithCode.text)[1]
    await desktop.getByLabel(/Code sent to/).fill(code === "000000" ? "111111" : "000000")
    await desktop.getByRole("button", { name: "Verify" }).click()
    const wrong = await desktop.locator('[data-wallet-pass="error"]').innerText()
    check(/attempt/i.test(wrong), `a wrong code says "${wrong}"`)
    await desktop.getByLabel(/Code sent to/).fill(code)
    await shot(desktop, "2-desktop-verify-phone")
    await desktop.getByRole("button", { name: "Verify" }).click()
    await desktop.getByTestId("add-to-wallet-block").waitFor()

    // 2. The service sets the rates and credits bonus, two credits of it expiring.
    step("the service: bonus 5%, discount 10%, credits of 60 (30 days) and 15 (5 days)")
    const token = await tokenOf(desktop)
    check(token, "no _medusa_jwt cookie after signing up")
    const me = { "x-publishable-api-key": info.publishable_key, authorization: `Bearer ${token}` }
    const pass = await serviceCreditsTheShopper({
      control,
      storeUrl: info.store_url,
      headers: me,
      phone: shopper.phone,
      timeoutMs: UI_TIMEOUT_MS,
    })

    // 3. The card, its level, what expires, and the QR code of the form link.
    step("desktop: the card, the level, what expires, the QR code")
    await desktop.reload()
    check((await amountOf(desktop.getByTestId("pass-balance"))) === 75, "75 on the card")
    const rates = await desktop.getByTestId("pass-rates").innerText()
    check(/5%.*back/s.test(rates) && /10%.*off/s.test(rates), `the card's rates read "${rates}"`)
    const expiring = await desktop.getByTestId("expiring").locator("li").allInnerTexts()
    check(expiring.length === 2 && /15/.test(expiring[0]) && /60/.test(expiring[1]), `expiring: ${expiring}`)
    check(
      (await desktop.getByTestId("pass-installed").innerText()).includes("Not in a wallet"),
      "the card should not be installed yet"
    )
    const bar = desktop.getByRole("progressbar", { name: "Progress to Silver" })
    check((await bar.getAttribute("max")) === "100", `the level bar's max is ${await bar.getAttribute("max")}`)
    const level = await desktop.locator('[data-wallet-pass="level-progress"]').innerText()
    check(/Base/.test(level) && /Spend €100\.00 more to reach Silver/.test(level), `the level reads "${level}"`)
    check(
      (await desktop.locator('[data-wallet-pass="wallet-button"]').count()) === 0,
      "a desktop shows no wallet button"
    )
    const qr = desktop.getByRole("img", { name: /QR code/ })
    const decoded = await decodeQr(desktop, qr)
    check(decoded === pass.links.form, `the QR code reads ${decoded}, the form link is ${pass.links.form}`)
    step(`QR code decoded: ${decoded}`)
    await shot(desktop, "3-desktop-wallet-pass")

    // 4. The cart: pay part of it with bonus, then remove it.
    step("desktop: the cart, paying with bonus")
    await desktop.goto(`${base}/de`)
    await desktop.getByTestId("add-to-cart").first().click()
    await desktop.waitForURL(/\/de\/cart$/)
    const total = desktop.getByTestId("cart-total")
    const cartId = (await desktop.context().cookies()).find((c) => c.name === "_medusa_cart_id")?.value
    check(cartId, "no _medusa_cart_id cookie after adding to the cart")
    const cartOf = async () => (await http("GET", `${info.store_url}/store/carts/${cartId}`, { headers: me })).cart
    const cart = await cartOf()
    const before = await amountOf(total)
    check(before === cart.total, `the page's total ${before}, the store's ${cart.total}`)
    // The store's cap: 50% of the items (npm run dev), within the balance of 75.
    const expectedMax = Math.min(75, Math.floor(cart.item_total * 50) / 100)
    const max = desktop.locator('[data-wallet-pass="bonus-max"]')
    check((await amountOf(max)) === expectedMax, `the cart offers ${await amountOf(max)}, expected ${expectedMax}`)
    const amount = desktop.getByLabel("Bonus to use")
    check((await amount.inputValue()) === String(expectedMax), `the amount starts at ${await amount.inputValue()}`)
    await amount.fill("lots")
    await desktop.getByRole("button", { name: "Apply" }).click()
    const refusal = await desktop.locator('[data-wallet-pass="error"]').innerText()
    check(/Enter an amount/.test(refusal), `a word is refused before the store: "${refusal}"`)
    await amount.fill("30")
    await desktop.getByRole("button", { name: "Apply" }).click()
    const bonusLine = desktop.getByTestId("cart-bonus")
    await bonusLine.waitFor()
    check((await bonusLine.innerText()).includes("30.00"), `the bonus line reads "${await bonusLine.innerText()}"`)
    const withBonus = (await cartOf()).total
    check(withBonus < before && withBonus >= before - 30, `the store's total with 30 of bonus: ${withBonus}`)
    await waitFor(async () => (await amountOf(total)) === withBonus, `the page's total at ${withBonus}`, 20_000)
    await shot(desktop, "4-desktop-cart-with-bonus")
    await desktop.getByRole("button", { name: "Remove" }).click()
    await waitFor(async () => (await amountOf(total)) === before, `the total back at ${before}`, 20_000)
    check((await cartOf()).total === before, "the store's cart total restored")
    check((await bonusLine.count()) === 0, "no bonus line once removed")
    step(`total ${before} → ${withBonus} with 30 of bonus → ${before} once removed`)

    // 5. Phones: the button for the device leads to the device's link.
    for (const [device, label, link, n] of [
      ["iphone", "Add to Apple Wallet", pass.links.ios, 5],
      ["android", "Add to Google Wallet", pass.links.android, 6],
    ]) {
      step(`${device}: sign in, "${label}"`)
      const phone = await open(device)
      await phone.goto(`${base}/de/account`)
      await phone.getByLabel("Email").fill(shopper.email)
      await phone.getByLabel("Password").fill(shopper.password)
      await phone.getByRole("button", { name: "Sign in" }).click()
      await phone.getByRole("link", { name: "Wallet pass" }).click()
      const button = phone.getByRole("link", { name: label })
      await button.waitFor()
      const box = await button.boundingBox()
      check(box && box.height >= 48, `the ${device} button is ${box?.height} px tall`)
      check((await phone.getByRole("img", { name: /QR code/ }).count()) === 0, `a QR code on the ${device}`)
      await shot(phone, `${n}-${device}-wallet-pass`)
      const [request] = await Promise.all([phone.waitForRequest((r) => r.isNavigationRequest()), button.click()])
      check(request.url() === link, `"${label}" went to ${request.url()}, the link is ${link}`)
      step(`${device}: went to ${request.url()}`)
      await phone.context().close()
      current = desktop
    }

    // 6. The card installed: the page says so.
    step("the service: the card installed (createCustomer); the desktop page")
    await http("POST", `${control}/install`, { body: { phone: shopper.phone } })
    await waitFor(
      async () =>
        (await http("GET", `${info.store_url}/store/customers/me/wallet-pass`, { headers: me })).wallet_pass.installed,
      "the store to show the card installed",
      UI_TIMEOUT_MS
    )
    await desktop.goto(`${base}/de/account/wallet-pass`)
    check(
      (await desktop.getByTestId("pass-installed").innerText()).includes("In your wallet"),
      'the card "In your wallet"'
    )
    await desktop.getByRole("heading", { name: "Add it to another phone" }).waitFor()
    await shot(desktop, "7-desktop-installed")

    // 7. Issue 41: a second account with the same phone, written another way: the page asks
    // only for the code (never "We could not issue your card" beside it).
    const signUp = async (device, who) => {
      const page = await open(device)
      await page.goto(`${base}/de/account`)
      await page.getByRole("button", { name: "Join us" }).click()
      await page.getByLabel("First name").fill(who.first)
      await page.getByLabel("Last name").fill("Keller")
      await page.getByLabel("Email").fill(who.email)
      await page.getByLabel("Phone").fill(who.phone)
      await page.getByLabel("Password").fill(shopper.password)
      await page.getByRole("button", { name: "Join", exact: true }).click()
      await page.getByRole("heading", { name: `Hello ${who.first}` }).waitFor()
      await page.getByRole("link", { name: "Wallet pass" }).click()
      await page.getByRole("heading", { name: "Wallet pass" }).waitFor()
      return page
    }
    step("a second account with the same phone: the code prompt only")
    const spaced = shopper.phone.replace(/^(\+49)(\d{3})(\d+)$/, "$1 $2 $3")
    const greta = await signUp("desktop", { first: "Greta", email: `greta-${run}@example.com`, phone: spaced })
    await greta.getByTestId("pass-not-linked").waitFor()
    await greta.getByRole("button", { name: "Text me a code" }).waitFor()
    check((await greta.getByTestId("pass-contact").count()) === 0, '"could not issue" beside the code prompt')
    await shot(greta, "8-same-phone-verify")

    // 8. An invalid phone: why, and the phone's form; once it reads, the card comes.
    step("an invalid phone: the page asks for it again, then the card comes")
    const ella = await signUp("desktop", { first: "Ella", email: `ella-${run}@example.com`, phone: "12345" })
    await ella.getByTestId("pass-phone-problem").waitFor()
    check((await ella.getByTestId("pass-issuing").count()) === 0, '"being issued" for a phone that cannot be read')
    await shot(ella, "9-invalid-phone")
    await ella.getByTestId("fix-phone-input").fill(`+49152${String(Date.now() + 7).slice(-8)}`)
    await ella.getByTestId("fix-phone-save").click()
    await ella.getByTestId("pass-phone-problem").waitFor({ state: "detached" })
    const ellaToken = await tokenOf(ella)
    const ellaHeaders = { "x-publishable-api-key": info.publishable_key, authorization: `Bearer ${ellaToken}` }
    await waitFor(
      async () =>
        (await http("GET", `${info.store_url}/store/customers/me/wallet-pass`, { headers: ellaHeaders })).wallet_pass
          ?.enrolled,
      "Ella's card issued once her phone reads",
      UI_TIMEOUT_MS * 2
    )
    await ella.reload()
    await ella.getByRole("button", { name: "Text me a code" }).waitFor()
    await shot(ella, "9b-phone-fixed")
    if (errors.length) throw new Error(`console or server errors:\n- ${errors.join("\n- ")}`)
    step("no console error on any page, no error of the Next.js server")
  } catch (e) {
    if (current) await shot(current, "failure").catch(() => {})
    if (errors.length) console.error(`[check-nextjs] errors seen:\n- ${errors.join("\n- ")}`)
    throw e
  } finally {
    await browser?.close().catch(() => {})
    if (next) await stopProcessGroup(next.child, next.exited)
    await endDevRun({ dev, dataDir, shots, artifacts: ARTIFACTS, step })
  }
  step(`OK in ${Math.round((Date.now() - started) / 1000)} s; screenshots in ${path.relative(root, ARTIFACTS)}/`)
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`[check-nextjs] FAILED: ${e.stack || e.message}`)
    process.exit(1)
  }
)
