/**
 * A faithful, stateful, in-memory stand-in for the wallet-pass service over real HTTP, for
 * tests, local development and demos. What it does and how to drive it: docs/emulator.md.
 */
export { startEmulator, type WalletPassEmulator } from "./server"
export {
  GENERIC_UPDATE_TEXT,
  type AdjustBalanceInput,
  type ControlResult,
  type EmulatorSnapshot,
  type InstallInput,
  type InstallResult,
  type RefreshInput,
  type SeedCustomerInput,
  type SetPrivilegesInput,
  type UninstallInput,
} from "./core"
export {
  EMULATOR_ERROR_STATUS,
  EMULATOR_ERROR_TEXTS,
  EmulatorControlError,
  EmulatorRequestError,
  type EmulatorErrorCode,
} from "./errors"
export { DEFAULT_BEHAVIOURS, type ServiceBehaviours, type ServiceBehavioursInput } from "./behaviours"
export { ERROR_BODY_SHAPES, OVER_LIMIT_ANSWERS, type ErrorBodyShape, type OverLimitAnswer } from "./readings"
export { FAULT_KINDS, type ActiveFault, type FaultKind, type FaultSpec } from "./faults"
export {
  EMULATOR_MODES,
  type EmulatorLimitsInput,
  type EmulatorMode,
  type EmulatorOptions,
  type EmulatorWebhookOptions,
} from "./options"
export type {
  BalanceOperationRecord,
  CampaignRecord,
  CardRecord,
  EmulatorCustomer,
  EventRecord,
  HookRecord,
  NotificationRecord,
  PersonalPushRecord,
  RequestLogEntry,
  SegmentRecord,
  SmsRecord,
} from "./state"
