import { defineLink } from "@medusajs/framework/utils"
import CustomerModule from "@medusajs/medusa/customer"
import WalletPassModule from "../modules/wallet-pass"

/** A holder belongs to a Medusa customer through its `customer_id` column (read-only, no link table). */
export default defineLink(
  { linkable: WalletPassModule.linkable.walletPassHolder, field: "customer_id" },
  CustomerModule.linkable.customer,
  { readOnly: true }
)
