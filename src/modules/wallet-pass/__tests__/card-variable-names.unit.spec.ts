import { cardSettingsSchema } from "../rules/card-texts"
import { parseWalletPassOptions } from "../options"

// pass.variables (docs/program.md, "On the card"): the service's request fields are refused as
// variable names in any letter case, and names JavaScript objects keep for themselves are refused
// with a message, never dropped (issue 38, item 6).
const valid = { apiUrl: "https://service.example", appKey: "secret-app-key" }

function bootError(variables: string): string {
  try {
    // Parsed from JSON, as a config file or an admin's body would bring "__proto__": an own key.
    parseWalletPassOptions({ ...valid, pass: { variables: JSON.parse(variables) } })
  } catch (e) {
    return (e as Error).message
  }
  throw new Error("expected the options to be refused")
}

describe("reserved card variable names", () => {
  it.each(["SMS", "Phone", "APP_KEY", "Balance", "customerid", "Template_UUID", "LINK"])(
    "refuses %s at boot, a service field in another case",
    (name) => {
      expect(bootError(JSON.stringify({ [name]: "level" }))).toContain(
        `pass.variables.${name}: variable name "${name}" is a field of the service's request`
      )
    }
  )

  it.each(["__proto__", "constructor", "prototype"])("refuses %s at boot, naming it", (name) => {
    expect(bootError(`{"tier": "level", "${name}": "level"}`)).toContain(
      `pass.variables.${name}: variable name "${name}" is reserved`
    )
  })

  it("refuses them where the admin's program is read too, and keeps ordinary names in any case", () => {
    const result = cardSettingsSchema.safeParse(JSON.parse('{"variables": {"__proto__": "promo", "Sms": "level"}}'))
    expect(result.success).toBe(false)
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`)
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('variables.__proto__: variable name "__proto__" is reserved'),
        expect.stringContaining('variables.Sms: variable name "Sms" is a field of the service\'s request'),
      ])
    )
    const parsed = cardSettingsSchema.parse({ variables: { Tier: "level", smsText: "promo", phone_hint: "firstName" } })
    expect(parsed.variables).toEqual({ Tier: "level", smsText: "promo", phone_hint: "firstName" })
  })
})
