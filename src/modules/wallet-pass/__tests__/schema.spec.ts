import { readFileSync } from "fs"
import path from "path"
import { CREATES, dbFunctions } from "./db-function-versions"
import { walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

type SnapshotColumn = { name: string; type: string; nullable: boolean }
type Snapshot = { tables: { name: string; columns: Record<string, SnapshotColumn> }[] }

const snapshot: Snapshot = JSON.parse(
  readFileSync(path.join(__dirname, "..", "migrations", ".snapshot-medusa-wallet-pass.json"), "utf8")
)

/**
 * The data models and their snapshot describe every column the migrations create: no column
 * lives only in a migration (docs/architecture.md, "The ledger"). `medusa plugin:db:generate`
 * keeps the snapshot equal to the models; this keeps the migrations equal to both.
 */
walletPassModuleTests(({ MikroOrmWrapper }) => {
  it("every column of the module's tables is in the snapshot, with its type and nullability", async () => {
    const rows: { table_name: string; column_name: string; data_type: string; is_nullable: string }[] =
      await MikroOrmWrapper.forkManager().execute(
        `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ANY(?::text[])`,
        [`{${snapshot.tables.map((t) => t.name).join(",")}}`]
      )
    const described = (type: string) =>
      ({
        timestamptz: "timestamp with time zone",
        text: "text",
        integer: "integer",
        jsonb: "jsonb",
        boolean: "boolean",
      })[type] ?? type
    const inDatabase = rows.map((r) => `${r.table_name}.${r.column_name} ${r.data_type} ${r.is_nullable === "YES"}`)
    const inSnapshot = snapshot.tables.flatMap((t) =>
      Object.values(t.columns).map((c) => `${t.name}.${c.name} ${described(c.type)} ${c.nullable}`)
    )
    expect(inDatabase.sort()).toEqual(inSnapshot.sort())
    expect(inDatabase).toContain("wallet_pass_holder.ledger_sum integer false")
  })

  /**
   * The functions and triggers the migrations left are db-functions/' `latest`, word for word
   * (db-functions/README.md): each function's body is its `latest` body, and running every
   * `latest` again changes no definition (in a transaction rolled back).
   */
  it("holds the latest version of every function and trigger of db-functions/, and no other", async () => {
    const modules = dbFunctions()
    const kind = (text: string) => text.match(CREATES)![1]
    const functions = modules.filter((m) => kind(m.latest) === "FUNCTION")
    const triggers = modules.filter((m) => kind(m.latest) === "TRIGGER")
    const knex = MikroOrmWrapper.forkManager().getKnex()
    const definitions = async (db: typeof knex) => {
      const { rows: procs } = await db.raw(
        `SELECT p.proname AS name, p.prosrc AS body, pg_get_functiondef(p.oid) AS definition FROM pg_proc p
          WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE 'wallet\\_pass\\_%' ORDER BY p.proname COLLATE "C"`
      )
      const { rows: trigs } = await db.raw(
        `SELECT t.tgname AS name, t.tgrelid::regclass::text AS on_table, pg_get_triggerdef(t.oid) AS definition
           FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal AND t.tgname LIKE 'wallet\\_pass\\_%'
          ORDER BY t.tgname COLLATE "C"`
      )
      return { procs, trigs } as {
        procs: { name: string; body: string; definition: string }[]
        trigs: { name: string; on_table: string; definition: string }[]
      }
    }

    const installed = await definitions(knex)
    expect(installed.procs.map((p) => p.name)).toEqual(functions.map((m) => m.name))
    expect(installed.trigs.map((t) => t.name)).toEqual(triggers.map((m) => m.name))
    for (const m of functions) {
      const body = m.latest.match(/ AS \$fn\$([\s\S]*)\$fn\$;$/)![1]
      expect({ [m.name]: installed.procs.find((p) => p.name === m.name)!.body }).toEqual({ [m.name]: body })
    }

    const trx = await knex.transaction()
    try {
      for (const m of functions) await trx.raw(m.latest)
      for (const t of installed.trigs) await trx.raw(`DROP TRIGGER ${t.name} ON ${t.on_table}`)
      for (const m of triggers) await trx.raw(m.latest)
      expect(await definitions(trx)).toEqual(installed)
    } finally {
      await trx.rollback()
    }
  })
})
