import { readdirSync, readFileSync } from "fs"
import path from "path"

/**
 * sql/ holds the current text of every database function and trigger (sql/README.md): each
 * file must be what the newest migration defining that name creates, in its up().
 */
const MODULE = path.resolve(__dirname, "..")
const MIGRATIONS = path.join(MODULE, "migrations")
const SQL = path.join(MODULE, "sql")

/** `CREATE [OR REPLACE] FUNCTION|TRIGGER name …` up to the end of its $fn$ body or its semicolon. */
const DEFINITION = /CREATE (?:OR REPLACE )?(?:FUNCTION|TRIGGER) (\w+)[\s\S]*?(?:\$fn\$;|;(?=`))/g

function newestDefinitions(): Map<string, { migration: string; text: string }> {
  const found = new Map<string, { migration: string; text: string }>()
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^Migration\d+\.ts$/.test(f))
    .sort()
  for (const file of files) {
    const source = readFileSync(path.join(MIGRATIONS, file), "utf8")
    const up = source.split("async up()")[1]?.split("async down()")[0] ?? ""
    for (const match of up.matchAll(DEFINITION)) found.set(match[1], { migration: file, text: match[0] })
  }
  return found
}

const normalize = (text: string) => text.replace(/\s+/g, " ").trim()

describe("sql/ and the migrations", () => {
  const definitions = newestDefinitions()
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
