// A brand-new store app with the packed plugin installed the way a merchant would
// (`npm pack`, `npm install <tarball>`), a database for it, and helpers to run Medusa's
// CLI and server inside it. Shared by scripts/check-install.mjs, check-admin.mjs and
// check-package.mjs.
import { execFileSync, spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const require = createRequire(import.meta.url)

/** The plugin repository's root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const { configuredServer, startEmbeddedPostgres, freePort } = require(
  path.join(root, "integration-tests/support/database.js")
)
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))

/** The Medusa version the plugin is developed against; the store app installs the same. */
export const MEDUSA = pkg.devDependencies["@medusajs/medusa"]
export { freePort }

/** The repository's `pg`, for checks against the store's database. */
export const { Client: PgClient } = require(path.join(root, "node_modules/pg"))

/** `execFileSync` with output captured; a failure's error message ends with the command's output. */
export function run(cmd, args, opts) {
  try {
    return execFileSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", ...opts })
  } catch (e) {
    e.message += `\n${String(e.stdout ?? "").slice(-3000)}\n${String(e.stderr ?? "").slice(-3000)}`
    throw e
  }
}

/**
 * Polls `check` every `everyMs` until it returns truthy, and answers that value; throws after
 * `timeoutMs` with the last error.
 */
export async function waitFor(check, what, timeoutMs, everyMs = 500) {
  const deadline = Date.now() + timeoutMs
  let last
  while (Date.now() < deadline) {
    try {
      const value = await check()
      if (value) return value
    } catch (e) {
      last = e
    }
    await new Promise((r) => setTimeout(r, everyMs))
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ""}`)
}

/**
 * Starts `npx medusa start` in `cwd` (its own process group, so stop() ends its children too).
 * `exited` resolves when it exits; output is kept for diagnosis.
 */
export function startServer(cwd, env) {
  const child = spawn("npx", ["medusa", "start"], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
  let output = ""
  child.stdout.on("data", (d) => (output += d))
  child.stderr.on("data", (d) => (output += d))
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })))
  return {
    exited,
    output: () => output,
    stop: () => stopProcessGroup(child, exited),
  }
}

/**
 * Sends `signal` to a child started with `detached: true` and its whole process group;
 * SIGKILL after `timeoutMs` if `exited` has not resolved. Resolves to true when it stopped in time.
 */
export async function stopProcessGroup(child, exited, { signal = "SIGTERM", timeoutMs = 10_000 } = {}) {
  try {
    process.kill(-child.pid, signal)
  } catch {}
  let timer
  const gone = await Promise.race([
    exited.then(() => true),
    new Promise((r) => {
      timer = setTimeout(() => r(false), timeoutMs)
    }),
  ])
  clearTimeout(timer) // a pending timer would hold the script open for the rest of timeoutMs
  // The leader (npx, a shell) may exit while the processes it started go on (medusa develop's
  // server, restarted by its watcher): the group is stopped only when none of it is left.
  const deadline = Date.now() + (gone ? timeoutMs : 0)
  while (groupAlive(child.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  if (groupAlive(child.pid)) {
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {}
  }
  return gone
}

/** True while any process of the group `pgid` is left (signal 0 only asks). */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Runs a script's cleanups, the last added first, each awaited; one that fails does not keep
 * the others from running (a script's `finally`).
 */
export async function runCleanups(cleanups) {
  for (const cleanup of cleanups.reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch(() => {})
}

/** Resolves when `server` answers /health at `base`; rejects if it exits first or `timeoutMs` passes. */
export function waitForBoot(server, base, timeoutMs) {
  return Promise.race([
    waitFor(async () => (await fetch(`${base}/health`)).ok, "/health", timeoutMs),
    server.exited.then(({ code }) => {
      throw new Error(`server exited with ${code} before it was ready:\n${server.output().slice(-3000)}`)
    }),
  ])
}

/** Logs in as an admin user and answers headers for admin API calls. */
export async function adminHeaders(base, email, password) {
  const login = await fetch(`${base}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  })
  const { token } = await login.json()
  if (!token) throw new Error(`admin login failed with ${login.status}`)
  return { authorization: `Bearer ${token}`, "content-type": "application/json" }
}

