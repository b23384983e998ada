import type { OperationMethod } from "../../modules/wallet-pass"
import { balanceAdd } from "./balance-add"
import { balanceDeduct } from "./balance-deduct"
import { eventSend } from "./event-send"
import { pushCreate } from "./push-create"
import { pushSend } from "./push-send"
import { readCustomer } from "./read-customer"
import { readCustomers } from "./read-customers"
import { status } from "./status"
import type { OperationHandler } from "./types"
import { userCreateOrUpdate } from "./user-create-or-update"

/**
 * The operations registry: one handler per queued service method. The type makes a method
 * without a handler a compile error (docs/architecture.md, "Adding a service method").
 */
export const OPERATIONS: { readonly [M in OperationMethod]: OperationHandler } = {
  status,
  user_create_or_update: userCreateOrUpdate,
  read_customer: readCustomer,
  read_customers: readCustomers,
  push_create: pushCreate,
  push_send: pushSend,
  event_send: eventSend,
  balance_add: balanceAdd,
  balance_deduct: balanceDeduct,
}

export type { OperationContext, OperationHandler, ServiceRequest, Withheld } from "./types"
