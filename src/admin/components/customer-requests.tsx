import { Text } from "@medusajs/ui"
import type { AdminWalletPassOperationListItem, AdminWalletPassOperationListResponse, Json } from "../../api/types"
import { usePagedList, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { describeRequest } from "../lib/requests"
import { ErrorDetail } from "./error-detail"
import { OperationStateBadge } from "./operation-state-badge"
import { ReviewButtons, useReviewActions } from "./review-buttons"
import { RowsTable } from "./rows-table"

type Operation = Json<AdminWalletPassOperationListItem>

/** Requests of a customer that are not done: waiting, being sent, or waiting for a person. */
const UNFINISHED = "pending,sending,unknown,needs_review,failed"

type Props = { customerId: string; refetchInterval: number | false }

/**
 * This customer's requests to the service that are not done yet, in words, with the full
 * error on demand; those that need a person can be retried or marked resolved here, as on
 * the Wallet pass page.
 */
export const CustomerRequests = ({ customerId, refetchInterval }: Props) => {
  const f = useWalletPassFormat()
  const { t } = f
  const actions = useReviewActions([walletPassKeys.customer(customerId), walletPassKeys.operations])
  const { data, paging } = usePagedList<AdminWalletPassOperationListResponse>(
    [...walletPassKeys.customer(customerId), "requests"],
    "/admin/wallet-pass/operations",
    { customer_id: customerId, state: UNFINISHED },
    { pageSize: 5, refetchInterval }
  )
  if (!data?.count) return null
  return (
    <div className="flex flex-col" data-testid="wallet-pass-pending-operations">
      <Text size="small" weight="plus" className="px-6 pt-4 pb-2">
        {t("customer.requests.title", { count: data.count })}
      </Text>
      <RowsTable<Operation>
        rows={data.operations}
        paging={paging}
        columns={[
          {
            header: t("common.columns.created"),
            cell: (op) => f.dateTime(op.created_at),
            className: "whitespace-nowrap",
          },
          {
            header: t("common.columns.request"),
            cell: (op) => describeRequest(op, f, data.currency_code),
            title: (op) => op.subject.message,
            truncate: true,
          },
          { header: t("common.columns.state"), cell: (op) => <OperationStateBadge state={op.state} /> },
          { header: t("common.columns.error"), cell: (op) => <ErrorDetail error={op.last_error} /> },
          { cell: (op) => <ReviewButtons operation={op} actions={actions} /> },
        ]}
      />
    </div>
  )
}

/** The personal pushes sent to this customer, newest first: when, how, what, and how it went. */
export const PushHistory = ({ customerId, refetchInterval }: Props) => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data, paging } = usePagedList<AdminWalletPassOperationListResponse>(
    [...walletPassKeys.customer(customerId), "pushes"],
    "/admin/wallet-pass/operations",
    { customer_id: customerId, type: "push" },
    { pageSize: 5, refetchInterval }
  )
  if (!data) return null
  return (
    <div className="flex flex-col" data-testid="wallet-pass-push-history">
      <Text size="small" weight="plus" className="px-6 pt-4 pb-2">
        {t("customer.pushes.title")}
      </Text>
      <RowsTable<Operation>
        rows={data.operations}
        paging={paging}
        empty={t("customer.pushes.none")}
        columns={[
          { header: t("common.columns.sent"), cell: (op) => f.dateTime(op.created_at), className: "whitespace-nowrap" },
          { header: t("customer.pushes.type"), cell: (op) => f.label("pushType", op.subject.push_type) },
          {
            header: t("customer.pushes.message"),
            cell: (op) => op.subject.message ?? "",
            title: (op) => op.subject.message,
            truncate: true,
          },
          { header: t("common.columns.state"), cell: (op) => <OperationStateBadge state={op.state} /> },
        ]}
      />
    </div>
  )
}
