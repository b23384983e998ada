import { HOOK_ANSWERS } from "./answers"
import { createHash, timingSafeEqual } from "crypto"
import type { WalletPassOptions } from "../../../modules/wallet-pass"

type HookOptions = NonNullable<WalletPassOptions["hooks"]>

/** What the receiver knows about a delivery before trusting it. */
export type HookRequestFacts = {
  /** The `Authorization` header, if any. */
  authorization?: string
  /** The socket's peer address (Node's form, possibly `::ffff:1.2.3.4`). */
  socketAddress?: string
  /** Express's `req.ip`, which follows X-Forwarded-For because Medusa sets `trust proxy`. */
  forwardedAddress?: string
  headers: Record<string, string | string[] | undefined>
  /** The body's `crm_key`, when the body parsed and had one. */
  bodyCrmKey?: unknown
}

export type HookAuthResult =
  | { ok: true }
  | { ok: false; status: typeof HOOK_ANSWERS.unauthenticated | typeof HOOK_ANSWERS.forbidden; error: string }

/** Compares two secrets in constant time, whatever their lengths. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest()
  const b = createHash("sha256").update(expected).digest()
  return timingSafeEqual(a, b)
}

function parseBasic(header: string | undefined): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "")
  if (!match) return null
  const decoded = Buffer.from(match[1], "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as plain IPv4. */
export function plainIpv4(address: string | undefined): string | undefined {
  return address?.startsWith("::ffff:") ? address.slice(7) : address
}

const HEADER_CHECKS = [
  ["organizationId", "x-organization-id"],
  ["programId", "x-program-id"],
  ["walletId", "x-wallet-id"],
] as const

/**
 * Decides whether a hook delivery comes from the service: the allowed IP (socket address
 * unless `trustProxy`), the `X-*` identity headers when configured, then the credential
 * (HTTP Basic, or crm_key as the Basic password with an empty login and/or in the body).
 * Messages never contain a secret or what the caller sent.
 */
export function authenticateHook(hooks: HookOptions | undefined, facts: HookRequestFacts): HookAuthResult {
  if (!hooks) {
    return {
      ok: false,
      status: HOOK_ANSWERS.unauthenticated,
      error: "hooks are not enabled on this store (set the plugin's hooks option)",
    }
  }
  if (hooks.allowedIp) {
    const address = plainIpv4(hooks.trustProxy ? facts.forwardedAddress : facts.socketAddress)
    if (address !== hooks.allowedIp) {
      return { ok: false, status: HOOK_ANSWERS.forbidden, error: "hooks are not accepted from this address" }
    }
  }
  for (const [option, header] of HEADER_CHECKS) {
    const expected = hooks[option]
    if (expected !== undefined && facts.headers[header] !== expected) {
      return {
        ok: false,
        status: HOOK_ANSWERS.forbidden,
        error: `header ${header} is missing or does not match this store`,
      }
    }
  }

  const basic = parseBasic(facts.authorization)
  if (hooks.crmKey !== undefined) {
    const viaHeader = basic !== null && basic.login === "" && secretsEqual(basic.password, hooks.crmKey)
    const bodyKey = facts.bodyCrmKey
    const viaBody = typeof bodyKey === "string" && secretsEqual(bodyKey, hooks.crmKey)
    // A key that is present must be right; at least one must be present.
    const headerWrong = basic !== null && !viaHeader
    const bodyWrong = bodyKey !== undefined && bodyKey !== null && !viaBody
    if ((viaHeader || viaBody) && !headerWrong && !bodyWrong) {
      return { ok: true }
    }
    return { ok: false, status: HOOK_ANSWERS.unauthenticated, error: "invalid or missing crm_key" }
  }
  if (
    basic !== null &&
    secretsEqual(basic.login, hooks.login ?? "") &&
    secretsEqual(basic.password, hooks.password ?? "")
  ) {
    return { ok: true }
  }
  return { ok: false, status: HOOK_ANSWERS.unauthenticated, error: "invalid or missing HTTP Basic credentials" }
}
