/**
 * `read`, done once for every caller; a read that failed is forgotten, so the next caller
 * tries again instead of every later one getting the same failure.
 */
export function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= read().catch((e) => {
      pending = undefined
      throw e
    }))
}
