import type { Json, StoreWalletPassResponse as PassResponse } from "../api/types"

/** The store's answer as JSON delivers it (index.ts StoreWalletPassResponse). */
type StoreWalletPassResponse = Json<PassResponse>

/**
 * The one next step of the shopper's "My pass" (docs/storefront.md, "Every answer has a next
 * step"), from what the store answered; no answer leads nowhere:
 * - `fix_phone`: the account's phone cannot be read (`phone_problem`): show `message` and ask
 *   for the number in international form (`example`), offering an ambiguous number's mobile
 *   readings (`choices`) to confirm with one press; no card is issued until then;
 * - `verify`: the phone's pass is not this account's (`not_linked`, `can_verify`), or the
 *   account's own pass waits for the phone to be proven: the code prompt, nothing else;
 * - `issuing`: the card is on its way (look again); `add_phone`: the account has no phone;
 * - `contact`: the store cannot issue a card for this account (the service refused it, or a
 *   pass it may not prove): the shop's contact; `ready`: the card, to add to a wallet.
 * `expectCard`: the account has a phone, so a pass is on its way while there is none yet.
 */
export type PassStep =
  | { step: "loading" }
  | { step: "fix_phone"; message: string; example: string; choices: { phone: string; country: string }[] }
  | { step: "verify"; reason: string | null }
  | { step: "issuing" }
  | { step: "add_phone" }
  | { step: "contact" }
  | { step: "ready" }

export function passStep(answer: StoreWalletPassResponse | null, expectCard: boolean): PassStep {
  if (!answer) return { step: "loading" }
  const problem = answer.phone_problem
  if (problem) {
    // A number of more than one country: its mobile readings, for the shopper to confirm one.
    const choices = (problem.candidates ?? []).filter((c) => c.mobile).map(({ phone, country }) => ({ phone, country }))
    return { step: "fix_phone", message: problem.message, example: problem.example, choices }
  }
  if (answer.not_linked)
    return answer.not_linked.can_verify ? { step: "verify", reason: answer.not_linked.reason } : { step: "contact" }
  const pass = answer.wallet_pass
  if (!pass) return expectCard ? { step: "issuing" } : { step: "add_phone" }
  switch (pass.enrollment_state) {
    case "pending":
      return { step: "issuing" }
    case "failed":
      return { step: "contact" }
    case "not_enrolled_no_phone":
      return { step: "add_phone" }
    default:
      return pass.verified ? { step: "ready" } : { step: "verify", reason: null }
  }
}
