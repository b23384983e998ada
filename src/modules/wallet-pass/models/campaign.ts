import { model } from "@medusajs/framework/utils"
import { CAMPAIGN_STATES } from "../constants"
import { PUSH_TYPES } from "../../../lib/constants"

/** A push campaign: created at the service (push/create), then sent (push/send). */
export const WalletPassCampaign = model.define("wallet_pass_campaign", {
  id: model.id({ prefix: "wpcmp" }).primaryKey(),
  name: model.text().nullable(),
  message: model.text(),
  type: model.enum([...PUSH_TYPES]).default("push"),
  segment_uuid: model.text().nullable(),
  remote_uuid: model.text().nullable(),
  state: model.enum([...CAMPAIGN_STATES]).default("draft"),
  error: model.text().nullable(),
  created_by: model.text().nullable(),
  sent_at: model.dateTime().nullable(),
})
