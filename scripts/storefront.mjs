#!/usr/bin/env node
// `npm run storefront`: the example storefront (examples/storefront: Vite + React, the plugin's
// storefront kit over @medusajs/js-sdk) against the store `npm run dev` runs.
// `npm run storefront -- --next`: the example Next.js storefront instead (examples/nextjs: the
// dtc-starter's storefront shape with the plugin's React pieces, a checkout included), installed and built in
// .cache/wallet-pass-example-nextjs (scripts/lib/nextjs-example.mjs), then `next start`.
//
// Reads `<data dir>/dev.json` (WALLET_PASS_DEV_DATA, default .dev-data), written by `npm run dev`,
// for the store's URL and publishable key; serves the example on STOREFRONT_PORT (default 8000,
// the next free port when it is taken; the dev store's CORS allows any localhost port) and
// prints its URL. Ctrl-C stops it.
import fs from "node:fs"
import net from "node:net"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const DATA_DIR = path.resolve(root, process.env.WALLET_PASS_DEV_DATA || ".dev-data")
const EXAMPLE = path.join(root, "examples/storefront")

function fail(message) {
  console.error(`[storefront] ${message}`)
  process.exit(1)
}

async function main() {
  const file = path.join(DATA_DIR, "dev.json")
  if (!fs.existsSync(file))
    fail(`no ${path.relative(root, file)}: start the store first with \`npm run dev\` (and wait for "ready")`)
  const info = JSON.parse(fs.readFileSync(file, "utf8"))
  const health = await fetch(`${info.store_url}/health`, { signal: AbortSignal.timeout(10_000) }).catch(() => null)
  if (!health?.ok) fail(`the store at ${info.store_url} is not answering: is \`npm run dev\` running?`)

  if (process.argv.includes("--next")) return serveNext(info, file)

  // Vite hands VITE_* variables of the environment to the page (examples/storefront/src/sdk.ts).
  process.env.VITE_MEDUSA_BACKEND_URL = info.store_url
  process.env.VITE_MEDUSA_PUBLISHABLE_KEY = info.publishable_key
  const { createServer } = await import("vite")
  const server = await createServer({
    configFile: path.join(EXAMPLE, "vite.config.ts"),
    server: { port: Number(process.env.STOREFRONT_PORT || 8000), strictPort: false, host: "localhost" },
  })
  await server.listen()
  const url = server.resolvedUrls?.local[0]
  const stop = async () => {
    await server.close()
    process.exit(0)
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
  console.log(
    [
      "",
      "example storefront ready",
      "",
      `  Storefront     ${url}`,
      `  Store API      ${info.store_url} (publishable key from ${path.relative(root, file)})`,
      "",
      ...HINTS(info),
    ].join("\n")
  )
}

const HINTS = (info) => [
  "  Create an account with a mobile phone to get a card, or sign in as a customer of",
  "  `npm run demo` (the email it prints, password demo-password).",
  "  The emulator texts the verification code: see it with",
  `    curl ${info.emulator ? `${info.emulator.control_url}/state` : "<the service>"}   ("sms")`,
  "",
  "  Stop: Ctrl-C",
  "",
]

/** The first free port from `port` on (localhost). */
async function firstFreePort(port) {
  for (let p = port; p < port + 50; p++) {
    const free = await new Promise((resolve) => {
      const server = net.createServer().once("error", () => resolve(false))
      server.listen(p, "localhost", () => server.close(() => resolve(true)))
    })
    if (free) return p
  }
  fail(`no free port from ${port} to ${port + 49}`)
}

/** The Next.js example: copied, installed when its lockfile changed, built, started. */
async function serveNext(info, file) {
  const { APP, buildExample, exampleEnv, installExample, startExample, syncExample } =
    await import("./lib/nextjs-example.mjs")
  console.log(`[storefront] the Next.js example (examples/nextjs) in ${path.relative(root, APP)}`)
  syncExample()
  const installed = installExample((out) => console.log(out))
  if (installed !== null) console.log(`[storefront] its dependencies installed in ${installed.toFixed(0)} s`)
  const env = exampleEnv(process.env, { storeUrl: info.store_url, publishableKey: info.publishable_key })
  console.log("[storefront] next build (a minute or two) ...")
  await buildExample(env, (line) => console.log(`  ${line}`))
  const port = await firstFreePort(Number(process.env.STOREFRONT_PORT || 8000))
  const next = startExample(env, port)
  next.child.stdout.on("data", (d) => process.stdout.write(d))
  next.child.stderr.on("data", (d) => process.stderr.write(d))
  const stop = () => {
    try {
      process.kill(-next.child.pid, "SIGTERM")
    } catch {}
    process.exit(0)
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
  next.exited.then((code) => fail(`next start exited (${code})`))
  for (const t0 = Date.now(); ;) {
    const up = await fetch(`http://localhost:${port}/`, { redirect: "manual" }).catch(() => null)
    if (up) break
    if (Date.now() - t0 > 60_000) fail(`next start is not answering on port ${port}`)
    await new Promise((r) => setTimeout(r, 300))
  }
  console.log(
    [
      "",
      "example Next.js storefront ready",
      "",
      `  Storefront     http://localhost:${port}/  (the account: /de/account, the card: /de/account/wallet-pass, the cart: /de/cart)`,
      `  Store API      ${info.store_url} (publishable key from ${path.relative(root, file)})`,
      "",
      ...HINTS(info),
    ].join("\n")
  )
}

main().catch((e) => fail(e.stack || e.message))
