// The example Next.js storefront (examples/nextjs), as `npm run storefront -- --next` and
// `npm run check:nextjs` run it: from a copy in .cache/wallet-pass-example-nextjs, where its
// own dependencies are installed and it is built. Not in examples/nextjs itself: `medusa
// develop` (npm run dev) restarts on any file written in the repository outside node_modules
// and dot-folders, and would watch the example's ~13,000 dependency files; the copy's folder is
// a dot-folder it ignores. The copy's tsconfigs name the kit's files by absolute path.
import { spawn, spawnSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { root } from "./store-app.mjs"

export const EXAMPLE = path.join(root, "examples/nextjs")
export const APP = path.join(root, ".cache/wallet-pass-example-nextjs")
const NEXT = path.join(APP, "node_modules/next/dist/bin/next")
const STAMP = path.join(APP, "node_modules/.wallet-pass-lock-sha256")

const sha256 = (data) => crypto.createHash("sha256").update(data).digest("hex")

/**
 * Copies the example's files (not its node_modules or build) over the copy's, stale files
 * removed. The copy's tsconfigs name the kit by absolute path: tsconfig.json the built
 * declarations (`.medusa/server`, what npm ships, under the starter's `moduleResolution:
 * "node"`), tsconfig.repository.json the repository's source (`bundler` and ES2022, what the
 * source is written for); next.config.mjs type-checks with the one for WALLET_PASS_STOREFRONT.
 */
export function syncExample() {
  fs.mkdirSync(APP, { recursive: true })
  for (const entry of fs.readdirSync(APP))
    if (entry !== "node_modules" && entry !== ".next")
      fs.rmSync(path.join(APP, entry), { recursive: true, force: true })
  fs.cpSync(EXAMPLE, APP, {
    recursive: true,
    filter: (source) => !/^(node_modules|\.next)(\/|$)/.test(path.relative(EXAMPLE, source)),
  })
  // `paths` are relative to `baseUrl` (./src, as the dtc-starter's), which both files share.
  const base = path.join(EXAMPLE, "src")
  for (const name of ["tsconfig.json", "tsconfig.repository.json"]) {
    const file = path.join(APP, name)
    const tsconfig = JSON.parse(fs.readFileSync(file, "utf8"))
    for (const [key, targets] of Object.entries(tsconfig.compilerOptions.paths ?? {}))
      if (key.startsWith("medusa-plugin-wallet-pass/"))
        tsconfig.compilerOptions.paths[key] = targets.map((t) => path.resolve(base, t))
    fs.writeFileSync(file, JSON.stringify(tsconfig, null, 2))
  }
}

/**
 * `npm ci` in the copy when its lockfile is not the one installed last; answers the seconds it
 * took, or null when nothing was to do. npm's output goes to `log`.
 */
export function installExample(log = () => {}) {
  const lock = sha256(fs.readFileSync(path.join(APP, "package-lock.json")))
  if (fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8") === lock && fs.existsSync(NEXT)) return null
  const t0 = Date.now()
  const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=warn"], {
    cwd: APP,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim()
  if (output) log(output)
  if (result.status !== 0) throw new Error(`npm ci in ${APP} exited with ${result.status}:\n${output.slice(-3000)}`)
  fs.writeFileSync(STAMP, lock)
  return (Date.now() - t0) / 1000
}

/**
 * The environment of `next build` / `next start`: where the repository is (the kit's files),
 * which of them (`WALLET_PASS_STOREFRONT=build`: the built package), the store's URL and key
 * (read at run time, so a build serves any store).
 */
export function exampleEnv(base, { storeUrl, publishableKey, fromBuild = false } = {}) {
  const env = { ...base, WALLET_PASS_REPOSITORY: root, NEXT_TELEMETRY_DISABLED: "1" }
  if (storeUrl) env.MEDUSA_BACKEND_URL = storeUrl
  if (publishableKey) env.MEDUSA_PUBLISHABLE_KEY = publishableKey
  if (fromBuild) env.WALLET_PASS_STOREFRONT = "build"
  return env
}

/** `next build` in the copy; its output goes to `onLine`. Resolves with the seconds it took. */
export function buildExample(env, onLine = () => {}) {
  const t0 = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NEXT, "build"], { cwd: APP, env, stdio: ["ignore", "pipe", "pipe"] })
    let tail = ""
    const take = (chunk) => {
      const text = chunk.toString()
      tail = (tail + text).slice(-6000)
      for (const line of text.split("\n")) if (line.trim()) onLine(line)
    }
    child.stdout.on("data", take)
    child.stderr.on("data", take)
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0 ? resolve((Date.now() - t0) / 1000) : reject(new Error(`next build exited with ${code}:\n${tail}`))
    )
  })
}

/** `next start` in the copy on `port` (its own process group, for stopProcessGroup). */
export function startExample(env, port) {
  const child = spawn(process.execPath, [NEXT, "start", "-p", String(port), "-H", "localhost"], {
    cwd: APP,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)))
  return { child, exited }
}
