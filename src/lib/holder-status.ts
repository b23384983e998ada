/**
 * A customer's pass in one state (docs/admin.md, "One status"): what the customer widget, the
 * customer's pass page and the store route say of it, derived once from the enrolment, whose
 * pass has the phone and whether the account proved it, so no two sentences on a screen can
 * disagree. Every state but `enrolled` has a way out, shown to the one who can take it: the
 * merchant (enrol, move the pass, edit the phone), the shopper (prove the phone, fix it, add
 * one) or time (the enrolment on its way). Pure (docs/architecture.md, "src/lib").
 */

/** The holder's enrolment (the module's ENROLLMENT_STATES). */
export type HolderEnrollment = "pending" | "enrolled" | "failed" | "not_enrolled_no_phone"

export type HolderStatusInput = {
  /** The customer's own pass holder, null when they have none; `has_phone`: it holds a phone. */
  holder: { enrollment_state: HolderEnrollment; has_phone: boolean } | null
  /** The customer's phone: none, one that reads (E.164), or one that cannot be read (phone_problem). */
  phone: "none" | "readable" | "problem"
  /**
   * Whose pass has the customer's phone: their own, another customer's (a pass installed in a
   * shop, or an earlier account with the same phone), or none.
   */
  link: "own" | "other" | "none"
  /** The account has proven the phone with a texted code. */
  proven: boolean
}

export const HOLDER_STATES = [
  "enrolled",
  "unproven",
  "enrolling",
  "phone_problem",
  "no_phone",
  "elsewhere",
  "refused",
  "not_enrolled",
  "no_pass",
] as const
export type HolderState = (typeof HOLDER_STATES)[number]

/** What the merchant may do next in the admin. */
export type MerchantStep = "enroll" | "move" | "edit_phone"
/** What the shopper may do next in the store. */
export type ShopperStep = "verify" | "fix_phone" | "add_phone"

export type HolderStatus = {
  state: HolderState
  /**
   * Who takes it further: `merchant` or `shopper` (their steps below; both may be offered),
   * `time` (nothing to do: the enrolment is on its way), null when nothing is missing.
   */
  next: "merchant" | "shopper" | "both" | "time" | null
  merchant: MerchantStep[]
  shopper: ShopperStep[]
}

const status = (state: HolderState, merchant: MerchantStep[], shopper: ShopperStep[]): HolderStatus => ({
  state,
  next:
    merchant.length && shopper.length
      ? "both"
      : merchant.length
        ? "merchant"
        : shopper.length
          ? "shopper"
          : state === "enrolling"
            ? "time"
            : null,
  merchant,
  shopper,
})

/**
 * The one state of a customer's pass, in this order: a pass that works (or is on its way)
 * first; without one, the phone to fix first (it cannot be read, or there is none), then the
 * phone's pass held by another customer (moved by the merchant, or by the shopper proving the
 * phone), then an enrolment the service refused, then a customer not enrolled yet.
 */
export function holderStatus({ holder, phone, link, proven }: HolderStatusInput): HolderStatus {
  const working = holder?.has_phone ? holder.enrollment_state : null
  // Another customer's pass has the phone the account now gives: the merchant may move it.
  const move: MerchantStep[] = link === "other" ? ["move"] : []
  if (working === "enrolled") {
    if (proven) return status("enrolled", move, [])
    // The phone to prove is the account's: one that reads, or first one that does.
    return status("unproven", move, [phone === "readable" ? "verify" : phone === "none" ? "add_phone" : "fix_phone"])
  }
  if (working === "pending") return status("enrolling", move, [])
  if (phone === "problem") return status("phone_problem", ["edit_phone"], ["fix_phone"])
  if (phone === "none") return status("no_phone", ["edit_phone"], ["add_phone"])
  if (link === "other") return status("elsewhere", ["move"], ["verify"])
  if (working === "failed") return status("refused", ["enroll"], [])
  return status(holder ? "not_enrolled" : "no_pass", ["enroll"], [])
}
