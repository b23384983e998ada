#!/usr/bin/env node
// `npm run demo`: the whole story against the store and emulator that `npm run dev` started,
// through their HTTP APIs only (store API, admin API, the emulator's control API), printed
// step by step. Every step checks its result; the script exits 1 at the first wrong one.
//
// Reads `<data dir>/dev.json` (WALLET_PASS_DEV_DATA, default .dev-data) written by `npm run dev`.
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const DATA_DIR = path.resolve(root, process.env.WALLET_PASS_DEV_DATA || ".dev-data")
const STEP_TIMEOUT_MS = Number(process.env.WALLET_PASS_DEMO_STEP_TIMEOUT_MS || 60_000)

class DemoFailure extends Error {}

const fail = (message) => {
  throw new DemoFailure(message)
}
let stepNo = 0
const step = (title) => console.log(`\n${++stepNo}. ${title}`)
const say = (text) => console.log(`   ${text}`)
const ok = (text) => console.log(`   ✓ ${text}`)
const money = (n) => Number(n).toFixed(2)
const same = (a, b) => Math.abs(Number(a) - Number(b)) < 0.005

function readInfo() {
  const file = path.join(DATA_DIR, "dev.json")
  if (!fs.existsSync(file))
    fail(`no ${path.relative(root, file)}: start the store first with \`npm run dev\` (and wait for "ready")`)
  const info = JSON.parse(fs.readFileSync(file, "utf8"))
  if (!info.emulator) {
    fail(
      "`npm run dev` is connected to a real service (WALLET_PASS_API_URL): the demo drives the emulator's control API and needs it"
    )
  }
  return info
}

