import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import type { AdminWalletPassPageQueryType } from "../admin/wallet-pass/validators"

/** How a paged admin list answers its page: the rows' total, and the page it was asked for. */
export type Paging = { count: number; limit: number; offset: number }

/**
 * One page of a paged admin list (`?limit=&offset=`, validated by AdminWalletPassPageQuery in
 * middlewares.ts): `list` reads it with the page's `take` and `skip` and answers Medusa's
 * `listAndCount` pair.
 */
export async function listPage<T>(
  req: AuthenticatedMedusaRequest,
  list: (page: { take: number; skip: number }) => Promise<[T[], number]>
): Promise<{ rows: T[] } & Paging> {
  const { limit, offset } = req.validatedQuery as AdminWalletPassPageQueryType
  const [rows, count] = await list({ take: limit, skip: offset })
  return { rows, count, limit, offset }
}

/** A validated `?order=` (`-created_at`) as a column and its direction, for a list read in SQL. */
export function listOrder<F extends string>(order: F | `-${F}`): { field: F; desc: boolean } {
  return { field: order.replace(/^-/, "") as F, desc: order.startsWith("-") }
}

/**
 * A validated `?order=` (`created_at`, `-amount`) as a list's sort, with ties broken by id in
 * the same direction so pages never overlap.
 */
export function orderBy(order: string): Record<string, "ASC" | "DESC"> {
  const direction = order.startsWith("-") ? "DESC" : "ASC"
  return { [order.replace(/^-/, "")]: direction, id: direction }
}
