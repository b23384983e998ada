import { Heading, Text } from "@medusajs/ui"
import type { AdminWalletPassOperationListItem, AdminWalletPassOperationListResponse, Json } from "../../api/types"
import { usePagedList, walletPassKeys } from "../lib/api"
import { pollWhileOnItsWay } from "../lib/poll"
import { useWalletPassFormat } from "../lib/format"
import { describeRequest } from "../lib/requests"
import { ErrorDetail } from "./error-detail"
import { OperationStateBadge } from "./operation-state-badge"
import { ReviewButtons, useReviewActions } from "./review-buttons"
import { Pager, RowsTable } from "./rows-table"

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
    { pageSize: 5, refetchInterval: pollWhileOnItsWay(refetchInterval) }
  )
  if (!data?.count) return null
  // A list, not a table: the widget's column is narrow, and each request needs its error and buttons.
  return (
    <div className="flex flex-col" data-testid="wallet-pass-pending-operations">
      <Text size="small" weight="plus" className="px-6 pt-4 pb-2">
        {t("customer.requests.title", { count: data.count })}
      </Text>
      <div className="divide-y border-t">
        {data.operations.map((op: Operation) => (
          <div key={op.id} className="flex flex-col gap-1 px-6 py-3" data-testid="wallet-pass-pending-operation">
            <div className="flex items-center justify-between gap-3">
              <Text size="small" className="min-w-0 truncate" title={op.subject.message ?? undefined}>
                {describeRequest(op, f, data.currency_code)}
              </Text>
              <OperationStateBadge state={op.state} />
            </div>
            <div className="flex items-center justify-between gap-3">
              <div className="flex min-w-0 items-center gap-2">
                <Text size="xsmall" className="shrink-0 text-ui-fg-subtle">
                  {f.dateTime(op.created_at)}
                </Text>
                {op.last_error && <ErrorDetail error={op.last_error} testId="wallet-pass-pending-error" />}
              </div>
              <ReviewButtons operation={op} actions={actions} />
            </div>
          </div>
        ))}
      </div>
      <Pager paging={paging} />
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
    { pageSize: 5, refetchInterval: pollWhileOnItsWay(refetchInterval) }
  )
  if (!data) return null
  return (
    <div className="flex flex-col" data-testid="wallet-pass-push-history">
      <Heading level="h2" className="px-6 py-4">
        {t("customer.pushes.title")}
      </Heading>
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
