import type { WalletPassOptions } from "../options"
import { cartRates } from "../rules/privileges"

// docs/security.md, "What an unproven account gets of a pass": the program's default rate is 5%.
const options = { accrual: { bonusPercent: 5 } } as WalletPassOptions
const account = { has_account: true }
const noAccount = { has_account: false }
/** A holder of customer cus_1 at 7% and 15%, proven by cus_1 or by nobody. */
const holder = (rates_source: "service" | "level", proven: boolean, bonus_percent_bp: number | null = 700) => ({
  customer_id: "cus_1",
  verified_customer_id: proven ? "cus_1" : null,
  bonus_percent_bp,
  discount_percent_bp: 1500,
  rates_source,
})

describe("what a cart or an order of a holder's customer gets (rules/privileges.ts cartRates)", () => {
  it("a customer without an account (anyone who types its e-mail shops as it): a guest's, whatever set the rates, a level's too", () => {
    expect(cartRates(holder("service", false), noAccount, options)).toEqual({ bonus_bp: 500, discount_bp: 0 })
    expect(cartRates(holder("level", false), noAccount, options)).toEqual({ bonus_bp: 500, discount_bp: 0 })
    expect(cartRates(holder("service", true), noAccount, options)).toEqual({ bonus_bp: 500, discount_bp: 0 })
    // Below the default too: a guest's rate is the default, whatever the service set.
    expect(cartRates(holder("service", false, 300), noAccount, options)).toEqual({ bonus_bp: 500, discount_bp: 0 })
    expect(cartRates(holder("service", false), null, options)).toEqual({ bonus_bp: 500, discount_bp: 0 })
  })

  it("an account that proved the phone: the holder's own", () => {
    expect(cartRates(holder("service", true), account, options)).toEqual({ bonus_bp: 700, discount_bp: 1500 })
  })

  it("an account that has not: a guest's, but a level's rates (earned by its own orders) apply", () => {
    expect(cartRates(holder("service", false), account, options)).toEqual({ bonus_bp: 500, discount_bp: 0 })
    // A service rate below the default would tell that the service holds the phone: the default, as for a phone it never knew.
    expect(cartRates(holder("service", false, 300), account, options)).toEqual({ bonus_bp: 500, discount_bp: 0 })
    expect(cartRates(holder("service", false, null), account, options)).toEqual({ bonus_bp: 500, discount_bp: 0 })
    expect(cartRates(holder("level", false), account, options)).toEqual({ bonus_bp: 700, discount_bp: 1500 })
  })
})
