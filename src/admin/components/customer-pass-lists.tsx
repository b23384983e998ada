import { Container, Heading } from "@medusajs/ui"
import type {
  AdminWalletPass,
  AdminWalletPassOperationListItem,
  AdminWalletPassOperationListResponse,
  Json,
} from "../../api/types"
import { OPERATION_STATES } from "../../modules/wallet-pass/browser"
import { type CustomerSectionProps, useListControls, usePagedList, walletPassKeys } from "../lib/api"
import { pollWhileOnItsWay } from "../lib/poll"
import { useWalletPassFormat } from "../lib/format"
import { describeRequest } from "../lib/requests"
import { ErrorDetail } from "./error-detail"
import { OperationStateBadge } from "./operation-state-badge"
import { ReviewButtons, useReviewActions } from "./review-buttons"
import { RowsTable } from "./rows-table"

type Operation = Json<AdminWalletPassOperationListItem>
type Bonus = Json<AdminWalletPass>["bonuses"][number]

/**
 * Every request the store sent the service about this customer (pushes, balance, profile…),
 * newest first, 20 a page, in Medusa's DataTable, sorted by date or state and filtered by
 * state (the route does both): each in words, its error whole on demand, and retry / mark
 * resolved for those that wait for a person.
 */
export const CustomerRequestsTable = ({ customerId, refetchInterval }: CustomerSectionProps) => {
  const f = useWalletPassFormat()
  const { t } = f
  const controls = useListControls("-created_at")
  const actions = useReviewActions([walletPassKeys.customer(customerId), walletPassKeys.operations])
  const { data, paging, isLoading } = usePagedList<AdminWalletPassOperationListResponse>(
    [...walletPassKeys.customer(customerId), "all-requests"],
    "/admin/wallet-pass/operations",
    { customer_id: customerId, ...controls.query },
    { pageSize: 20, refetchInterval: pollWhileOnItsWay(refetchInterval) }
  )
  return (
    <Container className="p-0" data-testid="wallet-pass-customer-requests">
      <RowsTable<Operation>
        title={<Heading level="h2">{t("customer.page.requests", { count: data?.count ?? 0 })}</Heading>}
        rows={data?.operations ?? []}
        paging={paging}
        isLoading={isLoading}
        sorting={controls.sorting}
        filtering={{
          filters: [
            {
              id: "state",
              type: "select",
              label: t("common.columns.state"),
              options: OPERATION_STATES.map((state) => ({ value: state, label: f.label("operationState", state) })),
            },
          ],
          state: controls.filterState,
          setState: controls.setFilters,
        }}
        empty={t("customer.page.noRequests")}
        testId="wallet-pass-customer-requests-table"
        columns={[
          { header: t("common.columns.sent"), cell: (op) => f.dateTime(op.created_at), sort: "created_at" },
          {
            header: t("common.columns.request"),
            cell: (op) => describeRequest(op, f, data?.currency_code ?? null),
            title: (op) => describeRequest(op, f, data?.currency_code ?? null),
            truncate: true,
          },
          {
            header: t("common.columns.state"),
            cell: (op) => <OperationStateBadge state={op.state} />,
            sort: "state",
          },
          {
            header: t("common.columns.error"),
            cell: (op) =>
              op.last_error ? <ErrorDetail error={op.last_error} testId="wallet-pass-request-error" /> : "",
          },
          { cell: (op) => <ReviewButtons operation={op} actions={actions} /> },
        ]}
      />
    </Container>
  )
}

/** The program's bonuses the customer received (docs/program.md), in Medusa's DataTable. */
export const PassBonusesTable = ({ bonuses, currency }: { bonuses: Bonus[]; currency: string | null }) => {
  const f = useWalletPassFormat()
  const { t } = f
  const rows = bonuses.map((b) => ({ ...b, id: `${b.bonus}-${b.received_at}` }))
  return (
    <Container className="p-0" data-testid="wallet-pass-bonuses">
      <RowsTable
        title={<Heading level="h2">{t("customer.bonuses.title")}</Heading>}
        rows={rows}
        empty={t("customer.bonuses.none")}
        testId="wallet-pass-bonuses-table"
        columns={[
          { header: t("common.columns.date"), cell: (b) => f.date(b.received_at) },
          {
            header: t("customer.bonuses.bonus"),
            cell: (b) => t(`customer.bonuses.name.${b.bonus}`, { defaultValue: b.bonus }),
          },
          {
            header: t("common.columns.amount"),
            cell: (b) => f.money(b.amount, currency),
            className: "whitespace-nowrap",
          },
          {
            header: t("customer.ledger.expiry"),
            cell: (b) => (b.expires_at ? t("customer.ledger.expires", { date: f.date(b.expires_at) }) : ""),
          },
        ]}
      />
    </Container>
  )
}
