import { toast } from "@medusajs/ui"
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query"
import type { DataTableFilteringState } from "@medusajs/ui"
import { useState } from "react"
import type { Json } from "../../api/types"
import { useWalletPassFormat } from "./format"
import { sdk } from "./sdk"

/** Query keys of the plugin's admin data, so a mutation invalidates exactly what it changes. */
export const walletPassKeys = {
  all: ["wallet-pass"] as const,
  customer: (id: string) => ["wallet-pass", "customer", id] as const,
  order: (id: string) => ["wallet-pass", "order", id] as const,
  status: ["wallet-pass", "status"] as const,
  operations: ["wallet-pass", "operations"] as const,
  hookDeliveries: ["wallet-pass", "hook-deliveries"] as const,
  hookRefusals: ["wallet-pass", "hook-refusals"] as const,
  campaigns: ["wallet-pass", "campaigns"] as const,
  enrollAll: ["wallet-pass", "enroll-all"] as const,
  import: ["wallet-pass", "import"] as const,
  importItems: (state: string) => ["wallet-pass", "import", "items", state] as const,
  sync: ["wallet-pass", "sync"] as const,
}

/** Query parameters: unset ones are left out. */
export type Query = Record<string, string | number | undefined>

/** GET an admin route through the session-authenticated SDK. */
export function getJson<T>(path: string, query?: Query): Promise<Json<T>> {
  const defined = query
    ? Object.fromEntries(
        Object.entries(query).flatMap(([k, v]) => (v === undefined || v === "" ? [] : [[k, String(v)]]))
      )
    : undefined
  return sdk.client.fetch<Json<T>>(path, { query: defined })
}

/** POST to an admin route through the session-authenticated SDK. */
export function postJson<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  return sdk.client.fetch<T>(path, { method: "POST", body: body ?? {} })
}

/**
 * A POST that toasts its outcome in the admin's words and invalidates `invalidate` on
 * success, the way the dashboard's own mutations do. A failure says the store's reason
 * without ids (lib/format.ts errorText).
 */
export function useWalletPassAction<TVars = void, TResult = unknown>(
  request: (vars: TVars) => Promise<TResult>,
  { success, invalidate }: { success: string | ((result: TResult) => string | null); invalidate: QueryKey[] }
) {
  const queryClient = useQueryClient()
  const { error } = useWalletPassFormat()
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      const text = typeof success === "function" ? success(result) : success
      if (text) toast.success(text)
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
    onError: (e) => toast.error(error(e)),
  })
}

/** A page of a list route, as src/api/types.ts `Page` answers it. */
export type PageOf = { count: number; limit: number; offset: number }

/**
 * A paged list route: its data for the current page (the previous page stays shown while the
 * next loads), and the page to hand to {@link PagedTable}. A change of `query` goes back to
 * the first page.
 */
export function usePagedList<T extends PageOf>(
  key: QueryKey,
  path: string,
  query: Query,
  {
    pageSize = 20,
    refetchInterval,
  }: { pageSize?: number; refetchInterval?: number | false | ((data: Json<T> | undefined) => number | false) } = {}
) {
  const [page, setPage] = useState({ index: 0, of: JSON.stringify(query) })
  const filtersKey = JSON.stringify(query)
  const index = page.of === filtersKey ? page.index : 0
  const result = useQuery({
    queryKey: [...key, query, index, pageSize],
    queryFn: () => getJson<T>(path, { ...query, limit: pageSize, offset: index * pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval:
      typeof refetchInterval === "function" ? (query) => refetchInterval(query.state.data) : refetchInterval,
  })
  return {
    ...result,
    paging: {
      count: result.data?.count ?? 0,
      pageSize,
      pageIndex: index,
      setPageIndex: (next: number) => setPage({ index: next, of: filtersKey }),
    },
  }
}

export type Paging = ReturnType<typeof usePagedList>["paging"]

/** What a section of the customer widget is given: the customer, and how often to read again. */
export type CustomerSectionProps = { customerId: string; refetchInterval: number | false }

/**
 * A list's sort and filters as a DataTable shows them (lib/../components/rows-table.tsx), and
 * the query they make for its route: `?order=-created_at&kind=a,b`.
 */
export function useListControls(defaultOrder?: string) {
  const [order, setOrder] = useState(defaultOrder ?? "")
  const [filters, setFilters] = useState<DataTableFilteringState>({})
  const query: Query = Object.fromEntries(
    Object.entries(filters).flatMap(([name, value]) =>
      Array.isArray(value) ? (value.length ? [[name, value.join(",")]] : []) : value ? [[name, String(value)]] : []
    )
  )
  if (order) query.order = order
  return {
    query,
    sorting: defaultOrder ? { order, setOrder } : undefined,
    filterState: filters,
    setFilters,
  }
}

/**
 * One of a customer's paged lists (`/admin/customers/:id/wallet-pass/<list>`), `pageSize` a
 * page, with the sort and filters of `query`.
 */
export function useCustomerList<T extends PageOf>(
  list: string,
  { customerId, refetchInterval }: CustomerSectionProps,
  query: Query = {},
  pageSize = 20
) {
  return usePagedList<T>(
    [...walletPassKeys.customer(customerId), list],
    `/admin/customers/${customerId}/wallet-pass/${list}`,
    query,
    { pageSize, refetchInterval }
  )
}
