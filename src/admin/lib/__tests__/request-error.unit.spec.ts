import { WalletPassApiError } from "../../../lib/wallet-pass-client/errors"
import { errorParts, errorSummary, readError } from "../request-error"

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
    expect(readError(failed)).toEqual({ kind: "server_error", status: "500", quoted: "", notResent: false })
    expect(errorSummary(failed, { t })).toBe('common.failure.server_error{"status":"500"}')
  })

  it("quotes any other text's first line as written, after our words for what happened", () => {
    expect(readError("customer.phone: invalid\nmore")).toEqual({
      kind: null,
      quoted: "customer.phone: invalid",
      notResent: false,
    })
    expect(errorSummary("customer.phone: invalid\nmore", { t })).toBe("common.failure.other{}: customer.phone: invalid")
    // The hook log names it itself: our answer to the service.
    expect(errorParts("customer.phone: invalid", { t }, "Our answer")).toEqual({
      label: "Our answer",
      quoted: "customer.phone: invalid",
    })
  })

  it("says in words what the queue wrote in English: a request not sent again, a sender that stopped", () => {
    const timeout = `${new WalletPassApiError({ kind: "timeout", path: "/crm/user_create_or_update" }).message} (may have been applied; not re-sent)`
    expect(readError(timeout)).toMatchObject({ kind: "timeout", quoted: "", notResent: true })
    expect(errorParts(timeout, { t })).toEqual({
      label: 'common.failure.timeout{"status":""} common.failure.notResent{}',
      quoted: "",
    })
    const refused = `${clientError("rejected", 400, "phone format")} (may have been applied; not re-sent)`
    expect(errorParts(refused, { t }).quoted).toBe("phone format")
    expect(errorParts("the process sending it stopped before the answer arrived", { t })).toEqual({
      label: 'common.failure.interrupted{"status":""}',
      quoted: "",
    })
  })
})
