import { basisPointsToPercent, fromMinorUnits } from "../../lib/amounts"
import type { CustomerPass } from "../../modules/wallet-pass/browser"
import { INSTALL_PATH, installLinks } from "./install-links"
import { presentBonuses, presentLevel } from "./present-level"

export type StorePassContext = {
  /** The rate that applies to the account (privileges.ts usableRates), basis points. */
  bonusBasisPoints: number
  /** The discount that applies to the account (privileges.ts usableRates), basis points. */
  discountBasisPoints: number
  /** The currency the balance is kept in (`currencyCode`, else the store's default), null when unknown. */
  currencyCode: string | null
  /** The generic install form (`installLink.formUrl`), shown when the holder has no personal form link. */
  formUrl: string | null
  /** What the account may see and spend (the module's services/trust.ts accountBalances), minor units. */
  access: { balance: number; spendable: number; verified: boolean }
  /** Credits with a lifetime still holding something, soonest first: what lapses when (minor units). */
  expiring: { remaining: number | null; expires_at: Date | null }[]
  /**
   * The bonus of the account's orders still pending (docs/loyalty.md, "Pending bonus"), minor
   * units, and when the next of it becomes spendable; absent: none.
   */
  pending?: { amount: number; next_until: Date | null } | null
  /** The texts the card's template variables get now (docs/program.md, "On the card"); null when none are set. */
  cardTexts?: Record<string, string> | null
}

/**
 * The signed-in customer's own pass as the storefront shows it: amounts in the balance
 * unit, percents as percents, the rate that applies (own, else the program's), and nothing
 * internal (no ids, phone, hash, ledger or errors). Until the account has proven its phone,
 * the balance is what it may spend (its own orders' bonus) and the personalised links are
 * withheld: they open the phone's card (docs/adoption.md, trust); so are the card numbers,
 * whether a card is installed, and rates the service gave the phone (docs/security.md): the
 * pass may be another person's.
 */
export function presentStorePass(
  { holder, level, bonuses }: Pick<CustomerPass, "holder" | "level" | "bonuses">,
  context: StorePassContext
) {
  const { verified } = context.access
  return {
    balance: fromMinorUnits(context.access.spendable),
    currency_code: context.currencyCode,
    bonus_percent: basisPointsToPercent(context.bonusBasisPoints),
    discount_percent: basisPointsToPercent(context.discountBasisPoints),
    /** The pass's cards; shown once the phone is verified (a card number is the phone's, not the account's). */
    cards: (verified ? (holder.cards ?? []) : []).map((card) => ({
      number: card.number,
      /** True once the service reported the card installed in a wallet. */
      installed: card.installed === true,
    })),
    links: installLinks(holder, verified, context.formUrl),
    /** True once a card of this pass is installed in a wallet (shown once the phone is verified). */
    installed: verified && Array.from(holder.cards ?? []).some((card) => card.installed === true),
    /** The route that sends the customer to the right install link for their device (docs/storefront.md). */
    install_url: INSTALL_PATH,
    /** What lapses when, soonest first; shown once the phone is verified, like the balance it is part of. */
    expiring: verified
      ? context.expiring.map((c) => ({ amount: fromMinorUnits(c.remaining ?? 0), expires_at: c.expires_at }))
      : [],
    /**
     * The bonus of the account's own orders still pending (docs/loyalty.md, "Pending bonus"): not
     * in `balance`, not spendable until its days pass; 0 when none. `pending_until`: when the
     * next of it becomes spendable, null when none.
     */
    pending: fromMinorUnits(context.pending?.amount ?? 0),
    pending_until: context.pending?.next_until ?? null,
    enrollment_state: holder.enrollment_state,
    enrolled: holder.enrollment_state === "enrolled",
    /** True once this account has proven it holds the phone (a code sent to it). */
    verified,
    /**
     * True until the phone is verified: whatever the phone's pass holds beyond the account's own
     * orders shows only then. Never whether it holds more (that would say whether the service
     * knows the phone: docs/security.md).
     */
    balance_hidden: !verified,
    /** The program's level, the spend that counts and what the next level needs; null without levels. */
    level: presentLevel(level),
    /** The program's bonuses received, newest first; shown once the phone is verified, like the balance they are part of. */
    bonuses: verified ? presentBonuses(bonuses) : [],
    /**
     * What the card's template variables say (name → text, as the card gets them: "Silver",
     * "€80"), so the site says what the card does; null when the program sets none, and until
     * the phone is verified (the texts hold the balance's expiring part).
     */
    card_texts: verified ? (context.cardTexts ?? null) : null,
  }
}

export type StoreWalletPass = ReturnType<typeof presentStorePass>
