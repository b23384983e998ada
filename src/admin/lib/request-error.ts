import { ERROR_KINDS } from "../../lib/wallet-pass-client/errors"
import type { WalletPassFormat } from "./format"

/** The client's failure kinds, each said in words (`common.failure.*`). */
const KINDS: string[] = Object.keys(ERROR_KINDS)

/** What the queue adds to an error when it does not send an at-most-once request again (src/outbound/policy.ts). */
const NOT_RESENT = " (may have been applied; not re-sent)"
/** What the queue writes when the process sending a request stopped before its answer (repositories/queue.ts). */
const INTERRUPTED = "the process sending it stopped before the answer arrived"

/**
 * A request's error read apart: the client writes `wallet-pass <path> failed (<kind>
 * <status>, <outcome>): <the service's text>`. `quoted` is the part shown as written, in any
 * language: the service's own words when it refused the request, or any other text's first
 * line (our answer to the service, in the hook log); empty when the kind says it all.
 * `notResent`: the queue did not send it again (it may have been applied).
 */
export function readError(
  error: string
):
  | { kind: string; status?: string; quoted: string; notResent: boolean }
  | { kind: null; quoted: string; notResent: boolean } {
  const notResent = error.endsWith(NOT_RESENT)
  const text = notResent ? error.slice(0, -NOT_RESENT.length) : error
  if (text === INTERRUPTED) return { kind: "interrupted", quoted: "", notResent }
  const match = /^wallet-pass \S+ failed \((\w+)(?: (\d{3}))?, \w+\): ([\s\S]*)$/.exec(text)
  if (!match || !KINDS.includes(match[1])) return { kind: null, quoted: text.split("\n")[0], notResent }
  const [, kind, status, what] = match
  const said = what.trim()
  // The service's own words say why a request was refused; the kind alone says the rest.
  const quoted = (kind === "rejected" || kind === "local_validation") && said !== kind ? said : ""
  return { kind, status, quoted, notResent }
}

/**
 * A request's error in two parts: `label`, our words for what happened in the admin's
 * language ("The service refused it (400)", "No answer in time"; for a text the client did not
 * write, `other`, by default "Could not be sent"), and `quoted`, the service's own words (or
 * that other text) to show as written, marked so (`data-wallet-pass-verbatim`); empty when the
 * label says it all.
 */
export function errorParts(
  error: string,
  { t }: Pick<WalletPassFormat, "t">,
  other?: string
): { label: string; quoted: string } {
  const read = readError(error)
  const said =
    read.kind === null
      ? (other ?? t("common.failure.other"))
      : t(`common.failure.${read.kind}`, { status: "status" in read ? (read.status ?? "") : "" }).replace(" ()", "")
  return { label: read.notResent ? `${said} ${t("common.failure.notResent")}` : said, quoted: read.quoted }
}

/**
 * A request's error in a line a merchant reads: "The service failed (500)" or "The service
 * refused it (400): phone format"; any other text after `other` (by default "Could not be sent").
 */
export function errorSummary(error: string, f: Pick<WalletPassFormat, "t">, other?: string): string {
  const { label, quoted } = errorParts(error, f, other)
  return quoted ? `${label}: ${quoted}` : label
}
