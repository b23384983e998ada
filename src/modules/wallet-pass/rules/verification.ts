import { createHash, createHmac } from "node:crypto"

/** Verification of a store account's phone by a texted code (docs/adoption.md, trust). Pure. */

/** What the shopper is told when a code's text did not go (refused, `sms_send: false`, or no pass for the phone). */
export const TEXT_NOT_SENT_MESSAGE =
  "The code could not be texted to this phone. Check the phone number in your account; if it is right, try again later."

/** Wrong codes a verification takes before it ends. (How many codes go out: `texts`, docs/security.md.) */
export const VERIFICATION_LIMITS = { attempts: 5 } as const

/**
 * The six-digit code of a verification, derived from its id with a secret of the store (the
 * app key), so it is stored nowhere: not in the queue, not in the logs.
 */
export function verificationCode(secret: string, verificationId: string): string {
  const digest = createHmac("sha256", secret).update(`wallet-pass-verification:${verificationId}`).digest()
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, "0")
}

/** The hash kept for a code (bound to its verification, so equal codes never share a hash). */
export function verificationCodeHash(verificationId: string, code: string): string {
  return createHash("sha256").update(`${verificationId}:${code.trim()}`).digest("hex")
}

/**
 * What a store account may spend of a holder's balance (docs/adoption.md, trust): all of it once
 * the account has shown it holds the phone; until then only what its own orders and the admin
 * gave it (`own`), never more than the balance. Minor units.
 */
export function spendableBalance(account: { balance: number; own: number; verified: boolean }): number {
  return account.verified ? account.balance : Math.max(0, Math.min(account.balance, account.own))
}
