#!/usr/bin/env node
// Installs the packed plugin into a brand-new store app the way a merchant would
// (`npm install <tarball>`, `plugins: [{ resolve }]`, `npx medusa db:migrate`), boots it,
// calls a plugin route as an admin, and checks that a wrong option stops boot with a
// message naming it. Run after `npm run build`. Exits non-zero on any failure.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import {
  adminHeaders,
  createStoreApp,
  freePort,
  medusaConfigSource,
  PgClient,
  prepareDatabase,
  root,
  run,
  runCleanups,
  startServer,
  storeEnv,
  waitFor,
  waitForBoot,
} from "./lib/store-app.mjs"

const BOOT_TIMEOUT_MS = 180_000

const step = (msg) => console.log(`[check-install] ${msg}`)
const fail = (msg) => {
  console.error(`[check-install] FAILED: ${msg}`)
  process.exitCode = 1
}

const MEDUSA_CONFIG = medusaConfigSource({
  options: { apiUrl: "http://127.0.0.1:9/v2", appKey: "install-check-key" },
  expressions: { plan: 'process.env.CHECK_PLAN || "basic"' },
})

async function main() {
  const cleanups = []
  try {
    const { app, cleanup } = await createStoreApp({
      name: "wallet-pass-install-check",
      medusaConfig: MEDUSA_CONFIG,
      step,
    })
    cleanups.push(cleanup)

    step("preparing a database")
    const db = await prepareDatabase("wallet_pass_install_check")
    cleanups.push(() => db.stop())
    const { databaseUrl } = db

    const port = await freePort()
    const env = storeEnv(databaseUrl, port)

    step("npx medusa db:migrate")
    run("npx", ["medusa", "db:migrate"], { cwd: app, env })
    const client = new PgClient({ connectionString: databaseUrl })
    await client.connect()
    const { rows } = await client.query(
      `SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'wallet_pass_%' ORDER BY 1`
    )
    await client.end()
    const tables = rows.map((r) => r.table_name)
    step(`plugin tables: ${tables.join(", ")}`)
    for (const t of ["wallet_pass_holder", "wallet_pass_card", "wallet_pass_ledger_entry", "wallet_pass_operation"]) {
      if (!tables.includes(t)) throw new Error(`db:migrate did not create ${t}`)
    }

    step("the package's entry points load from the installed store app")
    for (const entry of ["client", "emulator", "workflows", "storefront"]) {
      const out = run(
        "node",
        ["-e", `console.log(Object.keys(require("medusa-plugin-wallet-pass/${entry}")).sort().join(","))`],
        { cwd: app, env }
      ).trim()
      if (!out) throw new Error(`medusa-plugin-wallet-pass/${entry} exports nothing`)
      step(`  medusa-plugin-wallet-pass/${entry}: ${out.length > 120 ? `${out.slice(0, 117)}...` : out}`)
    }
    // Every function the kit's source exports, and nothing else (no helper leaking out).
    // Functions declared there and names re-exported from its own files (`export { x } from "./y"`).
    const kitSource = fs.readFileSync(path.join(root, "src/storefront/index.ts"), "utf8")
    const declared = [
      ...[...kitSource.matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1]),
      ...[...kitSource.matchAll(/^export \{([^}]+)\} from/gm)].flatMap((m) =>
        m[1]
          .split(",")
          .map((name) =>
            name
              .trim()
              .split(/\s+as\s+/)
              .pop()
          )
          .filter((name) => name && !name.startsWith("type "))
      ),
    ]
      .sort()
      .join(",")
    const kit = run(
      "node",
      ["-e", `console.log(Object.keys(require("medusa-plugin-wallet-pass/storefront")).sort().join(","))`],
      { cwd: app, env }
    ).trim()
    if (kit !== declared)
      throw new Error(`the storefront kit exports ${kit}; src/storefront/index.ts declares ${declared}`)

    step("npx medusa-plugin-wallet-pass check (the connection check, from the installed package)")
    // The configured service (127.0.0.1:9) answers nothing: the check runs in the store, names
    // the key step as failing, spends no request it could not send, and exits 1.
    const checked = spawnSync("npx", ["medusa-plugin-wallet-pass", "check"], { cwd: app, env, encoding: "utf8" })
    const checkOut = `${checked.stdout ?? ""}${checked.stderr ?? ""}`
    if (checked.status !== 1 || !/wallet-pass connection check: failed at "key"/.test(checkOut)) {
      throw new Error(
        `npx medusa-plugin-wallet-pass check exited ${checked.status}, expected 1 naming the key step:\n${checkOut.slice(-3000)}`
      )
    }
    step(`  ${checkOut.split("\n").find((l) => l.startsWith("wallet-pass connection check:"))} (exit 1)`)

    step("creating an admin user")
    run("npx", ["medusa", "user", "-e", "admin@install.check", "-p", "install-check-pw"], { cwd: app, env })

    step(`npx medusa start on port ${port}`)
    const server = startServer(app, env)
    cleanups.push(() => server.stop())
    const base = `http://localhost:${port}`
    await waitForBoot(server, base, BOOT_TIMEOUT_MS)
    step("booted; calling the plugin route as an admin")
    const auth = await adminHeaders(base, "admin@install.check", "install-check-pw")
    const created = await fetch(`${base}/admin/customers`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ email: "buyer@install.check", phone: "+79990001122" }),
    })
    const { customer } = await created.json()
    if (!customer?.id) throw new Error(`creating a customer failed with ${created.status}`)
    const passRes = await fetch(`${base}/admin/customers/${customer.id}/wallet-pass`, { headers: auth })
    const passBody = await passRes.json()
    if (passRes.status !== 200 || !("wallet_pass" in passBody)) {
      throw new Error(`GET /admin/customers/:id/wallet-pass answered ${passRes.status} ${JSON.stringify(passBody)}`)
    }
    step(`GET /admin/customers/${customer.id}/wallet-pass -> 200 ${JSON.stringify(passBody)}`)
    await server.stop()
    cleanups.pop()

    step("a wrong option must stop boot with a message naming it")
    const bad = startServer(app, { ...env, CHECK_PLAN: "gold" })
    cleanups.push(() => bad.stop())
    const outcome = await Promise.race([
      bad.exited,
      waitFor(async () => (await fetch(`${base}/health`)).ok, "bad boot", 90_000).then(() => "booted"),
    ])
    await bad.stop()
    cleanups.pop()
    if (outcome === "booted") throw new Error('the store booted with plan: "gold"')
    if (!/plan/.test(bad.output()) || !/"basic"/.test(bad.output())) {
      throw new Error(`boot failed but without naming the option:\n${bad.output().slice(-2000)}`)
    }
    step(
      `refused as expected (exit ${outcome.code}): ${bad
        .output()
        .split("\n")
        .find((l) => l.includes("plan:"))
        ?.trim()}`
    )
    step("OK")
  } finally {
    await runCleanups(cleanups)
  }
}

// Exit when done: the boot-refusal probe above may still have a poll timer pending.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    fail(e.stack || e.message)
    process.exit(1)
  }
)
