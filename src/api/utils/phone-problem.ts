import { type CountryCode, isCountryCode, phoneExample, type PhoneFailureReason } from "../../lib/phone"
import { reason, reasonText } from "../../lib/reasons"

/**
 * Why a customer's phone cannot be read, as the admin and the storefront are told
 * (docs/operations.md, "Phones"): the phone as typed, the reason (src/lib/phone.ts
 * PhoneFailureReason), the country it was read in first (null: it carried its own code), a
 * number written the way that reads (with its country code), and the English words.
 */
export type PhoneProblem = {
  typed: string
  problem: PhoneFailureReason
  country: string | null
  example: string
  reason: string
}

/** Shoppers' words for a phone problem (the admin has its own: `common.phoneProblem.*`). */
const SHOPPER_WORDS: Record<PhoneFailureReason, string> = {
  empty: "it is empty",
  not_a_number: "it is not a number",
  invalid_country: "its country code is unknown",
  too_short: "it has too few digits",
  too_long: "it has too many digits",
  invalid_length: "it has the wrong number of digits",
  impossible: "no such number exists",
}

/** A phone that could not be read: as typed, why, and the country it was read in first. */
export type UnreadPhone = { typed: string; problem: PhoneFailureReason; country: string | null }

export function presentPhoneProblem(problem: UnreadPhone | null): PhoneProblem | null {
  if (!problem) return null
  const country = problem.country && isCountryCode(problem.country) ? problem.country : null
  return {
    typed: problem.typed,
    problem: problem.problem,
    country,
    example: phoneExample((country ?? "DE") as CountryCode),
    reason: reasonText(
      country
        ? reason("phone_unreadable", { country, problem: problem.problem })
        : reason("phone_invalid", { problem: problem.problem })
    ),
  }
}

/**
 * What the storefront may show a shopper whose phone cannot be read: which number, why, and
 * how to write it ("We could not read 0151 70000105 as a phone number of Russia: it has the
 * wrong number of digits. Write it with its country code, for example +7 912 345 67 89.").
 */
export function shopperPhoneMessage(problem: PhoneProblem): string {
  const where = problem.country
    ? ` as a phone number of ${new Intl.DisplayNames(["en"], { type: "region" }).of(problem.country) ?? problem.country}`
    : ""
  return (
    `We could not read ${problem.typed}${where}: ${SHOPPER_WORDS[problem.problem] ?? problem.reason}. ` +
    `Write it with its country code, for example ${problem.example}, to get your loyalty card.`
  )
}
