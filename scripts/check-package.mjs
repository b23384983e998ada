#!/usr/bin/env node
// `npm run check:package` (CI, after the build): the package as a merchant's store and a
// merchant's TypeScript see it, on two Medusa versions side by side: the newest 2.x the
// registry serves (never pinned here; CHECK_MEDUSA_VERSION=<version> tries another one) and
// the lowest the peer range admits (the lower bound of the `@medusajs/framework` peer; README,
// "Compatibility"), checked by a second process of this script (CHECK_PACKAGE_LOWEST=1), its
// lines marked with its version. Steps 2 to 5 run for both, the storefront's install once.
//
// 1. package.json: every peer optional, one lower bound for the @medusajs/* peers,
//    `@medusajs/test-utils` no peer, none pinned, the keywords of Medusa's integrations listing.
// 2. A stock store (the dependencies of Medusa's starter, medusa-starter-default) installs, then
//    `npm install <the packed plugin>`: no ERESOLVE, no peer warning, no EBADENGINE that the
//    stock store had not printed already (those are Medusa's own tree, not ours). The same
//    store without React in its package.json resolves the plugin with no peer warning either
//    (React is an optional peer, for `/storefront/react`).
// 3. Every export of package.json resolves in the installed package, with a .d.ts beside its .js.
// 4. `tsc --noEmit` (strict, Node16 resolution, libraries checked too) over a merchant's files
//    importing `/client`, `/emulator`, `/storefront`, `/storefront/react` (a .tsx component) and
//    `/workflows` from the installed package; `@ts-expect-error` lines fail it when a type is
//    lost to `any`. On the lowest Medusa with library checks off, as that store's tsconfig has
//    them (our declarations name a type that is generic only from 2.19: checkTypes).
// 4b. The same package seen by a project under each of TypeScript's module resolutions: the
//    consumers in scripts/fixtures/consumers (node = node10, node16, bundler; one tsconfig each)
//    import every public entry and use a type of each; `tsc --noEmit` in each passes. node10
//    reads no `exports`: the subpaths' types come from package.json's `typesVersions`.
// 5. `npx medusa db:migrate` creates the plugin's tables and `npx medusa start` boots with the
//    plugin: its hook route answers.
// Run after `npm run build`. Exits non-zero on any failure; prints the time of each step.
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import {
  freePort,
  lowerBound,
  lowestMedusa,
  medusaConfigSource,
  newestMedusa2,
  npmWithWarnings,
  packPlugin,
  PgClient,
  prepareDatabase,
  root,
  run,
  runCleanups,
  startServer,
  stockStore,
  storeEnv,
  waitForBoot,
} from "./lib/store-app.mjs"

const PLUGIN = "medusa-plugin-wallet-pass"
const BOOT_TIMEOUT_MS = 180_000
/**
 * Every peer is optional. A store has Medusa's backend packages anyway; a storefront that
 * installs the plugin for `./storefront` or `./storefront/react` must not get them: npm
 * installs required peers, and `@medusajs/medusa`'s optional peer `react-dom@^18` then
 * stops a React 19 storefront with ERESOLVE (checked below by `checkStorefrontInstall`).
 */
const REQUIRED_PEERS = []
/** The peers a Medusa store must have for the plugin to load: checked present in the stock store. */
const BACKEND_PEERS = ["@medusajs/framework", "@medusajs/medusa"]
const OPTIONAL_PEERS = [
  ...BACKEND_PEERS,
  "@medusajs/admin-sdk",
  "@medusajs/cli",
  "@medusajs/icons",
  "@medusajs/js-sdk",
  "@medusajs/ui",
  "@tanstack/react-query",
  "react",
]
/** The type keywords of Medusa's integrations listing (docs: "Create a Plugin", "Package Keywords"). */
const LISTING_TYPES = ["analytics", "auth", "cms", "notification", "payment", "search", "shipping", "other"].map(
  (t) => `medusa-plugin-${t}`
)

