import { Table } from "@medusajs/ui"
import type { ReactNode } from "react"
import { formatDate, formatSignedAmount } from "../lib/api"

/**
 * A column of {@link RowsTable}: its header (none for a column of actions), its cell, and
 * optionally the cell's hover text; `truncate` cuts long text to one line.
 */
export type Column<T> = {
  header?: string
  cell: (row: T) => ReactNode
  title?: (row: T) => string | null | undefined
  truncate?: boolean
}

/** Rows in Medusa's table, one per item, keyed by its id: the admin's lists and ledgers. */
export function RowsTable<T extends { id: string }>({ columns, rows }: { columns: Column<T>[]; rows: T[] }) {
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          {columns.map((column, i) => (
            <Table.HeaderCell key={i}>{column.header}</Table.HeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id}>
            {columns.map((column, i) => (
              <Table.Cell
                key={i}
                className={column.truncate ? "max-w-xs truncate" : undefined}
                title={column.title?.(row) ?? undefined}
              >
                {column.cell(row)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

/** The first columns of a ledger (a customer's, an order's): when, what kind, how much. */
export function ledgerColumns<T extends { created_at: string; kind: string; amount: number }>(): Column<T>[] {
  return [
    { header: "Date", cell: (entry) => formatDate(entry.created_at) },
    { header: "Kind", cell: (entry) => entry.kind },
    { header: "Amount", cell: (entry) => formatSignedAmount(entry.amount) },
  ]
}
