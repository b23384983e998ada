import type { CallOutcome, HookOutcome, OperationMethod, OperationState } from "../constants"
import type { OperationRow } from "./index"

/** What the admin's request log asks for (see AdminReadsRepository.listOperations). */
export type AdminOperationsQuery = {
  states?: OperationState[]
  methods?: OperationMethod[]
  /** The kind of a request within its method (`payload.type`: enroll, push, balance_sync, …). */
  types?: string[]
  /** Only the requests of this store customer's pass. */
  customer_id?: string
  /** Digits the holder's phone contains. */
  phone_digits?: string
  /** The sort: newest first unless said. */
  order?: AdminListOrder<"created_at" | "state">
  limit: number
  offset: number
}

/** A list's sort: one column, either way (ties broken by id the same way, so pages never overlap). */
export type AdminListOrder<F extends string> = { field: F; desc: boolean }

/** A request of the admin's log with what it is about (amounts in minor units). */
export type AdminOperationListRow = OperationRow & {
  holder_phone: string | null
  customer_id: string | null
  holder_name: string | null
  holder_surname: string | null
  holder_email: string | null
  /** The amount of its ledger entry (balance_add, balance_deduct), signed. */
  entry_amount: number | null
  campaign_name: string | null
  campaign_message: string | null
  /** The balance a balance set sent last time, as sent (the balance unit). */
  sent_balance: string | null
}

/** What the admin's hook log asks for (see AdminReadsRepository.listHookDeliveries). */
export type AdminHookDeliveriesQuery = {
  /** Hook methods; `unknown` for deliveries naming none of the service's. */
  methods?: string[]
  outcomes?: HookOutcome[]
  phone_digits?: string
  /** The sort: newest first unless said. */
  order?: AdminListOrder<"created_at">
  limit: number
  offset: number
}

/** The latest request the service answered. */
export type LatestServiceAnswer = {
  at: Date
  status: number
  outcome: CallOutcome
  path: string
  method: OperationMethod | null
  type: string | null
}

/** The cards a campaign for the whole base would reach. */
export type CampaignAudience = {
  /** Cards installed in a wallet. */
  installed: number
  /** Cards whose install state was never checked: they may receive it too. */
  unchecked: number
  /** Customers with at least one installed card. */
  holders: number
}