/** This process checks the lowest supported Medusa only (the second process main() starts). */
const LOWEST_ONLY = process.env.CHECK_PACKAGE_LOWEST === "1"
const started = Date.now()
let lap = started
const tag = LOWEST_ONLY ? `[check-package ${process.env.CHECK_MEDUSA_VERSION}]` : "[check-package]"
const step = (msg) => {
  const now = Date.now()
  console.log(`${tag} ${String(Math.round((now - started) / 1000)).padStart(4)}s ${msg}`)
  lap = now
}
const lapSeconds = () => ((Date.now() - lap) / 1000).toFixed(1)

/** 1. What package.json promises, before anything is installed. */
function checkManifest(pkg) {
  const problems = []
  const peers = pkg.peerDependencies ?? {}
  const meta = pkg.peerDependenciesMeta ?? {}
  const required = Object.keys(peers).filter((n) => !meta[n]?.optional)
  if (required.sort().join() !== [...REQUIRED_PEERS].sort().join())
    problems.push(`required peers are ${required.join(", ")}; expected ${REQUIRED_PEERS.join(", ")}`)
  for (const name of OPTIONAL_PEERS)
    if (!peers[name] || !meta[name]?.optional) problems.push(`${name} must be an optional peer (peerDependenciesMeta)`)
  for (const name of Object.keys(meta))
    if (!peers[name]) problems.push(`peerDependenciesMeta names ${name}, which is no peer`)
  if (peers["@medusajs/test-utils"] || pkg.dependencies?.["@medusajs/test-utils"])
    problems.push("@medusajs/test-utils is for our tests only: a devDependency, not a peer or dependency")
  for (const [name, range] of Object.entries(peers))
    if (/^\d+\.\d+\.\d+$/.test(range)) problems.push(`${name} is pinned to ${range}: the next patch release breaks it`)
  // Medusa releases its packages together: one lower bound for all of them, the one checked.
  const medusaPeers = Object.keys(peers).filter((n) => n.startsWith("@medusajs/") && n !== "@medusajs/ui")
  const bounds = new Set(medusaPeers.map((n) => lowerBound(peers[n])))
  if (bounds.size !== 1 || bounds.has(null))
    problems.push(
      `the @medusajs/* peers need one lower bound ("^2.x.y"): ${medusaPeers.map((n) => `${n}@${peers[n]}`)}`
    )
  for (const k of ["medusa-v2", "medusa-plugin-integration"])
    if (!pkg.keywords?.includes(k)) problems.push(`keyword ${k} missing (Medusa's integrations listing)`)
  const types = (pkg.keywords ?? []).filter((k) => LISTING_TYPES.includes(k))
  if (types.length !== 1) problems.push(`exactly one type keyword of ${LISTING_TYPES.join(", ")}; found ${types}`)
  if (problems.length) throw new Error(`package.json:\n- ${problems.join("\n- ")}`)
}

/**
 * Starts this script again for the lowest supported Medusa (its install runs beside ours, the
 * npm cache shared). Its lines go through as they come; `done` resolves with its exit code.
 */
function startLowest(version) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, CHECK_MEDUSA_VERSION: version, CHECK_PACKAGE_LOWEST: "1" },
    stdio: ["ignore", "inherit", "inherit"],
  })
  const done = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)))
  return { done, stop: () => child.kill("SIGTERM") }
}