/**
 * Packs the plugin and installs the tarball with Medusa into `<work>/store`, where
 * `medusaConfig` (the text of `configFile`, medusa-config.js by default) and `files` are written. Register `cleanup` before anything
 * else can fail: it removes the temp dir.
 */
export async function createStoreApp({
  name,
  medusaConfig,
  configFile = "medusa-config.js",
  files = {},
  devDependencies,
  step,
}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  const app = path.join(work, "store")
  fs.mkdirSync(app)
  const cleanup = () => fs.rmSync(work, { recursive: true, force: true })
  try {
    step("packing the plugin")
    const tarball = packPlugin(work)

    step(`writing a store app in ${app}`)
    fs.writeFileSync(
      path.join(app, "package.json"),
      JSON.stringify(
        {
          name,
          private: true,
          dependencies: {
            "@medusajs/medusa": MEDUSA,
            "@medusajs/framework": MEDUSA,
            "@medusajs/cli": MEDUSA,
            "medusa-plugin-wallet-pass": `file:${tarball}`,
          },
          ...(devDependencies && { devDependencies }),
        },
        null,
        2
      )
    )
    fs.writeFileSync(path.join(app, configFile), medusaConfig)
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(app, file), text)

    step("npm install (the packed plugin and Medusa " + MEDUSA + ")")
    const t0 = Date.now()
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: app })
    step(`installed in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    const installed = path.join(app, "node_modules/medusa-plugin-wallet-pass")
    // The build, and the guide a merchant reads from the installed package (README.md points to docs/).
    for (const must of [
      ".medusa/server/src/modules/wallet-pass/index.js",
      ".medusa/server/src/admin/index.mjs",
      "docs/operations.md",
    ]) {
      if (!fs.existsSync(path.join(installed, must))) throw new Error(`installed package lacks ${must}`)
    }
    return { work, app, tarball, installed, cleanup }
  } catch (e) {
    cleanup()
    throw e
  }
}

/** `npm pack` of the plugin (its `files`: the build in .medusa/server) into `dest`; answers the tarball's path. */
export function packPlugin(dest) {
  const packOut = run("npm", ["pack", "--pack-destination", dest, "--json"], { cwd: root })
  return path.join(dest, JSON.parse(packOut)[0].filename)
}

/**
 * Runs `npm <args>` in `cwd` with its warnings shown (`--loglevel=warn`) and answers
 * `{ output, seconds }`: stdout and stderr together, where npm prints its warnings. Throws
 * with the output when npm fails.
 */
export function npmWithWarnings(args, { cwd, env = process.env }) {
  const t0 = Date.now()
  const result = spawnSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=warn"], {
    cwd,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`
  if (result.status !== 0) {
    throw new Error(`npm ${args.join(" ")} exited with ${result.status ?? result.signal}:\n${output.slice(-4000)}`)
  }
  return { output, seconds: (Date.now() - t0) / 1000 }
}

/**
 * A database for the store: a fresh one on the configured server (DB_HOST ...), dropped by
 * `stop`, or an embedded Postgres otherwise. Answers `{ databaseUrl, stop }`.
 */
export async function prepareDatabase(prefix) {
  if (configuredServer()) {
    const name = `${prefix}_${Date.now()}`
    const params = {
      host: process.env.DB_HOST,
      port: Number(process.env.DB_PORT ?? 5432),
      user: process.env.DB_USERNAME ?? "postgres",
      password: process.env.DB_PASSWORD ?? "",
      database: "postgres",
    }
    const admin = new PgClient(params)
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    await admin.end()
    const user = encodeURIComponent(params.user)
    const pw = process.env.DB_PASSWORD ? `:${encodeURIComponent(process.env.DB_PASSWORD)}` : ""
    return {
      databaseUrl: `postgres://${user}${pw}@${process.env.DB_HOST}:${params.port}/${name}`,
      async stop() {
        const c = new PgClient(params)
        await c.connect()
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
        await c.end()
      },
    }
  }
  const db = await startEmbeddedPostgres()
  return {
    databaseUrl: `postgres://postgres:${db.env.DB_PASSWORD}@localhost:${db.env.DB_PORT}/postgres`,
    stop: () => db.stop(),
  }
}

