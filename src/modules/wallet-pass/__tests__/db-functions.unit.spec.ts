import { createHash } from "crypto"
import { readdirSync } from "fs"
import path from "path"
import { CREATES, dbFunctions } from "./db-function-versions"

/**
 * db-functions/ keeps every version of every database function and trigger once
 * (db-functions/README.md), and the migrations install them from there. Checked here from the
 * statements each migration's up() and down() run, collected without a database;
 * schema.spec.ts checks that a database after all migrations holds each `latest`.
 */
const MIGRATIONS = path.resolve(__dirname, "..", "migrations")

/**
 * The digest of every version a migration installs. A version is history once a migration has
 * installed it: stores that ran that migration hold its text, and editing it would change only
 * new stores. A change is a new version and a new migration that installs it; its digest goes
 * here (the failure below prints it).
 */
const INSTALLED: Record<string, string[]> = {
  wallet_pass_apply_entry: ["df5dec0fae89c0ca", "d8e21728c3f9cfdd", "ed1670dc4601b177"],
  wallet_pass_balance: ["eef6e1ef1229e218"],
  wallet_pass_cancel_entry: ["1c433d9cdac14f39"],
  wallet_pass_consume_credits: ["771fb69b2e0c545c"],
  wallet_pass_entry_by_keys: ["1ff3568f79a845a9"],
  wallet_pass_entry_repeat: ["3f8b3d9aac27fe40"],
  wallet_pass_expire_credit: ["0111a56669697f0e"],
  wallet_pass_hook_add: ["882c94f155933895", "93a77f7795e2f104", "2c78cd47af6b06b3"],
  wallet_pass_hook_batch: ["c32c16ac2e2e9fe3"],
  wallet_pass_hook_holder: ["d102201b0a42b105", "e16325320f2b513d"],
  wallet_pass_holder_rates: ["e0167504b6efd0bd"],
  wallet_pass_holder_rates_trigger: ["ef02b43b7aa27a8e"],
  wallet_pass_ledger_sum: ["1b60bfbd7df461eb"],
  wallet_pass_ledger_sum_trigger: ["d96f6af14cf0dce5"],
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16)

type Step = { migration: string; up: string[]; down: string[] }

/** The statements a migration's up() or down() runs. */
async function statementsOf(file: string, side: "up" | "down"): Promise<string[]> {
  const exported = require(path.join(MIGRATIONS, file)) as Record<string, unknown>
  const MigrationClass = exported[file.replace(/\.ts$/, "")] as new (
    driver: unknown,
    config: unknown
  ) => { up(): Promise<void>; down(): Promise<void>; getQueries(): unknown[] }
  const migration = new MigrationClass(null, null)
  await migration[side]()
  return migration.getQueries().map(String)
}

async function migrationSteps(): Promise<Step[]> {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^Migration\d+\.ts$/.test(f))
    .sort()
  const steps: Step[] = []
  for (const migration of files) {
    steps.push({ migration, up: await statementsOf(migration, "up"), down: await statementsOf(migration, "down") })
  }
  return steps
}

/** The name a statement creates a function or trigger of, if it does. */
const created = (statement: string) => statement.match(CREATES)?.[2]

describe("db-functions/ and the migrations", () => {
  const modules = dbFunctions()
  const byName = new Map(modules.map((m) => [m.name, m]))
  let steps: Step[]
  beforeAll(async () => {
    steps = await migrationSteps()
  })
  const ups = () => steps.flatMap((s) => s.up)
  const all = () => steps.flatMap((s) => [...s.up, ...s.down])

  it("finds the functions the ledger relies on, in the migrations and in db-functions/", () => {
    const inMigrations = new Set(ups().map(created))
    for (const name of ["wallet_pass_balance", "wallet_pass_apply_entry", "wallet_pass_hook_batch"]) {
      expect(inMigrations).toContain(name)
      expect(byName.get(name)?.versions.length).toBeGreaterThan(0)
    }
  })

  it("has one module per function and trigger the migrations create, each version creating its own name", () => {
    const inMigrations = new Set(all().map(created).filter(Boolean))
    expect(modules.map((m) => m.name)).toEqual([...inMigrations].sort())
    for (const m of modules) {
      const numbers = m.exports.filter((key) => key !== "latest")
      expect({ [m.name]: numbers }).toEqual({ [m.name]: m.versions.map((_, i) => `v${i + 1}`) })
      expect({ [m.name]: m.versions.map(created) }).toEqual({ [m.name]: m.versions.map(() => m.name) })
    }
  })

  it("every function or trigger a migration creates is one of db-functions/' versions, word for word", () => {
    const inline = steps.flatMap((s) =>
      [...s.up, ...s.down]
        .filter((statement) => created(statement) && !byName.get(created(statement)!)?.versions.includes(statement))
        .map((statement) => `${s.migration}: ${statement.slice(0, 80)}`)
    )
    expect(inline).toEqual([])
  })

  it("the ups install each function's versions in order, and the newest migration that defines it its latest", () => {
    for (const m of modules) {
      const installed = ups().filter((statement) => created(statement) === m.name)
      expect({ [m.name]: [...new Set(installed)].map((t) => m.versions.indexOf(t) + 1) }).toEqual({
        [m.name]: m.versions.map((_, i) => i + 1),
      })
      expect(m.latest).toBe(m.versions[m.versions.length - 1])
      expect({ [m.name]: installed[installed.length - 1] === m.latest }).toEqual({ [m.name]: true })
    }
  })

  it("a down() puts back the version that was in force before its migration", () => {
    const inForce = new Map<string, string>()
    const wrong: string[] = []
    let restored = 0
    for (const step of steps) {
      const before = new Map(inForce)
      for (const statement of step.up) if (created(statement)) inForce.set(created(statement)!, statement)
      for (const statement of step.down.filter(created)) {
        restored++
        if (statement !== before.get(created(statement)!)) wrong.push(`${step.migration}: ${created(statement)}`)
      }
    }
    expect(wrong).toEqual([])
    expect(restored).toBeGreaterThan(0)
  })

  it("no version a migration installed has changed (its digest is pinned)", () => {
    const changed = modules.flatMap((m) =>
      m.versions
        .map((text, i) => ({ version: `v${i + 1}`, found: digest(text), pinned: INSTALLED[m.name]?.[i] }))
        .filter((v) => v.found !== v.pinned)
        .map((v) =>
          v.pinned
            ? `${m.name} ${v.version} changed: add a new version and a migration that installs it instead`
            : `${m.name} ${v.version} is new: pin its digest "${v.found}" in INSTALLED`
        )
    )
    expect(changed).toEqual([])
    expect(Object.keys(INSTALLED).sort()).toEqual(modules.map((m) => m.name))
  })
})