const badEngines = (output) => new Set([...output.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((m) => m[1]))

/** 2. No peer warning and no EBADENGINE of ours from `npm install <tarball>`. */
function checkInstallOutput(stock, plugin) {
  const lines = plugin.split("\n").filter((l) => /^npm (warn|error)/i.test(l))
  const peerLines = lines.filter((l) => /ERESOLVE|\bpeer/i.test(l))
  const ours = [...badEngines(plugin)].filter((p) => !badEngines(stock).has(p))
  const problems = [
    ...(peerLines.length ? [`peer warnings:\n${peerLines.join("\n")}`] : []),
    ...(ours.length ? [`EBADENGINE for ${ours.join(", ")}, which the stock store did not print`] : []),
  ]
  if (problems.length) throw new Error(`npm install of the packed plugin:\n${problems.join("\n")}`)
  const medusas = [...badEngines(stock)]
  if (medusas.length) step(`  (EBADENGINE from Medusa's own tree, before our plugin was added: ${medusas.join(", ")})`)
}

/**
 * 2b. The same store with no React of its own (no react, react-dom or @types/react in its
 * package.json): its tree, the plugin included, resolved again (`--package-lock-only`, from the
 * store's lockfile: seconds) prints no peer warning. Answers where React comes from then.
 */
function checkWithoutReact(app, work) {
  const dir = path.join(work, "store-without-react")
  fs.mkdirSync(dir)
  const pkg = JSON.parse(fs.readFileSync(path.join(app, "package.json"), "utf8"))
  for (const name of ["react", "react-dom", "@types/react"]) {
    delete pkg.dependencies?.[name]
    delete pkg.devDependencies?.[name]
  }
  const tarball = Object.values(pkg.dependencies).find((spec) => String(spec).endsWith(".tgz"))
  if (!tarball) throw new Error("the stock store's package.json names no plugin tarball")
  pkg.dependencies[PLUGIN] = `file:${path.resolve(app, String(tarball).replace(/^file:/, ""))}`
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2))
  fs.copyFileSync(path.join(app, "package-lock.json"), path.join(dir, "package-lock.json"))
  const result = npmWithWarnings(["install", "--package-lock-only", "--prefer-offline"], { cwd: dir })
  const peerLines = result.output.split("\n").filter((l) => /^npm (warn|error)/i.test(l) && /ERESOLVE|\bpeer/i.test(l))
  if (peerLines.length) throw new Error(`a store without React, npm install:\n${peerLines.join("\n")}`)
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8"))
  const react = lock.packages["node_modules/react"]
  return { seconds: result.seconds, react: react ? `react ${react.version} from Medusa's own tree` : "no react at all" }
}

/**
 * A storefront installs the plugin for its kit and React pieces: the Next.js Starter's
 * dependencies (React 19) and the tarball, resolved by a plain `npm install` (lockfile only:
 * the resolution is what can fail) with no ERESOLVE, no peer warning, and none of Medusa's
 * backend packages in the tree.
 */
function checkStorefrontInstall(work, tarball) {
  const dir = path.join(work, "storefront")
  fs.mkdirSync(dir)
  const pkg = {
    name: "wallet-pass-storefront-check",
    version: "0.0.1",
    private: true,
    dependencies: {
      "@medusajs/js-sdk": "^2.21.2",
      next: "^15.5.0",
      react: "^19.2.0",
      "react-dom": "^19.2.0",
      [PLUGIN]: `file:${tarball}`,
    },
  }
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2))
  const result = npmWithWarnings(["install", "--package-lock-only", "--prefer-offline"], { cwd: dir })
  const peerLines = result.output.split("\n").filter((l) => /^npm (warn|error)/i.test(l) && /ERESOLVE|\bpeer/i.test(l))
  if (peerLines.length) throw new Error(`a React 19 storefront, npm install:\n${peerLines.join("\n")}`)
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8"))
  const pulled = BACKEND_PEERS.filter((name) => lock.packages[`node_modules/${name}`])
  if (pulled.length) throw new Error(`a storefront's npm install pulled in ${pulled.join(", ")}`)
  return { seconds: result.seconds }
}

