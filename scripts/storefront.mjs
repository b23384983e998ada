#!/usr/bin/env node
// `npm run storefront`: the example storefront (examples/storefront: Vite + React, the plugin's
// storefront kit over @medusajs/js-sdk) against the store `npm run dev` runs.
//
// Reads `<data dir>/dev.json` (WALLET_PASS_DEV_DATA, default .dev-data), written by `npm run dev`,
// for the store's URL and publishable key; serves the example on STOREFRONT_PORT (default 8000,
// the next free port when it is taken; the dev store's CORS allows any localhost port) and
// prints its URL. Ctrl-C stops it.
import fs from "node:fs"
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
      "  Create an account with a mobile phone to get a card, or sign in as a customer of",
      "  `npm run demo` (the email it prints, password demo-password).",
      "  The emulator texts the verification code: see it with",
      `    curl ${info.emulator ? `${info.emulator.control_url}/state` : "<the service>"}   ("sms")`,
      "",
      "  Stop: Ctrl-C",
      "",
    ].join("\n")
  )
}

main().catch((e) => fail(e.stack || e.message))
