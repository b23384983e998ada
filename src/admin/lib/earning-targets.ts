import { useQueries } from "@tanstack/react-query"
import { getJson, walletPassKeys } from "./api"
import { TARGET_KINDS, type TargetKind } from "./earning-form"

/** A collection, category, type or tag of the store, as an earn rule's target offers it. */
export type EarningTarget = { id: string; name: string }

/** At most this many of each kind are offered (the store's own lists, ordered by name). */
export const TARGETS_LIMIT = 500

/** Medusa's admin list of each kind: its route, the key of its answer, the field naming it. */
const LISTS: Record<TargetKind, { path: string; key: string; name: string }> = {
  collection: { path: "/admin/collections", key: "collections", name: "title" },
  category: { path: "/admin/product-categories", key: "product_categories", name: "name" },
  type: { path: "/admin/product-types", key: "product_types", name: "value" },
  tag: { path: "/admin/product-tags", key: "product_tags", name: "value" },
}

const listOf = async (kind: TargetKind): Promise<EarningTarget[]> => {
  const { path, key, name } = LISTS[kind]
  const answer = await getJson<Record<string, Array<Record<string, unknown>>>>(path, {
    limit: TARGETS_LIMIT,
    fields: `id,${name}`,
    order: name,
  })
  return (answer[key] ?? []).map((row) => ({ id: String(row.id), name: String(row[name] ?? row.id) }))
}

/** The store's collections, categories, types and tags (read once per page visit), by kind. */
export function useEarningTargets(): Record<TargetKind, EarningTarget[]> & { loading: boolean } {
  const queries = useQueries({
    queries: TARGET_KINDS.map((kind) => ({
      queryKey: [...walletPassKeys.all, "earning-targets", kind],
      queryFn: () => listOf(kind),
    })),
  })
  const byKind = Object.fromEntries(TARGET_KINDS.map((kind, i) => [kind, queries[i].data ?? []])) as Record<
    TargetKind,
    EarningTarget[]
  >
  return { ...byKind, loading: queries.some((q) => q.isLoading) }
}