/** 3. Every export resolves to a file, and every code export has its declarations beside it. */
function checkExports(installed) {
  const pkg = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8"))
  const checked = []
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (key === "./package.json" || key === "./*") continue // a catch-all, nothing to resolve
    const file = typeof target === "string" ? target : target.require
    const targets = key.includes("*") ? expand(installed, file) : [file]
    if (!targets.length) continue // e.g. ./providers/*: no providers in this plugin
    for (const t of targets) {
      const js = path.join(installed, t)
      if (!fs.existsSync(js)) throw new Error(`export ${key} points at ${t}, which the package lacks`)
      // ./admin is the Vite bundle Medusa's admin loads; it has no types to give.
      if (key !== "./admin" && !fs.existsSync(js.replace(/\.js$/, ".d.ts")))
        throw new Error(`export ${key}: ${t} has no .d.ts beside it`)
      checked.push(key.includes("*") ? `${key} (${path.basename(path.dirname(t))})` : key)
    }
  }
  return checked
}

/** The files a `*` export target stands for: one per folder where the `*` is. */
function expand(installed, pattern) {
  const [before, after] = pattern.split("*")
  const dir = path.join(installed, before)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, after)))
    .map((d) => `${before}${d.name}${after}`)
}

/**
 * 4. A merchant's code against the package's declarations: the files of
 * scripts/fixtures/consumers/merchant (backend code as CommonJS, a storefront's ES module, its
 * React pieces), type-checked in the store with TSCONFIG.
 */
const MERCHANT_DIR = path.join(root, "scripts/fixtures/consumers/merchant")
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    jsx: "react-jsx",
    module: "Node16",
    moduleResolution: "Node16",
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    noEmit: true,
    skipLibCheck: false, // our declarations are checked; errors inside other libraries' are reported, not failed
    types: ["node"],
  },
  files: ["merchant.cts", "storefront.mts", "storefront-react.tsx"],
}

/**
 * `libraryChecks: false` for the lowest Medusa: our declarations are emitted against the
 * Medusa we build with, and name `JSONProperty<T>` (the models' json columns), generic only
 * from Medusa 2.19; a 2.18 store's own tsconfig skips library checks (`skipLibCheck: true`, as
 * create-medusa-app and the dtc-starter write it), so the merchant's code is checked as there.
 */
function checkTypes(app, { libraryChecks = true } = {}) {
  const dir = path.join(app, "types-check")
  fs.mkdirSync(dir)
  const tsconfig = { ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, skipLibCheck: !libraryChecks } }
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2))
  for (const file of TSCONFIG.files) fs.copyFileSync(path.join(MERCHANT_DIR, file), path.join(dir, file))
  const tsc = path.join(app, "node_modules/typescript/bin/tsc")
  const version = run("node", [tsc, "--version"], { cwd: app }).trim()
  const result = spawnSync("node", [tsc, "-p", dir, "--pretty", "false"], { cwd: app, encoding: "utf8" })
  // One diagnostic per line that starts with a path; continuation lines are indented.
  const errors = `${result.stdout}${result.stderr}`.split("\n").filter((l) => /^\S.*\(\d+,\d+\): error TS/.test(l))
  const isOthers = (l) => l.startsWith("node_modules/") && !l.startsWith(`node_modules/${PLUGIN}/`)
  const ours = errors.filter((l) => !isOthers(l))
  if (ours.length || (result.status !== 0 && !errors.length))
    throw new Error(`tsc (${version}) over a merchant's code failed:\n${ours.join("\n") || result.stdout}`)
  return { version, othersErrors: errors.filter(isOthers) }
}

/** The consumer projects of 4b, one per module resolution (scripts/fixtures/consumers). */
const CONSUMERS_DIR = path.join(root, "scripts/fixtures/consumers")
export const RESOLUTIONS = ["node", "node16", "bundler"]

/**
 * 4b. `tsc --noEmit` in each consumer project, copied into the store (its node_modules has the
 * installed package and TypeScript); the three run side by side. Answers each one's seconds;
 * throws with every failing project's diagnostics.
 */
