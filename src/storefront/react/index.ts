"use client"
/**
 * `medusa-plugin-wallet-pass/storefront/react` (docs/storefront-react.md): hooks over
 * the storefront kit and small accessible components that take the host's look (`className`, `classNames` slots, render props)
 * and texts (`locale`, `text`) for a "My pass" page and a cart
 * that pays with bonus. React 18 or 19 (an optional peer); no CSS, no other dependency. Every
 * export is a client component or hook ("use client"): a Next.js server component renders
 * the components with data it read through the kit, and passes server actions for the calls.
 *
 * Named re-exports only (no `export *`): a bundler that turns this module into client
 * references reads each name.
 */
export { AddToWallet, ADD_TO_WALLET_TEXT, type AddToWalletClassNames, type AddToWalletProps } from "./add-to-wallet"
export { BonusBalance, BONUS_BALANCE_TEXT, type BonusBalanceClassNames, type BonusBalanceProps } from "./bonus-balance"
export { useAddToWallet, useCartBonus, usePhoneVerification, useWalletPass, type UseWalletPassOptions } from "./hooks"
export {
  LevelProgress,
  LEVEL_PROGRESS_TEXT,
  type LevelProgressBar,
  type LevelProgressClassNames,
  type LevelProgressProps,
} from "./level-progress"
export {
  PayWithBonus,
  PAY_WITH_BONUS_TEXT,
  type PayWithBonusClassNames,
  type PayWithBonusProps,
} from "./pay-with-bonus"
export {
  PhoneVerification,
  PHONE_VERIFICATION_TEXT,
  type PhoneVerificationClassNames,
  type PhoneVerificationProps,
} from "./phone-verification"
export {
  codeTextState,
  isIssuing,
  TEXT_NOT_SENT,
  levelProgress,
  parseBonusAmount,
  type BonusAmount,
  type LevelProgress as LevelProgressState,
} from "./state"
export {
  WalletButton,
  WALLET_BUTTON_CLEAR_SPACE,
  WALLET_BUTTON_MIN_HEIGHT,
  WALLET_BUTTON_TEXT,
  type WalletBrand,
  type WalletButtonClassNames,
  type WalletButtonProps,
} from "./wallet-button"
export {
  textLanguage,
  textsFor,
  WALLET_PASS_TEXTS,
  type AddToWalletTexts,
  type BonusBalanceTexts,
  type LevelProgressTexts,
  type PayWithBonusTexts,
  type PhoneVerificationTexts,
  type WalletButtonTexts,
  type YouWillEarnTexts,
  type WalletPassLanguage,
  type WalletPassTexts,
} from "./texts"
export { YouWillEarn, YOU_WILL_EARN_TEXT, type YouWillEarnClassNames, type YouWillEarnProps } from "./you-will-earn"
