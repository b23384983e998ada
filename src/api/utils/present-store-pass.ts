import type { CustomerPass } from "../../modules/wallet-pass/service"
import { basisPointsToPercent, fromMinorUnits } from "../../modules/wallet-pass/utils/amounts"

export type StorePassContext = {
  /** The rate that applies to the holder (their own, else the program's), basis points. */
  bonusBasisPoints: number
  /** The currency the balance is kept in (`currencyCode`, else the store's default), null when unknown. */
  currencyCode: string | null
  /** The generic install form (`installLink.formUrl`), shown when the holder has no personal form link. */
  formUrl: string | null
}

/**
 * The signed-in customer's own pass as the storefront shows it: amounts in the balance
 * unit, percents as percents, the rate that applies (own, else the program's), and nothing
 * internal (no ids, phone, hash, ledger or errors).
 */
export function presentStorePass({ holder, balance }: Pick<CustomerPass, "holder" | "balance">, context: StorePassContext) {
  return {
    balance: fromMinorUnits(balance),
    currency_code: context.currencyCode,
    bonus_percent: basisPointsToPercent(context.bonusBasisPoints),
    discount_percent: basisPointsToPercent(holder.discount_percent_bp),
    cards: (holder.cards ?? []).map((card) => ({
      number: card.number,
      /** True once the service reported the card installed in a wallet. */
      installed: card.installed === true,
    })),
    links: {
      ios: holder.card_url,
      android: holder.card_gpay_url,
      form: holder.form_url ?? context.formUrl,
    },
    enrollment_state: holder.enrollment_state,
    enrolled: holder.enrollment_state === "enrolled",
  }
}

export type StoreWalletPass = ReturnType<typeof presentStorePass>