async function checkResolutions(app) {
  const dir = path.join(app, "consumers")
  fs.cpSync(CONSUMERS_DIR, dir, { recursive: true })
  const tsc = path.join(app, "node_modules/typescript/bin/tsc")
  const runs = await Promise.all(
    RESOLUTIONS.map(
      (name) =>
        new Promise((resolve) => {
          const t0 = Date.now()
          const child = spawn("node", [tsc, "-p", path.join(dir, name), "--pretty", "false"], { cwd: app })
          let output = ""
          child.stdout.on("data", (d) => (output += d))
          child.stderr.on("data", (d) => (output += d))
          child.on("close", (code) => resolve({ name, code, output, seconds: (Date.now() - t0) / 1000 }))
        })
    )
  )
  const failed = runs.filter((r) => r.code !== 0)
  if (failed.length)
    throw new Error(
      `tsc --noEmit in the consumer projects failed:\n${failed
        .map((r) => `--- moduleResolution ${r.name} (exit ${r.code}):\n${r.output.trim()}`)
        .join("\n")}`
    )
  return runs.map((r) => `${r.name} ${r.seconds.toFixed(1)} s`)
}

const MEDUSA_CONFIG = medusaConfigSource({
  plugin: PLUGIN,
  options: {
    apiUrl: "http://127.0.0.1:9/v2",
    appKey: "package-check-key",
    plan: "basic",
    hooks: { login: "wallet-pass", password: "package-check-hook-password" },
  },
})

