import { readdirSync, readFileSync } from "fs"
import path from "path"

/**
 * sql/ holds the current text of every database function and trigger (sql/README.md): each
 * file must be what the newest migration defining that name creates, in its up().
 */
const MODULE = path.resolve(__dirname, "..")
const MIGRATIONS = path.join(MODULE, "migrations")
const SQL = path.join(MODULE, "sql")

/** `CREATE [OR REPLACE] FUNCTION|TRIGGER name …` up to the end of its $fn$ body or of the statement. */
const DEFINITION = /CREATE (?:OR REPLACE )?(?:FUNCTION|TRIGGER) (\w+)[\s\S]*?(?:\$fn\$;|;\s*$)/g

/** The statements a migration's up() runs, collected without a database. */
async function statementsOf(file: string): Promise<string[]> {
  const exported = require(path.join(MIGRATIONS, file)) as Record<string, unknown>
  const MigrationClass = exported[file.replace(/\.ts$/, "")] as new (
    driver: unknown,
    config: unknown
  ) => {
    up(): Promise<void>
    getQueries(): unknown[]
  }
  const migration = new MigrationClass(null, null)
  await migration.up()
  return migration.getQueries().map(String)
}

async function newestDefinitions(): Promise<Map<string, { migration: string; text: string }>> {
  const found = new Map<string, { migration: string; text: string }>()
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^Migration\d+\.ts$/.test(f))
    .sort()
  for (const file of files) {
    for (const statement of await statementsOf(file)) {
      for (const match of statement.matchAll(DEFINITION)) found.set(match[1], { migration: file, text: match[0] })
    }
  }
  return found
}

const normalize = (text: string) => text.replace(/\s+/g, " ").trim()

describe("sql/ and the migrations", () => {
  let definitions: Map<string, { migration: string; text: string }>
  beforeAll(async () => {
    definitions = await newestDefinitions()
  })
  const files = readdirSync(SQL).filter((f) => f.endsWith(".sql"))

  it("finds the functions the ledger relies on", () => {
    expect([...definitions.keys()]).toEqual(
      expect.arrayContaining(["wallet_pass_balance", "wallet_pass_apply_entry", "wallet_pass_hook_batch"])
    )
  })

  it("has one file per function and trigger, and no file without a migration", () => {
    expect(files.map((f) => f.replace(/\.sql$/, "")).sort()).toEqual([...definitions.keys()].sort())
  })

  it.each(files)("%s is the text of the newest migration that defines it", (file) => {
    const name = file.replace(/\.sql$/, "")
    const definition = definitions.get(name)
    expect(definition).toBeDefined()
    const current = readFileSync(path.join(SQL, file), "utf8")
    if (normalize(current) !== normalize(definition!.text)) {
      throw new Error(
        `sql/${file} differs from ${definition!.migration}: write a new migration that creates the new text ` +
          `(or restore the file to the migration's text)`
      )
    }
  })
})
