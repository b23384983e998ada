/**
 * Error answers of the emulator. The spec does not show the service's error body (section 7);
 * the emulator always answers `{ "success": false, "error": <text>, "code": <code> }` with the
 * status below. The texts for the key errors are the real service's (`app_key not set`,
 * `Invalid app_key`).
 */

export const EMULATOR_ERROR_TEXTS = {
  appKeyNotSet: "app_key not set",
  invalidAppKey: "Invalid app_key",
  invalidJson: "Invalid JSON body",
  invalidPhone: "Invalid phone format: E.164 with a leading + expected, e.g. +79991234567",
  customerNotFound: "Customer not found",
  pushNotFound: "Push not found",
  segmentNotFound: "Segment not found",
  insufficientBalance: "Insufficient balance",
  rateLimited: "Too many requests",
  internal: "Internal server error",
  unknownMethod: "Unknown method",
  methodNotAllowed: "Method not allowed, use POST",
  crmNotConfigured: "External CRM webhook is not configured",
} as const

/** Error codes carried in `code`, with the HTTP status each is answered with. */
export const EMULATOR_ERROR_STATUS = {
  app_key_not_set: 401,
  invalid_app_key: 401,
  invalid_json: 400,
  validation_error: 400,
  invalid_phone: 400,
  invalid_date: 400,
  value_too_long: 400,
  insufficient_balance: 400,
  type_not_supported: 400,
  app_not_connected: 400,
  crm_not_configured: 400,
  customer_not_found: 404,
  push_not_found: 404,
  segment_not_found: 404,
  unknown_method: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  crm_error: 502,
} as const
export type EmulatorErrorCode = keyof typeof EMULATOR_ERROR_STATUS

/** A request the emulated service refuses; turned into the error body by the server. */
export class EmulatorRequestError extends Error {
  readonly name = "EmulatorRequestError"
  readonly status: number
  constructor(
    readonly code: EmulatorErrorCode,
    message: string
  ) {
    super(message)
    this.status = EMULATOR_ERROR_STATUS[code]
  }

  toBody(): { success: false; error: string; code: EmulatorErrorCode } {
    return { success: false, error: this.message, code: this.code }
  }
}

/** A control call (`/_emulator/...` or a method of the handle) that cannot be done. */
export class EmulatorControlError extends Error {
  readonly name = "EmulatorControlError"
  constructor(
    message: string,
    readonly status: 400 | 404 | 502 = 400
  ) {
    super(message)
  }
}