/** 5. Migrate, boot, and the plugin's hook route answers (401 without credentials). */
async function checkBoot(app, cleanups) {
  const db = await prepareDatabase("wallet_pass_package_check")
  cleanups.push(() => db.stop())
  const port = await freePort()
  const env = storeEnv(db.databaseUrl, port)
  run("npx", ["medusa", "db:migrate"], { cwd: app, env })
  const client = new PgClient({ connectionString: db.databaseUrl })
  await client.connect()
  const { rows } = await client.query(
    "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'wallet_pass_%' ORDER BY 1"
  )
  await client.end()
  const tables = rows.map((r) => r.table_name)
  for (const t of ["wallet_pass_holder", "wallet_pass_ledger_entry", "wallet_pass_operation"])
    if (!tables.includes(t)) throw new Error(`db:migrate did not create ${t} (made: ${tables.join(", ")})`)
  step(`  db:migrate made ${tables.length} plugin tables in ${lapSeconds()} s; npx medusa start on port ${port}`)
  const server = startServer(app, env)
  cleanups.push(() => server.stop())
  const base = `http://localhost:${port}`
  await waitForBoot(server, base, BOOT_TIMEOUT_MS)
  const res = await fetch(`${base}/hooks/wallet-pass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method: "readBalance", customer: { phone: "+4915112345678" } }),
  })
  const body = await res.json().catch(() => null)
  if (res.status !== 401 || typeof body?.error !== "string")
    throw new Error(`POST /hooks/wallet-pass without credentials answered ${res.status} ${JSON.stringify(body)}`)
  await server.stop()
  cleanups.pop()
  return `${res.status} ${JSON.stringify(body)}`
}

async function main() {
  const cleanups = []
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
    checkManifest(pkg)
    step(
      `package.json: every peer optional (${OPTIONAL_PEERS.length}), the backend's ` +
        `${BACKEND_PEERS.map((n) => `${n}@${pkg.peerDependencies[n]}`).join(", ")}; keywords ${pkg.keywords.filter((k) => k.startsWith("medusa-")).join(", ")}`
    )

    const lowest = lowestMedusa(pkg)
    const medusa = LOWEST_ONLY ? process.env.CHECK_MEDUSA_VERSION : newestMedusa2()
    let lowestRun = null
    if (LOWEST_ONLY) step(`the lowest Medusa the peer range admits: ${medusa}`)
    else {
      step(`the newest 2.x Medusa the registry serves: ${medusa}; the lowest the peers admit: ${lowest}`)
      if (lowest !== medusa) {
        lowestRun = startLowest(lowest)
        cleanups.push(() => lowestRun.stop())
      }
    }
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-pass-package-check-"))
    // The store's node_modules is ~800 MB: removed by a detached `rm` so the check need not wait.
    cleanups.push(() => spawn("rm", ["-rf", work], { detached: true, stdio: "ignore" }).unref())
    const tarball = packPlugin(work)
    const app = path.join(work, "store")
    fs.mkdirSync(app)
    fs.writeFileSync(path.join(app, "package.json"), JSON.stringify(stockStore(medusa), null, 2))
    fs.writeFileSync(path.join(app, "medusa-config.js"), MEDUSA_CONFIG)

    const stock = npmWithWarnings(["install", "--prefer-offline"], { cwd: app })
    step(`stock store (Medusa ${medusa}) installed in ${stock.seconds.toFixed(1)} s`)
    const plugin = npmWithWarnings(["install", "--prefer-offline", tarball], { cwd: app })
    step(`npm install ${path.basename(tarball)} in ${plugin.seconds.toFixed(1)} s`)
    checkInstallOutput(stock.output, plugin.output)
    step("  no ERESOLVE, no peer warning, no EBADENGINE of ours")
    const withoutReact = checkWithoutReact(app, work)
    step(
      `  a store without React of its own: no peer warning (${withoutReact.react}; ${withoutReact.seconds.toFixed(1)} s)`
    )

    if (!LOWEST_ONLY) {
      const storefront = checkStorefrontInstall(work, tarball)
      step(
        `  a React 19 storefront (Next.js Starter's dependencies), plain npm install: no ERESOLVE, ` +
          `no peer warning, none of ${BACKEND_PEERS.join(", ")} pulled in (${storefront.seconds.toFixed(1)} s)`
      )
    }

    const installed = path.join(app, "node_modules", PLUGIN)
    const exported = checkExports(installed)
    step(`exports with declarations: ${exported.join(", ")}`)

    const tsc = checkTypes(app, { libraryChecks: !LOWEST_ONLY })
    step(
      `tsc ${tsc.version} (strict, Node16, library checks ${LOWEST_ONLY ? "off as in a store's tsconfig" : "on"}) ` +
        `over a merchant's code: no error (${lapSeconds()} s)`
    )
    if (tsc.othersErrors.length)
      step(
        `  (${tsc.othersErrors.length} errors inside other libraries' declarations, not ours: ${[
          ...new Set(
            tsc.othersErrors.map((l) =>
              l
                .split("/")
                .slice(1, l.startsWith("node_modules/@") ? 3 : 2)
                .join("/")
            )
          ),
        ].join(", ")})`
      )

    const resolutions = await checkResolutions(app)
    step(`every public entry typed under moduleResolution node, node16 and bundler: ${resolutions.join(", ")}`)

    const answer = await checkBoot(app, cleanups)
    step(`booted with the plugin; POST /hooks/wallet-pass without credentials -> ${answer}`)
    if (lowestRun) {
      step(`waiting for the check of Medusa ${lowest}`)
      const code = await lowestRun.done
      cleanups.pop()
      if (code !== 0) throw new Error(`the check of the lowest supported Medusa, ${lowest}, failed (${code}): above`)
      step(`Medusa ${lowest} checked too (${lapSeconds()} s after ours)`)
    }
    step(
      `OK in ${Math.round((Date.now() - started) / 1000)} s: Medusa ${[medusa, lowestRun && lowest].filter(Boolean).join(" and ")}`
    )
  } finally {
    await runCleanups(cleanups)
    step(`cleaned up in ${lapSeconds()} s`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) runMain()

function runMain() {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(`[check-package] FAILED: ${e.stack || e.message}`)
      process.exit(1)
    }
  )
}

export {
  checkExports,
  checkInstallOutput,
  checkManifest,
  checkResolutions,
  checkStorefrontInstall,
  checkTypes,
  checkWithoutReact,
}
