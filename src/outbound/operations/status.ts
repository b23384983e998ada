import type { OperationHandler } from "./types"

/** `status`: the connection check (the admin's, and the first request after an outage). */
export const status: OperationHandler = {
  build: () => ({ atMostOnce: false, call: (c) => c.status() }),
}
