import { type CountryCode, readMobilePhone } from "../phone"

// Issue 41, "a phone is a state, not a guess" (docs/phones.md): phone inputs × the countries a
// phone is read in (the customer's own, then the store's), and what each becomes. The expected
// numbers and kinds are libphonenumber's metadata (its `max` types: MOBILE, FIXED_LINE,
// PREMIUM_RATE, TOLL_FREE; FIXED_LINE_OR_MOBILE counts as a mobile where a country cannot tell
// them apart, as in the US) and the rules: one mobile number is enrolled; a landline or
// other non-mobile is `not_mobile`; a national form that is a mobile of another country read as
// well is `ambiguous_country`; a number of the right length in no range is `invalid`; letters
// and wrong lengths keep libphonenumber's length reasons.

type Outcome =
  | string // enrolled as this E.164 number
  | { reason: string; country: CountryCode | null; candidates?: [CountryCode, string, boolean][] }

const table: [input: string, countries: CountryCode[], outcome: Outcome][] = [
  // The German store of the issue (the dev store: one region, Germany).
  ["0151 23456789", ["DE"], "+4915123456789"],
  ["+49 151 23456789", ["DE"], "+4915123456789"],
  ["0049 151 23456789", ["DE"], "+4915123456789"],
  ["015123456789", ["DE"], "+4915123456789"],
  ["4915123456789", ["DE"], "+4915123456789"], // its code typed without + (issue 38)
  ["0170 1234567", ["DE"], "+491701234567"],
  ["+7 912 345 67 89", ["DE"], "+79123456789"], // a Russian mobile with its code reads anywhere
  // The Russian way of writing a mobile, read in Germany: +49 89 123456789, a Munich landline.
  ["8 912 345-67-89", ["DE"], { reason: "not_mobile", country: "DE" }],
  ["030 123456", ["DE"], { reason: "not_mobile", country: "DE" }], // Berlin landline
  ["0900 1234567", ["DE"], { reason: "not_mobile", country: "DE" }], // premium rate
  ["12345", ["DE"], { reason: "invalid", country: "DE" }], // +49 12345: possible length, no range
  ["0151 2345", ["DE"], { reason: "invalid", country: "DE" }],
  ["+4912345", ["DE"], { reason: "invalid", country: null }],
  ["abc", ["DE"], { reason: "not_a_number", country: "DE" }],
  ["   ", ["DE"], { reason: "empty", country: null }],

  // A store serving Germany and Russia (Germany its default region).
  [
    "8 912 345-67-89",
    ["DE", "RU"],
    {
      reason: "ambiguous_country",
      country: "DE",
      candidates: [
        ["DE", "+4989123456789", false],
        ["RU", "+79123456789", true],
      ],
    },
  ],
  [
    "9123456789",
    ["DE", "RU"],
    {
      reason: "ambiguous_country",
      country: "DE",
      candidates: [
        ["DE", "+499123456789", false],
        ["RU", "+79123456789", true],
      ],
    },
  ],
  ["0151 23456789", ["DE", "RU"], "+4915123456789"], // too long for Russia
  ["+7 912 345-67-89", ["DE", "RU"], "+79123456789"],
  ["12345", ["DE", "RU"], { reason: "invalid", country: "DE" }],
  // A customer with a Russian address in that store: their country is read first, and the
  // German reading is no mobile.
  ["8 912 345-67-89", ["RU", "DE"], "+79123456789"],

  // A Russian store: the trunk prefix 8, the country code 7 without +, or neither.
  ["8 912 345-67-89", ["RU"], "+79123456789"],
  ["89123456789", ["RU"], "+79123456789"],
  ["79123456789", ["RU"], "+79123456789"],
  ["9123456789", ["RU"], "+79123456789"],
  ["8 495 123-45-67", ["RU"], { reason: "not_mobile", country: "RU" }], // Moscow landline
  ["8 800 555-35-35", ["RU"], { reason: "not_mobile", country: "RU" }], // toll-free
  ["12345", ["RU"], { reason: "too_short", country: "RU" }],
  ["0151 23456789", ["RU"], { reason: "invalid_length", country: "RU" }],
  ["abc", ["RU"], { reason: "not_a_number", country: "RU" }],

  // A US store: numbers that do not tell a landline from a mobile are mobiles.
  ["(201) 555-0123", ["US"], "+12015550123"],
  ["1 201 555 0123", ["US"], "+12015550123"],
  ["+1 201 555 0123", ["US"], "+12015550123"],
  ["800 253 0000", ["US"], { reason: "not_mobile", country: "US" }], // toll-free
  ["555-0123", ["US"], { reason: "too_short", country: "US" }],
  ["12345", ["US"], { reason: "too_short", country: "US" }],
  ["06 12 34 56 78", ["US"], { reason: "invalid", country: "US" }],

  // A French store: the trunk prefix 0.
  ["06 12 34 56 78", ["FR"], "+33612345678"],
  ["+33 6 12 34 56 78", ["FR"], "+33612345678"],
  ["01 23 45 67 89", ["FR"], { reason: "not_mobile", country: "FR" }], // Paris landline
  ["0612", ["FR"], { reason: "too_short", country: "FR" }],
  ["0151 23456789", ["FR"], { reason: "too_long", country: "FR" }],
  // Germany and France: a French mobile written nationally is a German landline too.
  [
    "06 12 34 56 78",
    ["DE", "FR"],
    {
      reason: "ambiguous_country",
      country: "DE",
      candidates: [
        ["DE", "+49612345678", false],
        ["FR", "+33612345678", true],
      ],
    },
  ],
  ["06 12 34 56 78", ["FR", "DE"], "+33612345678"], // a French customer: France read first
  ["0151 23456789", ["FR", "DE"], "+4915123456789"], // not French at all (too long there)
]

describe("a phone is a state, not a guess: inputs × countries", () => {
  it.each(table)("%j read in %j", (input, countries, outcome) => {
    const read = readMobilePhone(input, countries)
    if (typeof outcome === "string") {
      expect(read).toMatchObject({ ok: true, phone: outcome })
      return
    }
    const candidates = outcome.candidates?.map(([country, phone, mobile]) => ({ country, phone, mobile }))
    expect(read).toEqual({
      ok: false,
      reason: outcome.reason,
      country: outcome.country,
      ...(candidates ? { candidates } : {}),
    })
  })

  it("the country an enrolled national number was read in, null for one with its code", () => {
    expect(readMobilePhone("0151 23456789", ["RU", "DE"])).toEqual({ ok: true, phone: "+4915123456789", country: "DE" })
    expect(readMobilePhone("+49 151 23456789", ["RU"])).toEqual({ ok: true, phone: "+4915123456789", country: null })
  })
})