/**
 * A check store's medusa-config with the plugin: `options` as JSON, `expressions` as JS
 * evaluated when the store loads it (`{ plan: 'process.env.CHECK_PLAN || "basic"' }`).
 * `typescript`: the file create-medusa-app writes (medusa-config.ts, `import`); `admin`: the
 * dashboard served, with the session cookie not Secure (the checks serve plain HTTP).
 */
export function medusaConfigSource({
  options,
  expressions = {},
  plugin = "medusa-plugin-wallet-pass",
  typescript = false,
  admin = false,
}) {
  const entries = [
    ...Object.entries(options).map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`),
    ...Object.entries(expressions).map(([name, source]) => `${JSON.stringify(name)}: ${source}`),
  ]
  return `${typescript ? 'import { defineConfig } from "@medusajs/framework/utils"' : 'const { defineConfig } = require("@medusajs/framework/utils")'}
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { jwtSecret: "check", cookieSecret: "check", storeCors: "*", adminCors: "*", authCors: "*" },
${admin ? "    // Production mode marks the session cookie Secure; the checks serve plain HTTP on localhost.\n    cookieOptions: { secure: false },\n" : ""}  },
${admin ? "" : "  admin: { disable: true },\n"}  plugins: [{ resolve: ${JSON.stringify(plugin)}, options: { ${entries.join(", ")} } }],
})
`
}

/** The tsconfig.json `create-medusa-app` writes; `medusa build` compiles a TypeScript store app with it. */
export const STORE_APP_TSCONFIG = JSON.stringify(
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

/** The environment for Medusa commands in the store: its DATABASE_URL and port, production mode. */
export function storeEnv(databaseUrl, port, extra = {}) {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: "true",
    NODE_ENV: "production",
    ...extra,
  }
  delete env.DB_HOST // the store reads DATABASE_URL only
  return env
}

/** The version of a package installed in the plugin repository (so the store's install hits the npm cache). */
export function installedVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")).version
}

/** The version a `^x.y.z` or `>=x.y.z <3` range starts at; null for any other range. */
export function lowerBound(range) {
  return /^(?:\^|>=\s*)(\d+\.\d+\.\d+)(?:\s+<\s*3(?:\.0\.0)?)?$/.exec(String(range ?? "").trim())?.[1] ?? null
}

/** The lowest Medusa the plugin says it runs on: the lower bound of its `@medusajs/framework` peer. */
export function lowestMedusa(pkg) {
  return lowerBound(pkg.peerDependencies["@medusajs/framework"])
}

/**
 * The newest 2.x release of @medusajs/medusa the registry serves (no previews or snapshots),
 * or CHECK_MEDUSA_VERSION when set.
 */
export function newestMedusa2() {
  if (process.env.CHECK_MEDUSA_VERSION) return process.env.CHECK_MEDUSA_VERSION
  const out = JSON.parse(run("npm", ["view", "@medusajs/medusa@^2", "version", "--json"]))
  const versions = (Array.isArray(out) ? out : [out]).filter((v) => /^2\.\d+\.\d+$/.test(v))
  const key = (v) => v.split(".").map(Number)
  versions.sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]
  })
  if (!versions.length) throw new Error(`the registry lists no 2.x release of @medusajs/medusa: ${JSON.stringify(out)}`)
  return versions.at(-1)
}

/**
 * A stock store's package.json at `medusa`: the dependencies of Medusa's starter
 * (medusa-starter-default) and those of its devDependencies that bear on our peers and the
 * type check (the starter's jest, swc, vite and yalc only cost install time here).
 */
export function stockStore(medusa) {
  return {
    name: "wallet-pass-package-check",
    version: "0.0.1",
    private: true,
    dependencies: {
      "@medusajs/admin-sdk": medusa,
      "@medusajs/cli": medusa,
      "@medusajs/framework": medusa,
      "@medusajs/medusa": medusa,
    },
    devDependencies: {
      "@medusajs/test-utils": medusa,
      "@types/node": "^20.12.11",
      "@types/react": "^18.3.2",
      react: "^18.3.1",
      "react-dom": "^18.3.1",
      typescript: "^5.6.2",
    },
    engines: { node: ">=20" },
  }
}
