import { readFileSync } from "fs"
import path from "path"
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
})
