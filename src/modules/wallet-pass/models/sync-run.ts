import { model } from "@medusajs/framework/utils"
import { SYNC_RUN_KINDS, SYNC_RUN_STATES } from "../constants"

/**
 * A background sweep over the service's base (the import, the install-flag sync, the drift
 * check). Its requests go through the queue at background priority, one page or one read
 * each; `cursor` says where the sweep is, so a restart resumes it (docs/adoption.md).
 */
export const WalletPassSyncRun = model
  .define("wallet_pass_sync_run", {
    id: model.id({ prefix: "wpsync" }).primaryKey(),
    kind: model.enum([...SYNC_RUN_KINDS]),
    state: model.enum([...SYNC_RUN_STATES]).default("running"),
    // import: list -> read -> ready -> refresh -> done; installs: list -> done; drift: read -> done
    phase: model.text(),
    // Registration-date windows still to page ({ windows, window, offset }) and the like.
    cursor: model.json().nullable(),
    counts: model.json().nullable(),
    // The last registration time the sweep looks at (windows end here).
    until: model.dateTime(),
    requested_by: model.text().nullable(),
    finished_at: model.dateTime().nullable(),
    error: model.text().nullable(),
  })
  .indexes([{ on: ["kind", "state"] }])
