import { CHECK_MESSAGE_CODES, checkText, isCheckMessage, said } from "../check-messages"

describe("what the connection check says (src/lib/check-messages.ts)", () => {
  it("keeps a code and its values, and writes them in English", () => {
    const found = said("key_ok", { account: "My shop", balance: 1000 })
    expect(found).toEqual({ code: "key_ok", values: { account: "My shop", balance: 1000 } })
    expect(checkText(found)).toBe('the key opens the account "My shop" (its balance at the service: 1000)')
  })

  it("writes a part that is a message of its own inside the sentence", () => {
    const facts = said("hooks_facts", {
      url: said("hooks_url_not_https", { url: "http://shop.test/hooks/wallet-pass" }),
      auth: said("hooks_auth_basic"),
      address: said("hooks_address_any"),
      last: said("hooks_last", {
        method: "createCustomer",
        at: "2026-11-26T10:00:00.000Z",
        outcome: "ok",
        status: 200,
      }),
    })
    expect(checkText(facts)).toBe(
      "URL http://shop.test/hooks/wallet-pass is not HTTPS; auth HTTP Basic (login and password); " +
        "allowlisted address none (any address); last hook createCustomer at 2026-11-26T10:00:00.000Z: ok (200)"
    )
    expect(
      checkText(said("hooks_refused", { facts: said("hooks_builtin"), status: 401, reason: "bad password" }))
    ).toBe("no hooks option: built-in mode; the latest hook was refused (401): bad password")
  })

  it("tells a message from a word, and knows only its own codes", () => {
    expect(isCheckMessage(said("plan_todo"))).toBe(true)
    expect(isCheckMessage({ code: "not_a_code", values: {} })).toBe(false)
    expect(isCheckMessage("key_ok")).toBe(false)
    expect(CHECK_MESSAGE_CODES).toContain("clock_todo")
    expect(new Set(CHECK_MESSAGE_CODES).size).toBe(CHECK_MESSAGE_CODES.length)
  })
})
