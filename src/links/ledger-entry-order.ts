import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import WalletPassModule from "../modules/wallet-pass"

/** A ledger entry caused by an order points to it through `order_id` (read-only, no link table). */
export default defineLink(
  { linkable: WalletPassModule.linkable.walletPassLedgerEntry, field: "order_id" },
  OrderModule.linkable.order,
  { readOnly: true }
)
