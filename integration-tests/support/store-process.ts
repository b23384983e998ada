import { ChildProcess, execFile, spawn } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { promisify } from "util"
import { Client } from "pg"
import type { SeededStore } from "./seed-store"

const ROOT = path.resolve(__dirname, "../..")
const { freePort } = require("./database") as { freePort: () => Promise<number> }

/** Connection settings of the test Postgres (set by jest's global setup). */
function serverUrl(database: string): string {
  const user = encodeURIComponent(process.env.DB_USERNAME ?? "postgres")
  const password = process.env.DB_PASSWORD ? `:${encodeURIComponent(process.env.DB_PASSWORD)}` : ""
  return `postgres://${user}${password}@${process.env.DB_HOST ?? "localhost"}:${process.env.DB_PORT ?? 5432}/${database}`
}

/** A fresh database for a spec that runs the store as real processes; `drop()` removes it. */
export async function createTestDatabase(
  prefix: string
): Promise<{ url: string; client: Client; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  const admin = new Client({ connectionString: serverUrl("postgres") })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = serverUrl(name)
  const client = new Client({ connectionString: url })
  await client.connect()
  return {
    url,
    client,
    async drop() {
      await client.end().catch(() => {})
      const c = new Client({ connectionString: serverUrl("postgres") })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    },
  }
}

/** `npx medusa db:migrate` of the development store (this repo) against `env.DATABASE_URL`. */
export async function migrateStore(env: Record<string, string>): Promise<void> {
  await promisify(execFile)("npx", ["medusa", "db:migrate"], {
    cwd: ROOT,
    env: { ...process.env, ...env, MEDUSA_DISABLE_TELEMETRY: "true" },
    timeout: 180_000,
  })
}

/**
 * Seeds the development store's database (`env.DATABASE_URL`) with the shared storefront seed
 * (integration-tests/support/seed-store.js, through `npx medusa exec`) and answers its ids, with
 * `adminAuthorization`, the header of a secret API key for /admin calls.
 */
export async function seedStoreDatabase(
  env: Record<string, string>
): Promise<SeededStore & { adminAuthorization: string }> {
  const out = path.join(os.tmpdir(), `wallet-pass-seed-${process.pid}-${Date.now()}.json`)
  try {
    await promisify(execFile)("npx", ["medusa", "exec", "scripts/bench/lib/seed-exec.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        MEDUSA_DISABLE_TELEMETRY: "true",
        SEED_OUT: out,
        SEED_MODULE: path.join(ROOT, "integration-tests/support/seed-store.js"),
      },
      timeout: 180_000,
    })
    return JSON.parse(fs.readFileSync(out, "utf8"))
  } finally {
    fs.rmSync(out, { force: true })
  }
}

/** Process groups of stores still running; killed outright if the test process exits first. */
const liveGroups = new Set<number>()
process.once("exit", () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, "SIGKILL")
    } catch {}
  }
})

/**
 * The development store (this repo's medusa-config.ts) as a real `medusa start` process:
 * it can be killed with any signal and started again on the same port.
 */
export class StoreProcess {
  readonly url: string
  private child: ChildProcess | null = null
  private log = ""

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>
  ) {
    this.url = `http://127.0.0.1:${port}`
  }

  static async create(env: Record<string, string>): Promise<StoreProcess> {
    return new StoreProcess(await freePort(), env)
  }

  /** Starts the process and waits until /health answers (bounded). */
  async start(timeoutMs = 90_000): Promise<void> {
    this.child = spawn("npx", ["medusa", "start"], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), MEDUSA_DISABLE_TELEMETRY: "true", NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    })
    liveGroups.add(this.child.pid!)
    this.child.stdout!.on("data", (d) => (this.log = (this.log + d).slice(-20_000)))
    this.child.stderr!.on("data", (d) => (this.log = (this.log + d).slice(-20_000)))
    const child = this.child
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`store exited with ${child.exitCode}:\n${this.log.slice(-3000)}`)
      try {
        if ((await fetch(`${this.url}/health`)).ok) return
      } catch {}
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error(`store did not become ready in ${timeoutMs} ms:\n${this.log.slice(-3000)}`)
  }

  /**
   * Sends `signal` to the whole process group and waits for it to exit; a group still
   * there after 10 s is killed outright, so no store outlives its test.
   */
  async kill(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once("exit", resolve))
    const signalGroup = (s: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, s)
      } catch {}
    }
    signalGroup(signal)
    if (!(await settlesWithin(exited, 10_000))) {
      signalGroup("SIGKILL")
      await settlesWithin(exited, 5_000)
    }
    signalGroup("SIGKILL") // stragglers of the group (npx's child) once the leader is gone
    liveGroups.delete(child.pid!)
    this.child = null
  }

  output(): string {
    return this.log
  }
}

/** True when `promise` settles within `ms`; the timer is cleared either way, so it keeps no test process alive. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise.then(() => true), late])
  } finally {
    clearTimeout(timer)
  }
}
