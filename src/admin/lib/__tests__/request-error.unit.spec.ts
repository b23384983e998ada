import { WalletPassApiError } from "../../../lib/wallet-pass-client/errors"
import { errorSummary, readError } from "../request-error"

/** The admin's `t`, writing the key and its values, so what is worded and what is quoted shows. */
const t = ((key: string, values?: Record<string, unknown>) => `${key}${JSON.stringify(values ?? {})}`) as never

/** An error as the client writes it (its message is what a request's `last_error` keeps). */
const clientError = (kind: "rejected" | "server_error", status: number, serviceError?: string) =>
  new WalletPassApiError({ kind, path: "/crm/user_create_or_update", status, serviceError }).message

describe("a request's error in the admin", () => {
  it("words the client's kind and quotes the service's own reason for a refusal only", () => {
    const refused = clientError("rejected", 400, "phone format")
    expect(readError(refused)).toMatchObject({ kind: "rejected", status: "400" })
    expect(readError(refused).quoted).toBe("phone format")
    expect(errorSummary(refused, { t })).toBe('common.failure.rejected{"status":"400"}: phone format')

    const failed = clientError("server_error", 500, "Internal error")
    expect(readError(failed)).toEqual({ kind: "server_error", status: "500", quoted: "" })
    expect(errorSummary(failed, { t })).toBe('common.failure.server_error{"status":"500"}')
  })

  it("quotes any other text's first line as written (our answer to a hook)", () => {
    expect(readError("customer.phone: invalid\nmore")).toEqual({ kind: null, quoted: "customer.phone: invalid" })
    expect(errorSummary("customer.phone: invalid\nmore", { t })).toBe("customer.phone: invalid")
  })
})
