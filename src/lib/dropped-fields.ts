/**
 * Optional fields a hook sent that the store could not keep (docs/service-api.md, "Hooks").
 * The service asks the receiver to check none of them, and by the time the hook arrives the
 * card exists at the service: refusing the whole createCustomer for a bad e-mail would leave
 * a card with no customer in the store. So the customer is stored with what is valid, and
 * each field left out is recorded with why (the hook log and the customer's widget show it).
 */
export type DroppedField = { field: string; reason: string }

/** At most this many are kept per delivery (a hostile body could name thousands). */
export const MAX_DROPPED_FIELDS = 20

/** Collects dropped fields; `keep` runs a check and records its failure instead of throwing it. */
export class DroppedFields {
  readonly list: DroppedField[] = []

  add(field: string, reason: string): void {
    if (this.list.length < MAX_DROPPED_FIELDS) this.list.push({ field, reason: reason.slice(0, 200) })
  }

  /** The value `check` returns, or undefined (and a record) when it throws an error `isInput` accepts. */
  keep<T>(field: string, check: () => T, isInput: (e: unknown) => e is Error): T | undefined {
    try {
      return check()
    } catch (e) {
      if (!isInput(e)) throw e
      this.add(field, e.message)
      return undefined
    }
  }
}

/** "customer.email (is not an e-mail address); ..." for a log line or a widget. */
export function describeDropped(list: DroppedField[] | null | undefined): string {
  return (list ?? []).map((d) => `${d.field} (${d.reason})`).join("; ")
}
