import { ERROR_KINDS } from "../../lib/wallet-pass-client/errors"
import type { WalletPassFormat } from "./format"

/** The client's failure kinds, each said in words (`common.failure.*`). */
const KINDS: string[] = Object.keys(ERROR_KINDS)

/**
 * A request's error read apart: the client writes `wallet-pass <path> failed (<kind>
 * <status>, <outcome>): <the service's text>`. `quoted` is the part shown as written, in any
 * language: the service's own words when it refused the request, or any other text's first
 * line (our answer to the service, in the hook log); empty when the kind says it all.
 */
export function readError(
  error: string
): { kind: string; status?: string; quoted: string } | { kind: null; quoted: string } {
  const match = /^wallet-pass \S+ failed \((\w+)(?: (\d{3}))?, \w+\): ([\s\S]*)$/.exec(error)
  if (!match || !KINDS.includes(match[1])) return { kind: null, quoted: error.split("\n")[0] }
  const [, kind, status, what] = match
  const text = what.trim()
  // The service's own words say why a request was refused; the kind alone says the rest.
  const quoted = (kind === "rejected" || kind === "local_validation") && text !== kind ? text : ""
  return { kind, status, quoted }
}

/**
 * A request's error in a line a merchant reads: "The service failed (500)" or "The service
 * refused it (400): phone format"; any other text is its first line.
 */
export function errorSummary(error: string, { t }: Pick<WalletPassFormat, "t">): string {
  const read = readError(error)
  if (read.kind === null) return read.quoted
  const said = t(`common.failure.${read.kind}`, { status: read.status ?? "" }).replace(" ()", "")
  return read.quoted ? `${said}: ${read.quoted}` : said
}
