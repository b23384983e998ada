// Every workflow of the plugin, by domain (the `./workflows` export of the package).

// The ledger: accrual on orders, its reversal, an admin's adjustment.
export * from "./ledger/record-order-accrual"
export * from "./ledger/reverse-order-accrual"
export * from "./ledger/adjust-holder-balance"
// The hook of the order's bonus base (docs/loyalty.md, "Extending: workflow hooks"): its name and types.
export {
  ORDER_BONUS_BASE_HOOK,
  type OrderBonusBaseHookInput,
  type OrderBonusBaseHookResult,
  type OrderBonusBaseLine,
} from "./ledger/order-bonus-base"

// Enrolment and profiles: signups, bulk enrolment, a pass installed, profile updates.
export * from "./enrollment/enroll-customer"
export * from "./enrollment/enroll-existing-customers"
export * from "./enrollment/link-pass-customer"
export * from "./enrollment/sync-holder-profile"
// The profile hooks (setEnrollmentProfile, setHolderProfile): their names and types.
export {
  ENROLLMENT_PROFILE_HOOK,
  HOLDER_PROFILE_HOOK,
  type EnrollmentProfile,
  type EnrollmentProfileHookInput,
  type EnrollmentProfileHookResult,
} from "./enrollment/enrollment-profile"

// Paying with bonus: a cart's redemption, its order, its refund, stale promotions.
export * from "./redemption/apply-cart-redemption"
export * from "./redemption/record-order-redemption"
export * from "./redemption/refund-order-redemption"
export * from "./redemption/remove-stale-bonus-promotions"

// Discount percents through Medusa's promotions.
export * from "./discount/set-holder-privileges"
export * from "./discount/apply-holder-discount"

// Requests to the service an admin asks for, and their review.
export * from "./operations/request-holder-operation"
export * from "./operations/request-status-check"
export * from "./operations/review-operation"
export * from "./operations/create-campaign"

// The import of the service's base and the background checks.
export * from "./import/import-service-customer"
export * from "./import/start-sync-run"

// The loyalty program: its versions, order spend and levels (docs/program.md).
export * from "./program/save-program"
export * from "./program/update-levels"
export * from "./program/record-order-spend"
export * from "./program/update-all-levels"
export * from "./program/grant-program-bonus"
export * from "./program/grant-birthday-bonuses"

// Store accounts and passes: proving a phone, moving a pass.
export * from "./accounts/request-phone-verification"
export * from "./accounts/confirm-phone-verification"
export * from "./accounts/move-pass-to-customer"