/** JSON over HTTP; a non-2xx answer fails the step with the route's own message. */
async function http(method, url, { body, headers = {} } = {}) {
  const res = await fetch(url, {
    method,
    headers: { ...(body !== undefined && { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((e) => fail(`${method} ${url}: ${e.cause?.code ?? e.message} (is \`npm run dev\` running?)`))
  const text = await res.text()
  let json
  try {
    json = text ? JSON.parse(text) : {}
  } catch {
    json = { raw: text }
  }
  if (!res.ok) fail(`${method} ${url} answered ${res.status}: ${json.message ?? json.error ?? text.slice(0, 300)}`)
  return json
}

/**
 * Polls `check` until it returns a truthy value (returned); fails with `what` and the last
 * value seen. A check may return `{ waiting: details }` instead of a falsy value: not done
 * yet, and the details go into the timeout message.
 */
async function until(what, check, timeoutMs = STEP_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs
  let last
  while (Date.now() < deadline) {
    const value = await check()
    if (value && !(typeof value === "object" && "waiting" in value)) return value
    last = value?.waiting ?? value
    await new Promise((r) => setTimeout(r, 250))
  }
  fail(
    `timed out after ${timeoutMs / 1000} s waiting for ${what}${last !== undefined ? ` (last: ${JSON.stringify(last)})` : ""}`
  )
}

async function main() {
  const info = readInfo()
  const store = info.store_url
  const control = info.emulator.control_url
  const pk = { "x-publishable-api-key": info.publishable_key }
  await http("GET", `${store}/health`).catch(() =>
    fail(`the store at ${store} is not answering: is \`npm run dev\` running?`)
  )
  await http("GET", `${control}/health`)

  const run = Date.now().toString(36)
  const phone = `+49151${String(Date.now()).slice(-8)}`
  const email = `demo-${run}@example.com`
  const password = "demo-password"
  const emulatorCustomer = async () => {
    const res = await fetch(`${control}/customers/${encodeURIComponent(phone)}`)
    return res.ok ? res.json().then((j) => j.customer ?? j) : null
  }
  const adminToken = (await http("POST", `${store}/auth/user/emailpass`, { body: info.admin })).token
  const admin = { authorization: `Bearer ${adminToken}` }

  console.log(`Wallet pass demo against ${store} and the emulator at ${info.emulator.api_url}`)
  console.log(`Customer ${email}, phone ${phone}`)

  // 1. Signup -> enrolment; no text to a phone the account has not proven (docs/security.md).
  step(
    "A customer signs up with a phone: the plugin enrols them (user_create_or_update); the unproven phone gets no text"
  )
  const registered = await http("POST", `${store}/auth/customer/emailpass/register`, { body: { email, password } })
  const { customer } = await http("POST", `${store}/store/customers`, {
    body: { email, first_name: "Anna", last_name: "Demo", phone },
    headers: { ...pk, authorization: `Bearer ${registered.token}` },
  })
  const token = (await http("POST", `${store}/auth/customer/emailpass`, { body: { email, password } })).token
  const me = { ...pk, authorization: `Bearer ${token}` }
  say(`store customer ${customer.id}`)
  const enrolled = await until("enrolment recorded in the store", async () => {
    const { wallet_pass } = await http("GET", `${store}/store/customers/me/wallet-pass`, { headers: me })
    return wallet_pass?.enrolled && wallet_pass
  })
  ok(`GET /store/customers/me/wallet-pass: enrolled, form link ${enrolled.links.form}`)
  const texted = (await http("GET", `${control}/state`)).sms.filter((s) => s.phone === phone)
  if (texted.length) fail(`the signup's unproven phone was texted: "${texted[0].text}"`)
  ok("no text to the phone: it is only the account's claim until the account proves it")

  // 2. The pass is installed -> createCustomer links it to the store customer.
  step("The customer installs the card: the service's createCustomer hook links it to the store customer")
  const install = await http("POST", `${control}/install`, { body: { phone, name: "Anna Demo" } })
  if (install.hook?.status !== 200)
    fail(`createCustomer answered ${install.hook?.status}: ${JSON.stringify(install.hook?.response)}`)
  if (install.hook.response?.customerId !== customer.id) {
    fail(`createCustomer answered customerId ${install.hook.response?.customerId}, expected ${customer.id}`)
  }
  ok(`createCustomer answered { customerId: "${customer.id}" }: the same customer, not a new one`)
  // The admin sees the card; the account sees card numbers once it has proven the phone (below).
  const installed = await until("the card shown installed", async () => {
    const { wallet_pass } = await http("GET", `${store}/admin/customers/${customer.id}/wallet-pass`, { headers: admin })
    return wallet_pass?.cards.find((c) => c.number === install.card && c.installed) && wallet_pass
  })
  ok(
    `card ${install.card} installed; balance ${money(installed.balance)} ${installed.currency_code?.toUpperCase() ?? ""}`
  )

  // 2b. The account proves the phone: a code texted through the service.
  step(
    "The customer proves the phone with a code texted through the service: their whole balance and install links show"
  )
  await http("POST", `${store}/store/customers/me/wallet-pass/verification`, { headers: me })
  const codeText = await until("the code's SMS at the emulator", async () => {
    const state = await http("GET", `${control}/state`)
    return state.sms.find((s) => s.phone === phone && /\b\d{6}\b/.test(s.text))
  })
  const code = /\b(\d{6})\b/.exec(codeText.text)[1]
  await http("POST", `${store}/store/customers/me/wallet-pass/verification/confirm`, { body: { code }, headers: me })
  const verified = (await http("GET", `${store}/store/customers/me/wallet-pass`, { headers: me })).wallet_pass
  if (!verified.verified || !verified.links.ios)
    fail(`after the code the pass shows verified ${verified.verified}, iOS link ${verified.links.ios}`)
  ok(`code ${code} confirmed: verified, iOS link ${verified.links.ios}`)

  // 3. Privileges -> the discount percent in the cart price.
  step("The service sets bonus 5% and discount 10% (setPrivileges): the discount shows in cart prices")
  const privileges = await http("POST", `${control}/privileges`, { body: { phone, bonus: 5, discount: 10 } })
  if (privileges.hooks?.[0]?.status !== 200) fail(`setPrivileges answered ${privileges.hooks?.[0]?.status}`)
  const pass = (await http("GET", `${store}/store/customers/me/wallet-pass`, { headers: me })).wallet_pass
  if (pass.bonus_percent !== 5 || pass.discount_percent !== 10) {
    fail(`the pass shows bonus ${pass.bonus_percent}% and discount ${pass.discount_percent}%, expected 5% and 10%`)
  }
  ok("the pass shows bonus 5%, discount 10%")
  const cardNow = () => http("GET", `${control}/customers/${encodeURIComponent(phone)}`)
  const cardBefore = await cardNow()
  const checkout = await storefront(store, me)
  const cart = await checkout.cart()
  say(
    `cart: 1 × ${money(cart.item_subtotal)}, discount ${money(cart.discount_total)}, shipping ${money(cart.shipping_total)}, total ${money(cart.total)}`
  )
  if (!same(cart.discount_total, cart.item_subtotal * 0.1))
    fail(`discount ${cart.discount_total}, expected 10% of ${cart.item_subtotal}`)
  ok(`10% off through Medusa's promotions (${cart.promotions?.map((p) => p.code).join(", ") || "automatic promotion"})`)

  // 4. Purchase -> bonus credited once, balance/add to the service.
  step("The customer buys: bonus at 5% of the items after discounts is credited (balance/add)")
  const base = cart.item_subtotal - cart.discount_total
  const expectedBonus = Math.floor(base * 5) / 100 // 5%, rounded down to the cent
  const order1 = await checkout.complete(cart.id)
  say(`order ${order1.display_id ?? order1.id}, total ${money(order1.total)}`)
  await balancesAgree(`a balance of ${money(expectedBonus)}`, expectedBonus)
  const bonus1 = (await http("GET", `${store}/admin/orders/${order1.id}/wallet-pass`, { headers: admin })).wallet_pass
  if (!same(bonus1.credited, expectedBonus))
    fail(`the order shows ${bonus1.credited} credited, expected ${expectedBonus}`)
  ok(
    `credited ${money(bonus1.credited)} (5% of ${money(base)}); store ledger and service card both show ${money(expectedBonus)}`
  )

  // 4b. The card's texts and design follow the level (docs/program.md, "On the card").
  step(
    "The card follows the level: the order reached a new level, and the card got its name, design and what is left to the next"
  )
  const { program: current } = await http("GET", `${store}/admin/wallet-pass/program`, { headers: admin })
  const designs = current.program.pass?.levelTemplates ?? {}
  if (!Object.keys(current.program.pass?.variables ?? {}).length)
    fail("the program sets no card variables: restart `npm run dev` (it configures them) or set WALLET_PASS_PASS")
  const after = await until("the card's texts and design at the emulator", async () => {
    const { wallet_pass } = await http("GET", `${store}/store/customers/me/wallet-pass`, { headers: me })
    const card = await cardNow()
    const level = wallet_pass?.level?.name
    const agree =
      level &&
      card.variables?.tier === level &&
      card.templateUuid === designs[level] &&
      JSON.stringify(wallet_pass.card_texts) === JSON.stringify(card.variables)
    return agree ? { level, card } : { waiting: { level, tier: card.variables?.tier, design: card.templateUuid } }
  })
  if (after.level === cardBefore.variables?.tier) fail(`the order left the customer on ${after.level}`)
  for (const [name, text] of Object.entries(after.card.variables)) {
    const was = cardBefore.variables?.[name]
    say(`${name}: ${was === undefined ? "(none)" : JSON.stringify(was)} → ${JSON.stringify(text)}`)
  }
  ok(
    `the card went from ${cardBefore.variables?.tier} (design ${cardBefore.templateUuid}) to ${after.level} (design ${after.card.templateUuid}); the store route's card_texts say the same`
  )

  // 5. Paying part of an order with bonus.
  step("The customer pays part of the next order with bonus (balance/deduct)")
  const cart2 = await checkout.cart()
  const redeem = Math.floor(expectedBonus)
  if (redeem < 1) fail(`the balance ${expectedBonus} is too small to redeem`)
  await http("POST", `${store}/store/carts/${cart2.id}/wallet-pass-bonus`, { body: { amount: redeem }, headers: me })
  const withBonus = await checkout.get(cart2.id)
  if (!same(withBonus.total, cart2.total - redeem))
    fail(`cart total ${withBonus.total}, expected ${cart2.total} - ${redeem}`)
  ok(`${money(redeem)} of bonus applied: cart total ${money(cart2.total)} -> ${money(withBonus.total)}`)
  const order2 = await checkout.complete(cart2.id)
  const bonus2 = await until("order 2's redemption and credit recorded", async () => {
    const { wallet_pass } = await http("GET", `${store}/admin/orders/${order2.id}/wallet-pass`, { headers: admin })
    return wallet_pass.redeemed > 0 && wallet_pass.credited > 0 && wallet_pass
  })
  if (!same(bonus2.redeemed, redeem)) fail(`order 2 shows ${bonus2.redeemed} redeemed, expected ${redeem}`)
  const afterOrder2 = Math.round((expectedBonus - redeem + bonus2.credited) * 100) / 100
  await balancesAgree(`a balance of ${money(afterOrder2)}`, afterOrder2)
  ok(
    `redeemed ${money(bonus2.redeemed)}, credited ${money(bonus2.credited)}: balance ${money(afterOrder2)} in the store and on the card`
  )

  // 6. Cancel -> reversal (and the redeemed bonus given back).
  step("The merchant cancels that order: its bonus is reversed and the redeemed bonus given back")
  await http("POST", `${store}/admin/orders/${order2.id}/cancel`, { headers: admin, body: {} })
  const reversed = await until("the reversal recorded", async () => {
    const { wallet_pass } = await http("GET", `${store}/admin/orders/${order2.id}/wallet-pass`, { headers: admin })
    return wallet_pass.reversed > 0 && wallet_pass.redemption_refunded > 0 && wallet_pass
  })
  if (!same(reversed.reversed, bonus2.credited) || !same(reversed.redemption_refunded, redeem)) {
    fail(
      `reversed ${reversed.reversed} and refunded ${reversed.redemption_refunded}, expected ${bonus2.credited} and ${redeem}`
    )
  }
  await balancesAgree(`the balance back at ${money(expectedBonus)}`, expectedBonus)
  ok(
    `reversed ${money(reversed.reversed)}, gave back ${money(reversed.redemption_refunded)}: balance ${money(expectedBonus)} again`
  )

  // 7. A service credit with expiry -> addBalance hook, once.
  step("The service credits 25 that expire in 30 days (addBalance hook with lifetime)")
  const credit = await http("POST", `${control}/balance`, { body: { phone, sum: 25, lifetime: 30 } })
  const addBalance = credit.hooks?.find((h) => h.method === "addBalance")
  if (addBalance?.status !== 200)
    fail(`addBalance answered ${addBalance?.status}: ${JSON.stringify(addBalance?.response)}`)
  const afterCredit = Math.round((expectedBonus + 25) * 100) / 100
  await balancesAgree(`a balance of ${money(afterCredit)}`, afterCredit)
  const { wallet_pass: adminPass } = await http("GET", `${store}/admin/customers/${customer.id}/wallet-pass`, {
    headers: admin,
  })
  const entry = adminPass.ledger?.find((e) => e.kind === "service_credit")
  if (!entry?.expires_at) fail(`no service credit with an expiry in the ledger: ${JSON.stringify(adminPass.ledger)}`)
  const days = (new Date(entry.expires_at).getTime() - Date.now()) / 86_400_000
  if (days < 29.9 || days > 30.1) fail(`the credit expires in ${days.toFixed(2)} days, expected 30`)
  ok(`ledger: +${money(entry.amount)} expiring ${entry.expires_at.slice(0, 10)}; balance ${money(afterCredit)}`)

  // 8. readBalance -> the card shows the store's balance.
  step('The customer taps "refresh" on the card: the service asks the store (readBalance)')
  const refresh = await http("POST", `${control}/refresh`, { body: { phone } })
  const answer = refresh.hooks?.[0]
  if (answer?.status !== 200 || !same(answer.response?.balance, afterCredit)) {
    fail(`readBalance answered ${answer?.status} ${JSON.stringify(answer?.response)}, expected balance ${afterCredit}`)
  }
  ok(`readBalance answered ${JSON.stringify(answer.response)}`)

  const requests = await http("GET", `${control}/requests`)
  const list = requests.requests ?? requests
  const counts = {}
  for (const r of list) counts[r.endpoint] = (counts[r.endpoint] ?? 0) + 1
  console.log(`\nDemo passed: ${stepNo} steps. Requests the service received: ${JSON.stringify(counts)}`)

  async function balancesAgree(what, expected) {
    await until(`${what} in the store and on the service's card`, async () => {
      const { wallet_pass } = await http("GET", `${store}/store/customers/me/wallet-pass`, { headers: me })
      const card = await emulatorCustomer()
      return same(wallet_pass?.balance, expected) && same(card?.balance, expected)
        ? true
        : { waiting: { store: wallet_pass?.balance, service: card?.balance } }
    })
  }
}

/** What a storefront does to buy the seeded product: cart, addresses, shipping, payment, complete. */
async function storefront(store, headers) {
  const { regions } = await http("GET", `${store}/store/regions`, { headers })
  const region = regions[0] ?? fail("the store has no region (was it seeded?)")
  const { products } = await http("GET", `${store}/store/products?region_id=${region.id}`, { headers })
  const variant = products[0]?.variants?.[0] ?? fail("the store has no product to buy (was it seeded?)")
  const country = region.countries?.[0]?.iso_2 ?? "de"
  const get = async (id) => (await http("GET", `${store}/store/carts/${id}`, { headers })).cart
  return {
    get,
    async cart() {
      const { cart } = await http("POST", `${store}/store/carts`, {
        headers,
        body: { region_id: region.id, items: [{ variant_id: variant.id, quantity: 1 }] },
      })
      const address = {
        first_name: "Anna",
        last_name: "Demo",
        address_1: "Hauptstr. 5",
        city: "Berlin",
        postal_code: "10115",
        country_code: country,
      }
      await http("POST", `${store}/store/carts/${cart.id}`, {
        headers,
        body: { shipping_address: address, billing_address: address },
      })
      const { shipping_options } = await http("GET", `${store}/store/shipping-options?cart_id=${cart.id}`, { headers })
      const option = shipping_options[0] ?? fail("no shipping option for the cart")
      await http("POST", `${store}/store/carts/${cart.id}/shipping-methods`, {
        headers,
        body: { option_id: option.id },
      })
      return get(cart.id)
    },
    async complete(cartId) {
      const { payment_collection } = await http("POST", `${store}/store/payment-collections`, {
        headers,
        body: { cart_id: cartId },
      })
      await http("POST", `${store}/store/payment-collections/${payment_collection.id}/payment-sessions`, {
        headers,
        body: { provider_id: "pp_system_default" },
      })
      const done = await http("POST", `${store}/store/carts/${cartId}/complete`, { headers, body: {} })
      if (done.type !== "order")
        fail(`the cart did not become an order: ${done.error?.message ?? JSON.stringify(done).slice(0, 300)}`)
      return done.order
    },
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`\n   ✗ ${e instanceof DemoFailure ? e.message : e.stack}`)
    console.error("\nDemo failed.")
    process.exit(1)
  }
)
