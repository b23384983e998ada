import { Container, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { OPERATION_METHODS, OPERATION_STATES } from "../../modules/wallet-pass/browser"
import type { AdminWalletPassOperationListItem, AdminWalletPassOperationListResponse, Json } from "../../api/types"
import { usePagedList, walletPassKeys } from "../lib/api"
import { pollWhileOnItsWay } from "../lib/poll"
import { useWalletPassFormat } from "../lib/format"
import { describeRequest } from "../lib/requests"
import { ErrorDetail } from "./error-detail"
import { LogFilters, type LogFilterValues } from "./log-filters"
import { OperationStateBadge } from "./operation-state-badge"
import { REVIEWABLE_STATES, ReviewButtons, useReviewActions } from "./review-buttons"
import { RowsTable } from "./rows-table"

type Operation = Json<AdminWalletPassOperationListItem>

/** The state filter the log opens with: the requests that wait for a person. */
const NEEDS_ATTENTION = REVIEWABLE_STATES.join(",")

/** Whose request it is: the customer's name (a link to them), email and phone. */
const Customer = ({ op }: { op: Operation }) => {
  const { t } = useWalletPassFormat()
  const c = op.customer
  if (!c) return <>{t("page.requests.noCustomer")}</>
  const name = c.name || c.email || c.phone || t("page.requests.unnamed")
  return (
    <div className="flex min-w-0 flex-col">
      {c.id ? (
        <Link
          className="truncate text-ui-fg-interactive"
          to={`/customers/${c.id}`}
          data-testid="wallet-pass-request-customer"
        >
          {name}
        </Link>
      ) : (
        <span className="truncate">{name}</span>
      )}
      <span className="txt-compact-xsmall truncate text-ui-fg-subtle">
        {[c.email !== name ? c.email : null, c.phone !== name ? c.phone : null].filter(Boolean).join(" · ")}
      </span>
    </div>
  )
}

/**
 * The requests to the service: those that wait for a person first (retry them, or mark them
 * handled by hand), any other by method, state and phone; each with its customer, what it is
 * in words, and its error in full on demand.
 */
export const OperationsReview = () => {
  const f = useWalletPassFormat()
  const { t } = f
  const [filters, setFilters] = useState<LogFilterValues>({ state: NEEDS_ATTENTION })
  const [order, setOrder] = useState("-created_at")
  const actions = useReviewActions()
  const { data, paging } = usePagedList<AdminWalletPassOperationListResponse>(
    walletPassKeys.operations,
    "/admin/wallet-pass/operations",
    { method: filters.method, state: filters.state, phone: filters.phone, order },
    // A retried request, or one shown among all: read again until it settles.
    { pageSize: 20, refetchInterval: pollWhileOnItsWay(false) }
  )
  const reviewOnly = filters.state === NEEDS_ATTENTION && !filters.method && !filters.phone
  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-requests">
      <div className="flex flex-col gap-1 px-6 py-4">
        <Heading level="h2">
          {reviewOnly
            ? t("page.requests.titleReview", { count: data?.count ?? 0 })
            : t("page.requests.title", { count: data?.count ?? 0 })}
        </Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("page.requests.help")}
        </Text>
      </div>
      <LogFilters
        testId="wallet-pass-requests-filters"
        value={filters}
        onChange={setFilters}
        methods={OPERATION_METHODS.map((m) => ({ value: m, label: f.label("operationMethod", m) }))}
        states={[
          { value: NEEDS_ATTENTION, label: t("page.requests.needsAttention") },
          ...OPERATION_STATES.map((s) => ({ value: s, label: f.label("operationState", s) })),
        ]}
      />
      <RowsTable<Operation>
        testId="wallet-pass-requests-table"
        rows={data?.operations ?? []}
        paging={paging}
        sorting={{ order, setOrder }}
        empty={
          reviewOnly ? t("page.requests.nothingToReview") : data ? t("common.filters.noMatch") : t("common.loading")
        }
        columns={[
          {
            header: t("common.columns.created"),
            cell: (op) => f.dateTime(op.created_at),
            className: "whitespace-nowrap",
            sort: "created_at",
          },
          { header: t("common.columns.customer"), cell: (op) => <Customer op={op} />, className: "max-w-[14rem]" },
          {
            header: t("common.columns.request"),
            cell: (op) => describeRequest(op, f, data?.currency_code ?? null),
            title: (op) => op.subject.message ?? f.label("operationMethod", op.method),
            truncate: true,
          },
          {
            header: t("common.columns.state"),
            cell: (op) => <OperationStateBadge state={op.state} />,
            className: "whitespace-nowrap",
            sort: "state",
          },
          {
            header: t("common.columns.error"),
            cell: (op) => <ErrorDetail error={op.last_error} testId="wallet-pass-request-error" />,
          },
          { cell: (op) => <ReviewButtons operation={op} actions={actions} /> },
        ]}
      />
    </Container>
  )
}
