import { model } from "@medusajs/framework/utils"

/**
 * The program overview's sums of one sealed quarter hour (docs/overview.md): the flows of bonus
 * of the ledger entries created in it (`flows`: credited, redeemed, reversed, lapsed, in minor
 * units; JSON numbers, exact at any size), the canceled entries it was summed with (a slot whose
 * count changes is summed again) and the requests to the service started in it. Written and
 * read only by repositories/overview.ts; it can be emptied at any time (it is summed again).
 */
export const WalletPassOverviewSlot = model
  .define("wallet_pass_overview_slot", {
    id: model.id({ prefix: "wpslot" }).primaryKey(),
    slot: model.dateTime(), // the quarter hour's start
    flows: model.json(),
    canceled: model.number(),
    requests: model.number(),
  })
  .indexes([{ on: ["slot"], unique: true }])
