import type { WalletPassOptions } from "../options"
import { effectiveBonusBasisPoints } from "../rules/bonus-rate"
import { syncWindows } from "../rules/sync-windows"
import { textLimits, waitText } from "../rules/text-limits"
import { spendableBalance, verificationCode, verificationCodeHash } from "../rules/verification"

describe("the module's rules (rules/)", () => {
  it("syncWindows: registration-date windows of `days` days, the last one ending at `until`", () => {
    expect(syncWindows("2026-01-01", 10, new Date("2026-01-25T12:30:05Z"))).toEqual([
      { start: "01.01.2026", end: "10.01.2026" },
      { start: "11.01.2026", end: "20.01.2026" },
      { start: "21.01.2026", end: "25.01.2026 12:30:05" },
    ])
    expect(syncWindows("2026-01-01", 10, new Date("2026-01-01T00:00:00Z"))).toEqual([
      { start: "01.01.2026", end: "01.01.2026 00:00:00" },
    ])
  })

  it("spendableBalance: the whole balance once verified; before, what the account's own orders gave, within 0 and the balance", () => {
    expect(spendableBalance({ balance: 5000, own: 1200, verified: true })).toBe(5000)
    expect(spendableBalance({ balance: 5000, own: 1200, verified: false })).toBe(1200)
    expect(spendableBalance({ balance: 800, own: 1200, verified: false })).toBe(800)
    expect(spendableBalance({ balance: 5000, own: -300, verified: false })).toBe(0)
  })

  it("verificationCode: six digits from the id and the secret, stored nowhere; its hash bound to the verification", () => {
    const code = verificationCode("secret", "wpver_1")
    expect(code).toMatch(/^\d{6}$/)
    expect(verificationCode("secret", "wpver_1")).toBe(code)
    expect(verificationCode("other", "wpver_1")).not.toBe(code)
    expect(verificationCodeHash("wpver_1", ` ${code} `)).toBe(verificationCodeHash("wpver_1", code))
    expect(verificationCodeHash("wpver_2", code)).not.toBe(verificationCodeHash("wpver_1", code))
  })

  it("text limits: the windows a text counts against, an address's only when known; waits in words", () => {
    const texts = {
      perPhone: { perHour: 3, perDay: 5 },
      perAccount: { perMinute: 1, perDay: 5 },
      perAddress: { perHour: 10, perDay: 20 },
      storePerHour: 100,
      stakeShare: 0.5,
      networkShare: 0.25,
      rangeShare: 0.25,
      freshShare: 0.25,
    } as WalletPassOptions["texts"]
    const names = (address: string | null) =>
      textLimits(texts, {
        phone: "+79990000001",
        phone_range: null,
        customer_id: "cus_1",
        sender_class: "new",
        address,
        network: null,
      }).map((l) => [l.name, l.max])
    expect(names(null)).toEqual([
      ["account_minute", 1],
      ["account_day", 5],
      ["phone_hour", 3],
      ["phone_day", 5],
      ["shared_hour", 37],
      ["store_hour", 50],
    ])
    expect(names("10.0.0.1").slice(-4)).toEqual([
      ["address_hour", 10],
      ["address_day", 20],
      ["shared_hour", 37],
      ["store_hour", 50],
    ])
    expect([waitText(30), waitText(600), waitText(3600), waitText(7200)]).toEqual([
      "a minute",
      "10 minutes",
      "60 minutes",
      "2 hours",
    ])
  })

  it("effectiveBonusBasisPoints: the holder's own rate, else the program's", () => {
    const options = { accrual: { bonusPercent: 5 } } as WalletPassOptions
    expect(effectiveBonusBasisPoints({ bonus_percent_bp: 250 }, options)).toBe(250)
    expect(effectiveBonusBasisPoints({ bonus_percent_bp: 0 }, options)).toBe(0)
    expect(effectiveBonusBasisPoints({ bonus_percent_bp: null }, options)).toBe(500)
  })
})
