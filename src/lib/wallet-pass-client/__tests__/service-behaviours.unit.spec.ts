/**
 * The client meets each switch of the emulator for what the description does not show
 * (docs/service-api.md, "Failures"; docs/emulator.md, "Service behaviours"): every answer over
 * a limit is not applied and says when to come back, every error body shape gives its text.
 */
import { clientAgainstEmulator, failure, phone } from "../../../emulator/__tests__/support"
import { statusError } from "../failures"

const APP_KEY = "behaviour-key-SeCrEt-4410"

const service = clientAgainstEmulator({ appKey: APP_KEY, limits: "unlimited" })
beforeEach(() => service.emulator.seedCustomer({ phone: phone(1), balance: 100 }))

const balance = () => service.emulator.getCustomer(phone(1))?.balance
const addFive = () => failure(() => service.client.balanceAdd({ phone: phone(1), sum: 5 }))

describe("the answer over a limit, each way the service may give it", () => {
  it.each([
    ["429", 429, 4],
    ["429_no_retry_after", 429, undefined],
    ["503", 503, undefined],
    ["200_success_false", 200, undefined],
  ] as const)("%s is rate_limited, not applied, with Retry-After only when sent", async (overLimit, status, after) => {
    service.emulator.setBehaviours({ overLimit })
    service.emulator.injectFault({ kind: "rate_limit", retryAfterSeconds: 4 })
    const error = await addFive()
    expect([error.kind, error.outcome, error.status, error.retryAfterSeconds]).toEqual([
      "rate_limited",
      "not_applied",
      status,
      after,
    ])
    expect(balance()).toBe(100)
  })

  it("a bare 200 { success: false } (the plain-text shape) is read as over the limit too", async () => {
    service.emulator.setBehaviours({ overLimit: "200_success_false", errorBody: "text" })
    service.emulator.injectFault({ kind: "rate_limit" })
    expect(await addFive()).toMatchObject({ kind: "rate_limited", outcome: "not_applied", status: 200 })
  })

  it("a 200 { success: false } naming something else stays a refusal", () => {
    const said = (body: string) => statusError("/crm/balance/add", 200, body, undefined, [], "rejected").kind
    expect(said('{"success":false,"error":"Card is blocked"}')).toBe("rejected")
    expect(said('{"success":false,"message":"Rate limit exceeded"}')).toBe("rate_limited")
    expect(said('{"success":false,"code":"too_many_requests"}')).toBe("rate_limited")
  })
})

describe("the error body, in each shape", () => {
  it.each(["error", "message", "text"] as const)("%s: the service's text is the error's", async (errorBody) => {
    service.emulator.setBehaviours({ errorBody })
    const error = await failure(() => service.client.readCustomer({ phone: phone(9) }))
    expect(error).toMatchObject({ kind: "rejected", status: 404, serviceError: "Customer not found" })
    expect(error.message).toContain("Customer not found")
  })
})
