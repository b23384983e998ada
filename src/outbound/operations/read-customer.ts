import { readCustomerEffects, readCustomerNotFound } from "../sync-effects"
import type { OperationHandler } from "./types"

/** `read_customer`: a holder's (adoption, refresh, cards) or a phone of a sweep (import, drift check). */
export const readCustomer: OperationHandler = {
  build: ({ operation, facts }) => {
    const phone = facts.holder?.phone ?? (typeof operation.payload.phone === "string" ? operation.payload.phone : null)
    if (!phone) throw new Error(`read_customer ${operation.id} has no phone to read`)
    return { atMostOnce: false, call: (c) => c.readCustomer({ phone, installs: true, invites: true }) }
  },
  onApplied: async ({ container, walletPass, operation }, response) => {
    const customer = (response as { customer?: Record<string, unknown> }).customer ?? {}
    await readCustomerEffects(container, walletPass, operation, customer)
  },
  onNotFound: ({ container, walletPass, operation }) => readCustomerNotFound(container, walletPass, operation),
}
