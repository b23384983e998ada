import {
  createDataTableColumnHelper,
  DataTable,
  Table,
  type DataTableFilter,
  type DataTableFilteringState,
  type DataTableSortingState,
  Text,
  useDataTable,
} from "@medusajs/ui"
import type { ReactNode } from "react"
import type { Paging } from "../lib/api"
import { useWalletPassFormat, type WalletPassFormat } from "../lib/format"

/**
 * A column of {@link RowsTable}: its header (none for a column of actions), its cell, and
 * optionally the cell's hover text; `truncate` cuts long text to one line (the whole text on
 * hover). `sort` names the list route's `?order=` field the column sorts by.
 */
export type Column<T> = {
  header?: string
  cell: (row: T) => ReactNode
  title?: (row: T) => string | null | undefined
  truncate?: boolean
  className?: string
  sort?: string
}

/** A list's sort as its route takes it (`-created_at`), and how to change it. */
export type Sorting = { order: string; setOrder: (order: string) => void }
/** A list's filters as the DataTable offers them, and their state. */
export type Filtering = {
  filters: DataTableFilter[]
  state: DataTableFilteringState
  setState: (state: DataTableFilteringState) => void
}

/**
 * Rows in Medusa's DataTable, one per item, keyed by its id, as the dashboard's own lists:
 * the admin's lists and ledgers. With `paging`, its pagination under the table ("1 — 20 of
 * 23 results") in the admin's language; with `sorting` and `filtering`, the DataTable's sort
 * and filter menus beside `title`, and the route asked again for each. A table wider than its
 * box scrolls sideways in it, never the page.
 */
export function RowsTable<T extends { id: string }>({
  columns,
  rows,
  paging,
  empty,
  testId,
  title,
  sorting,
  filtering,
  isLoading,
}: {
  columns: Column<T>[]
  rows: T[]
  paging?: Paging
  /** Said instead of the table when there are no rows (and no filter hides them). */
  empty?: string
  testId?: string
  /** The toolbar's heading, where the sort and filter menus stand. */
  title?: ReactNode
  sorting?: Sorting
  filtering?: Filtering
  isLoading?: boolean
}) {
  const f = useWalletPassFormat()
  const { t } = f
  const helper = createDataTableColumnHelper<T>()
  const tableColumns = columns.map((column, i) =>
    // Accessor columns (the row's id: the route sorts, not the table), so a column can sort.
    helper.accessor((row: T) => row.id, {
      id: column.sort ?? `column-${i}`,
      header: column.header ?? "",
      cell: ({ row }) => {
        const value = column.cell(row.original)
        const hover = column.title?.(row.original) ?? undefined
        return column.truncate || hover || column.className ? (
          <div
            className={[column.truncate ? "max-w-xs truncate" : "", column.className ?? ""].join(" ").trim()}
            title={hover}
          >
            {value}
          </div>
        ) : (
          value
        )
      },
      ...(column.sort && sorting
        ? {
            enableSorting: true,
            sortLabel: column.header,
            sortAscLabel: t("common.sort.ascending"),
            sortDescLabel: t("common.sort.descending"),
          }
        : {}),
    })
  )
  const sortState: DataTableSortingState | null = sorting
    ? { id: sorting.order.replace(/^-/, ""), desc: sorting.order.startsWith("-") }
    : null
  const table = useDataTable<T>({
    columns: tableColumns,
    data: rows,
    getRowId: (row) => row.id,
    rowCount: paging?.count ?? rows.length,
    isLoading: isLoading ?? false,
    ...(paging
      ? {
          pagination: {
            state: { pageIndex: paging.pageIndex, pageSize: paging.pageSize },
            onPaginationChange: (next) => paging.setPageIndex(next.pageIndex),
          },
        }
      : {}),
    ...(sorting
      ? {
          sorting: {
            state: sortState,
            onSortingChange: (next) => sorting.setOrder(`${next.desc ? "-" : ""}${next.id}`),
          },
        }
      : {}),
    ...(filtering
      ? {
          filters: filtering.filters,
          filtering: { state: filtering.state, onFilteringChange: filtering.setState },
        }
      : {}),
  })
  const filtered = filtering && Object.values(filtering.state).some((v) => v !== undefined)
  // Nothing yet (and no filter hiding rows): one line, not the DataTable's tall empty state.
  if (!rows.length && empty && !filtered && !isLoading) {
    return (
      <div data-testid={testId}>
        {title && <div className="px-6 pt-4">{title}</div>}
        <Text size="small" className="px-6 py-4 text-ui-fg-subtle">
          {empty}
        </Text>
      </div>
    )
  }
  return (
    // One grid column that may shrink to nothing: a table wider than the window scrolls in the
    // DataTable's own box instead of widening the page (the dashboard's pane would scroll sideways).
    <div data-testid={testId} style={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)" }}>
      <DataTable instance={table}>
        {(title || sorting || filtering) && (
          <DataTable.Toolbar
            className="flex items-center justify-between gap-2 px-6 py-4"
            translations={{ clearAll: t("common.actions.clearFilters"), sort: t("common.sort.title") }}
          >
            <div className="min-w-0">{title}</div>
            <div className="flex shrink-0 items-center gap-2">
              {filtering && <DataTable.FilterMenu tooltip={t("common.filters.add")} />}
              {sorting && <DataTable.SortingMenu tooltip={t("common.sort.title")} />}
            </div>
          </DataTable.Toolbar>
        )}
        <DataTable.Table
          emptyState={{
            empty: { heading: empty ?? t("common.none") },
            filtered: { heading: t("common.filters.noMatch") },
          }}
        />
        {paging && paging.count > paging.pageSize && (
          <div data-testid={testId ? `${testId}-pagination` : undefined}>
            <DataTable.Pagination translations={pagerTranslations(f)} />
          </div>
        )}
      </DataTable>
    </div>
  )
}

/** Medusa's pagination under a list that is not a table ("1 — 5 of 7 results"); nothing for one page. */
export function Pager({ paging, testId }: { paging: Paging; testId?: string }) {
  const f = useWalletPassFormat()
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
      translations={pagerTranslations(f)}
    />
  )
}

/** Medusa's pagination texts in the admin's language. */
const pagerTranslations = ({ t }: WalletPassFormat) => ({
  of: t("common.pagination.of"),
  results: t("common.pagination.results"),
  pages: t("common.pagination.pages"),
  prev: t("common.pagination.prev"),
  next: t("common.pagination.next"),
})

type LedgerRow = { created_at: string; kind: string; amount: number }

/** The first columns of a ledger (a customer's, an order's): when, what kind, how much, in the balance currency. */
export function ledgerColumns<T extends LedgerRow>(f: WalletPassFormat, currency: string | null): Column<T>[] {
  return [
    { header: f.t("common.columns.date"), cell: (entry) => f.date(entry.created_at), sort: "created_at" },
    { header: f.t("common.columns.kind"), cell: (entry) => f.label("ledgerKind", entry.kind) },
    {
      header: f.t("common.columns.amount"),
      cell: (entry) => f.signedMoney(entry.amount, currency),
      className: "whitespace-nowrap",
      sort: "amount",
    },
  ]
}
