import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { type CustomerPass, OPERATION_PRIORITY, WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { readCustomerPhone } from "../../utils/phone-country"
import { type InstallLinks, installLinks } from "./install-links"
import type { UnreadPhone } from "./phone-problem"

/**
 * The pass holder of a store customer an admin route is about, by the route's `:id`: 404 in
 * Medusa's error shape for an unknown customer, and for one with no pass.
 */
export async function customerHolderId(scope: MedusaContainer, customerId: string): Promise<string> {
  await scope.resolve(Modules.CUSTOMER).retrieveCustomer(customerId, { select: ["id"] })
  const [holder] = await scope
    .resolve(WALLET_PASS_MODULE)
    .listWalletPassHolders({ customer_id: customerId }, { select: ["id"] })
  if (!holder) throw new MedusaError(MedusaError.Types.NOT_FOUND, "This customer has no wallet pass")
  return holder.id
}

export type AccountPass = {
  /** The account's own pass, null when it has none. */
  own: CustomerPass | null
  /** The account's phone as E.164, null when it has none (or not a usable one). */
  phone: string | null
  /**
   * Why the account's phone cannot be enrolled (as typed, the reason, the country tried first, an
   * ambiguous number's readings; docs/phones.md); null otherwise.
   */
  phone_problem: UnreadPhone | null
  /** The holder of the account's phone when another store customer holds it. */
  elsewhere: { holder_id: string; customer_id: string | null } | null
}

/**
 * A store account's view of the program: its own pass, and the pass of its phone when
 * another store customer holds it (a pass installed in the shop before the account
 * registered): the account may prove the phone to move it here (docs/adoption.md).
 */
export async function resolveAccountPass(
  scope: MedusaContainer,
  customerId: string,
  { ledgerLimit = 1 } = {}
): Promise<AccountPass> {
  const walletPass = scope.resolve(WALLET_PASS_MODULE)
  const [own, customer] = await Promise.all([
    walletPass.retrieveCustomerPass(customerId, { ledgerLimit }),
    scope.resolve(Modules.CUSTOMER).retrieveCustomer(customerId, { select: ["id", "phone"] }),
  ])
  const normalized = await readCustomerPhone(scope, customer)
  const phone = normalized?.ok ? normalized.phone : null
  const phone_problem =
    normalized && !normalized.ok
      ? {
          typed: customer.phone!,
          problem: normalized.reason,
          country: normalized.country,
          ...(normalized.candidates ? { candidates: normalized.candidates } : {}),
        }
      : null
  let elsewhere: AccountPass["elsewhere"] = null
  if (phone && own?.holder.phone !== phone) {
    const [holder] = await walletPass.listWalletPassHolders({ phone }, { select: ["id", "customer_id"] })
    if (holder && holder.customer_id !== customerId)
      elsewhere = { holder_id: holder.id, customer_id: holder.customer_id }
  }
  return { own, phone, phone_problem, elsewhere }
}

/** How many credits about to lapse a pass shows (the admin's widget and the storefront's pass). */
const EXPIRING_SHOWN = 10

/**
 * The holder's credits with a lifetime that still have something left to lapse, soonest
 * first: what of the balance expires, and when.
 */
export function listExpiringCredits(scope: MedusaContainer, holderId: string) {
  return scope.resolve(WALLET_PASS_MODULE).listWalletPassLedgerEntries(
    {
      holder_id: holderId,
      expires_at: { $gt: new Date() },
      expired_at: null,
      state: "applied",
      remaining: { $gt: 0 },
    },
    { select: ["remaining", "expires_at"], order: { expires_at: "ASC" }, take: EXPIRING_SHOWN }
  )
}

/**
 * What the storefront is told when the account's phone is not its own pass's: the same
 * whether another customer's pass has the phone or none does (docs/security.md).
 */
export const NOT_LINKED_REASON =
  "This account's phone is not yet proven. If a card was already issued for this phone (for example when it was installed in a shop), verify the phone to bring it to this account."

/**
 * The signed-in account's pass and the links it may see; null without a pass (or one with
 * no phone, which has no card). When the
 * personalised links are missing for a verified account, a profile update is queued at
 * background priority (coalesced, within the background budget): its answer carries them.
 */
export async function accountInstallLinks(
  scope: MedusaContainer,
  customerId: string
): Promise<{ holderId: string; links: InstallLinks; verified: boolean } | null> {
  const walletPass = scope.resolve(WALLET_PASS_MODULE)
  const { own } = await resolveAccountPass(scope, customerId)
  if (!own?.holder.phone) return null
  const { verified } = (await walletPass.getAccountBalances([own.holder.id])).get(own.holder.id)!
  const links = installLinks(own.holder, verified, walletPass.getOptions().installLink?.formUrl ?? null)
  const holder = own.holder
  // Only for a proven account: an unproven one must not make the store write its profile
  // onto the phone's card (docs/security.md).
  if (
    verified &&
    holder.enrollment_state === "enrolled" &&
    !(holder.card_url && holder.card_gpay_url && holder.form_url)
  ) {
    await walletPass.enqueueProfileSync(holder.id, OPERATION_PRIORITY.background)
  }
  return { holderId: holder.id, links, verified }
}

/** Why the account has no install link: no pass, a link not fetched yet, or a phone not verified (404s). */
export function noInstallLink(target: { verified: boolean } | null): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_FOUND,
    !target
      ? "You have no wallet pass yet: it is made when you sign up with a phone"
      : target.verified
        ? "Your card's install link is not ready yet: it is being fetched from the service, try again in a minute"
        : "Verify your phone to get your card's install link"
  )
}
