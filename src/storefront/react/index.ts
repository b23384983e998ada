"use client"
/**
 * `medusa-plugin-wallet-pass/storefront/react` (docs/storefront.md, "React pieces"): hooks over
 * the storefront kit and small unstyled, accessible components for a "My pass" page and a cart
 * that pays with bonus. React 18 or 19 (an optional peer); no CSS, no other dependency. Every
 * export is a client component or hook ("use client"): a Next.js server component renders
 * the components with data it read through the kit, and passes server actions for the calls.
 *
 * Named re-exports only (no `export *`): a bundler that turns this module into client
 * references reads each name.
 */
export { AddToWallet, ADD_TO_WALLET_TEXT, type AddToWalletProps } from "./add-to-wallet"
export { useAddToWallet, useCartBonus, usePhoneVerification, useWalletPass, type UseWalletPassOptions } from "./hooks"
export { LevelProgress, LEVEL_PROGRESS_TEXT, type LevelProgressProps } from "./level-progress"
export { PayWithBonus, PAY_WITH_BONUS_TEXT, type PayWithBonusProps } from "./pay-with-bonus"
export { PhoneVerification, PHONE_VERIFICATION_TEXT, type PhoneVerificationProps } from "./phone-verification"
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
  type WalletButtonProps,
} from "./wallet-button"
