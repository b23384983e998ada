import { Container, Heading } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { AdminCustomerWalletPassLedgerResponse, AdminWalletPassLedgerEntry, Json } from "../../api/types"
import { LEDGER_KINDS } from "../../modules/wallet-pass/browser"
import { type CustomerSectionProps, useCustomerList, useListControls } from "../lib/api"
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
 * The customer's whole ledger in Medusa's DataTable, newest first, 20 a page: each credit and
 * debit in words, with the balance after it, a credit's expiry, and why; sorted by date or
 * amount, filtered by kind (the route does both: GET …/wallet-pass/ledger).
 */
export const CustomerLedger = (props: CustomerSectionProps) => {
  const f = useWalletPassFormat()
  const { t } = f
  const controls = useListControls("-created_at")
  const { data, paging, isLoading } = useCustomerList<AdminCustomerWalletPassLedgerResponse>(
    "ledger",
    props,
    controls.query
  )
  const currency = data?.currency_code ?? null
  // An admin's reason (a manual entry) is their own words; the plugin's are put in the admin's.
  const reasonOf = (e: Entry) => f.reason(e, { currency })
  return (
    <Container className="p-0" data-testid="wallet-pass-ledger">
      <RowsTable<Entry>
        title={<Heading level="h2">{t("customer.ledger.title", { count: data?.count ?? 0 })}</Heading>}
        rows={data?.ledger ?? []}
        paging={paging}
        isLoading={isLoading}
        sorting={controls.sorting}
        filtering={{
          filters: [
            {
              id: "kind",
              type: "select",
              label: t("common.columns.kind"),
              options: LEDGER_KINDS.map((kind) => ({ value: kind, label: f.label("ledgerKind", kind) })),
            },
          ],
          state: controls.filterState,
          setState: controls.setFilters,
        }}
        empty={t("customer.ledger.none")}
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
    </Container>
  )
}
