import {
  type CountryCode,
  formatInternational,
  isCountryCode,
  type PhoneCandidate,
  phoneExample,
  type PhoneFailureReason,
} from "../../lib/phone"
import { phoneProblemText } from "../../lib/reasons"

/**
 * Why a customer's phone cannot be read, as the admin and the storefront are told
 * (docs/phones.md): the phone as typed, the reason (src/lib/phone.ts PhoneFailureReason), the
 * country it was read in first (null: it carried its own code), a number written the way that
 * reads (with its country code), the English words, and for `ambiguous_country` the readings
 * the shopper chooses from (each country's number, and whether it is a mobile).
 */
export type PhoneProblem = {
  typed: string
  problem: PhoneFailureReason
  country: string | null
  example: string
  reason: string
  candidates?: PhoneCandidate[]
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
  invalid: "no such number exists",
  not_mobile: "it is not a mobile number",
  ambiguous_country: "it is a phone number of more than one country",
}

/** A phone that could not be read: as typed, why, the country it was read in first, an ambiguous one's readings. */
export type UnreadPhone = {
  typed: string
  problem: PhoneFailureReason
  country: string | null
  candidates?: PhoneCandidate[]
}

export function presentPhoneProblem(problem: UnreadPhone | null): PhoneProblem | null {
  if (!problem) return null
  const country = problem.country && isCountryCode(problem.country) ? problem.country : null
  const mobile = problem.candidates?.find((c) => c.mobile)
  return {
    typed: problem.typed,
    problem: problem.problem,
    country,
    // An ambiguous number's own mobile reading is the example to confirm.
    example: mobile ? formatInternational(mobile.phone) : phoneExample((country ?? "DE") as CountryCode),
    reason: phoneProblemText({ reason: problem.problem, country }),
    ...(problem.candidates ? { candidates: problem.candidates } : {}),
  }
}

/**
 * What the storefront may show a shopper whose phone cannot be read: which number, why, and
 * how to write it ("We could not read 0151 70000105 as a phone number of Russia: it has the
 * wrong number of digits. Write it with its country code, for example +7 912 345 67 89."); an
 * ambiguous number's readings ("8 912 345-67-89 could be +49 89 123456789 (Germany) or
 * +7 912 345-67-89 (Russia)."), a landline's ("… is not a mobile number …").
 */
export function shopperPhoneMessage(problem: PhoneProblem): string {
  const name = (country: string) => new Intl.DisplayNames(["en"], { type: "region" }).of(country) ?? country
  const write = `Write it with its country code, for example ${problem.example}, to get your loyalty card.`
  if (problem.problem === "ambiguous_country" && problem.candidates?.length) {
    const readings = problem.candidates.map((c) => `${formatInternational(c.phone)} (${name(c.country)})`)
    return `${problem.typed} could be ${readings.join(" or ")}. ${write}`
  }
  if (problem.problem === "not_mobile") {
    return (
      `${problem.typed} is not a mobile number: the loyalty card and its codes go to a mobile phone. ` +
      `Write your mobile number with its country code, for example ${problem.example}, to get your loyalty card.`
    )
  }
  const where = problem.country ? ` as a phone number of ${name(problem.country)}` : ""
  return `We could not read ${problem.typed}${where}: ${SHOPPER_WORDS[problem.problem] ?? problem.reason}. ${write}`
}
