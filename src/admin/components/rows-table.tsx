import { Table, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import type { Paging } from "../lib/api"
import { useWalletPassFormat, type WalletPassFormat } from "../lib/format"

/**
 * A column of {@link RowsTable}: its header (none for a column of actions), its cell, and
 * optionally the cell's hover text; `truncate` cuts long text to one line.
 */
export type Column<T> = {
  header?: string
  cell: (row: T) => ReactNode
  title?: (row: T) => string | null | undefined
  truncate?: boolean
  className?: string
}

/**
 * Rows in Medusa's table, one per item, keyed by its id: the admin's lists and ledgers. With
 * `paging`, Medusa's pagination under it ("1 — 20 of 23 results"), in the admin's language.
 */
export function RowsTable<T extends { id: string }>({
  columns,
  rows,
  paging,
  empty,
  testId,
}: {
  columns: Column<T>[]
  rows: T[]
  paging?: Paging
  /** Said instead of the table when there are no rows. */
  empty?: string
  testId?: string
}) {
  if (!rows.length && empty) {
    return (
      <Text size="small" className="px-6 py-4 text-ui-fg-subtle" data-testid={testId}>
        {empty}
      </Text>
    )
  }
  return (
    <div data-testid={testId}>
      <Table>
        <Table.Header>
          <Table.Row>
            {columns.map((column, i) => (
              <Table.HeaderCell key={i} className={column.className}>
                {column.header}
              </Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              {columns.map((column, i) => (
                <Table.Cell
                  key={i}
                  className={[column.truncate ? "max-w-xs truncate" : "", column.className ?? ""].join(" ").trim()}
                  title={column.title?.(row) ?? undefined}
                >
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {paging && <Pager paging={paging} testId={testId ? `${testId}-pagination` : undefined} />}
    </div>
  )
}

/** Medusa's pagination under a list ("1 — 20 of 23 results"), in the admin's language; nothing for one page. */
export function Pager({ paging, testId }: { paging: Paging; testId?: string }) {
  const { t } = useWalletPassFormat()
  if (paging.count <= paging.pageSize) return null
  const pageCount = Math.max(1, Math.ceil(paging.count / paging.pageSize))
  return (
    <Table.Pagination
      data-testid={testId}
      count={paging.count}
      pageSize={paging.pageSize}
      pageIndex={paging.pageIndex}
      pageCount={pageCount}
      canPreviousPage={paging.pageIndex > 0}
      canNextPage={paging.pageIndex + 1 < pageCount}
      previousPage={() => paging.setPageIndex(paging.pageIndex - 1)}
      nextPage={() => paging.setPageIndex(paging.pageIndex + 1)}
      translations={{
        of: t("common.pagination.of"),
        results: t("common.pagination.results"),
        pages: t("common.pagination.pages"),
        prev: t("common.pagination.prev"),
        next: t("common.pagination.next"),
      }}
    />
  )
}

type LedgerRow = { created_at: string; kind: string; amount: number }

/** The first columns of a ledger (a customer's, an order's): when, what kind, how much, in the balance currency. */
export function ledgerColumns<T extends LedgerRow>(f: WalletPassFormat, currency: string | null): Column<T>[] {
  return [
    { header: f.t("common.columns.date"), cell: (entry) => f.date(entry.created_at) },
    { header: f.t("common.columns.kind"), cell: (entry) => f.label("ledgerKind", entry.kind) },
    {
      header: f.t("common.columns.amount"),
      cell: (entry) => f.signedMoney(entry.amount, currency),
      className: "whitespace-nowrap",
    },
  ]
}
