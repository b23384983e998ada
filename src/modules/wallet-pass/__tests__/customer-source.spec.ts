import { CARRY_OVER_CUSTOMER_SOURCES } from "../utils/carry-over-customer-sources"
import { walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

/**
 * The migration that moves the "made by the plugin" mark out of customer metadata (which a
 * store route lets a customer write) carries over only the marks the plugin wrote itself:
 * on customers without an account that have a holder of that source (docs/security.md).
 */
walletPassModuleTests(({ MikroOrmWrapper, service }) => {
  it("carries the plugin's own marks over, and none a customer with an account could have written", async () => {
    const db = MikroOrmWrapper.forkManager()
    // The store's customer table (Medusa's customer module is not loaded in a module test).
    await db.execute(
      `CREATE TABLE customer (id text PRIMARY KEY, has_account boolean NOT NULL, metadata jsonb, deleted_at timestamptz)`
    )
    try {
      await db.execute(`INSERT INTO customer (id, has_account, metadata) VALUES
        ('cus_shop', false, '{"wallet_pass_source":"hook"}'),
        ('cus_imported', false, '{"wallet_pass_source":"import"}'),
        ('cus_forged', true, '{"wallet_pass_source":"hook"}'),
        ('cus_no_holder', false, '{"wallet_pass_source":"hook"}'),
        ('cus_plain', false, NULL)`)
      await service.createWalletPassHolders([
        { customer_id: "cus_shop", phone: "+79990000501", source: "hook" },
        { customer_id: "cus_imported", phone: "+79990000502", source: "import" },
        { customer_id: "cus_forged", phone: "+79990000503", source: "signup" },
        { customer_id: "cus_plain", phone: "+79990000504", source: "hook" },
      ])
      await db.execute(CARRY_OVER_CUSTOMER_SOURCES)
      await db.execute(CARRY_OVER_CUSTOMER_SOURCES) // a second run adds nothing
      const marks = await service.listWalletPassCustomerSources({}, { select: ["customer_id", "source"] })
      expect(marks.map((m) => [m.customer_id, m.source]).sort()).toEqual([
        ["cus_imported", "import"],
        ["cus_shop", "hook"],
      ])
    } finally {
      await db.execute(`DROP TABLE customer`)
    }
  })
})
