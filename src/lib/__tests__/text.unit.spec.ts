import { AdminWalletPassEvent } from "../../api/admin/wallet-pass/validators"
import { eventValue } from "../../modules/wallet-pass"
import { eventSendInputSchema } from "../wallet-pass-client/schemas"
import { codePointLength, cutToCodePoints, EVENT_VALUE_MAX_LENGTH } from "../text"

// 100 emoji: 100 characters for the service, 200 UTF-16 units for String#length.
const hundredEmoji = "🎁".repeat(EVENT_VALUE_MAX_LENGTH)

describe("event value length: one rule in code points (src/lib/text.ts)", () => {
  it("counts code points", () => {
    expect(codePointLength(hundredEmoji)).toBe(100)
    expect(cutToCodePoints("a🎁b", 2)).toBe("a…")
  })

  it("the client, the admin validator and the store-event cut agree on 100 emoji", () => {
    expect(eventSendInputSchema.safeParse({ event: "e", phone: "+79990000000", value: hundredEmoji }).success).toBe(
      true
    )
    expect(AdminWalletPassEvent.safeParse({ event: "e", value: hundredEmoji }).success).toBe(true)
    expect(eventValue(hundredEmoji)).toBe(hundredEmoji)
  })

  it("a cut never splits a surrogate pair and keeps the limit", () => {
    const cut = eventValue("x" + hundredEmoji)
    expect(codePointLength(cut)).toBe(EVENT_VALUE_MAX_LENGTH)
    expect(cut.endsWith("🎁…")).toBe(true)
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
    expect(AdminWalletPassEvent.safeParse({ event: "e", value: "x" + hundredEmoji }).success).toBe(false)
  })
})
