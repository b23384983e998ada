/** Public API of the wallet-pass service client (docs/service-api.md, "Requests") and the hook schemas ("Hooks"). */
export {
  WalletPassClient,
  WALLET_PASS_PATHS,
  parseRetryAfter,
  type WalletPassMethod,
  type WalletPassCallRecord,
  type WalletPassClientOptions,
  type WalletPassTimeouts,
} from "./client"
export {
  WalletPassApiError,
  WalletPassConfigError,
  isWalletPassApiError,
  CALL_OUTCOMES,
  ERROR_KINDS,
  type CallOutcome,
  type FailureOutcome,
  type WalletPassErrorKind,
  type WalletPassApiErrorInit,
} from "./errors"
export { REDACTED, SECRET_KEYS, redact, redactBody, redactText } from "./redact"
export { formatServiceDate, parseServiceDateTime, serviceDateToEpochMs, type ServiceDateTime } from "./dates"
export * from "./schemas"
export * from "./hooks"
