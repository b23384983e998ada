import { readCustomersEffects } from "../sync-effects"
import type { OperationHandler } from "./types"

/** `read_customers`: one page of the service's phones (the import's and the install sweep's listing). */
export const readCustomers: OperationHandler = {
  build: ({ operation: { payload } }) => {
    const page = {
      start_date: String(payload.start_date),
      end_date: String(payload.end_date),
      offset: Number(payload.offset ?? 0),
      ...(typeof payload.installed === "boolean" ? { installed: payload.installed } : {}),
    }
    return { atMostOnce: false, call: (c) => c.readCustomers(page) }
  },
  onApplied: ({ container, walletPass, operation }, response) =>
    readCustomersEffects(container, walletPass, operation, (response as { customers?: string[] }).customers ?? []),
}
