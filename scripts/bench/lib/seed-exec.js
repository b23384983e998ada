// `npx medusa exec <this file>` in a store's folder: seeds a storefront with the shared seed
// (integration-tests/support/seed-store.js, at $SEED_MODULE, a copy inside the store app when
// it is not this repo, so it resolves that app's @medusajs packages), adds a secret API key
// for admin calls, and writes the ids as JSON to $SEED_OUT.
const fs = require("fs")
const { Modules } = require("@medusajs/framework/utils")
const { seedStore } = require(process.env.SEED_MODULE)

async function seed({ container }) {
  const store = await seedStore(container, { label: "Bench", itemPrice: Number(process.env.SEED_ITEM_PRICE ?? 33.33) })
  const secret = await container
    .resolve(Modules.API_KEY)
    .createApiKeys({ title: "bench", type: "secret", created_by: "bench" })
  const adminAuthorization = `Basic ${Buffer.from(`${secret.token}:`).toString("base64")}`
  fs.writeFileSync(process.env.SEED_OUT, JSON.stringify({ ...store, adminAuthorization }))
}

// medusa exec runs the default export.
module.exports = { default: seed }
