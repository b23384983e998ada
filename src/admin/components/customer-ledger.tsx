import { Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { AdminCustomerWalletPassLedgerResponse, AdminWalletPassLedgerEntry, Json } from "../../api/types"
import { type CustomerSectionProps, useCustomerList } from "../lib/api"
import { useWalletPassFormat, type WalletPassFormat } from "../lib/format"
import { ledgerColumns, RowsTable } from "./rows-table"

type Entry = Json<AdminWalletPassLedgerEntry>

/** A lifetime credit: when it lapses and what is left of it, or when it lapsed. */
function expiry(entry: Entry, f: WalletPassFormat, currency: string | null): string {
  if (!entry.expires_at) return ""
  if (entry.expired_at) return f.t("customer.ledger.expired", { date: f.date(entry.expired_at) })
  return entry.remaining !== null && entry.remaining !== entry.amount
    ? f.t("customer.ledger.expiresLeft", {
        date: f.date(entry.expires_at),
        amount: f.money(entry.remaining, currency),
      })
    : f.t("customer.ledger.expires", { date: f.date(entry.expires_at) })
}

/**
 * The customer's whole ledger, newest first, a page at a time: each credit and debit in
 * words, with the balance after it, a credit's expiry, and why.
 */
export const CustomerLedger = (props: CustomerSectionProps) => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data, paging } = useCustomerList<AdminCustomerWalletPassLedgerResponse>("ledger", props)
  if (!data?.count) return null
  const currency = data.currency_code
  // An admin's reason (a manual entry) is their own words; the plugin's are put in the admin's.
  const reasonOf = (e: Entry) => f.reason(e, { currency })
  return (
    <div className="flex flex-col" data-testid="wallet-pass-ledger">
      <Text size="small" weight="plus" className="px-6 pt-4 pb-2">
        {t("customer.ledger.title", { count: data.count })}
      </Text>
      <RowsTable
        rows={data.ledger}
        paging={paging}
        testId="wallet-pass-ledger-table"
        columns={[
          ...ledgerColumns<Entry>(f, currency),
          {
            header: t("customer.ledger.balanceAfter"),
            cell: (e) => f.money(e.balance_after, currency),
            className: "whitespace-nowrap",
          },
          { header: t("customer.ledger.expiry"), cell: (e) => expiry(e, f, currency) },
          {
            header: t("customer.ledger.reason"),
            cell: (e) =>
              e.state === "canceled" ? (
                t("customer.ledger.canceled")
              ) : e.reason || e.reason_code ? (
                reasonOf(e)
              ) : e.order_id ? (
                <Link className="text-ui-fg-interactive" to={`/orders/${e.order_id}`}>
                  {t("customer.ledger.order")}
                </Link>
              ) : (
                ""
              ),
            title: reasonOf,
            truncate: true,
          },
        ]}
      />
    </div>
  )
}
