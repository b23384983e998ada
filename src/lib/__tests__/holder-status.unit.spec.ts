import { type HolderEnrollment, type HolderStatusInput, holderStatus } from "../holder-status"

// Issue 41, "One status per screen" (docs/admin.md, "One status"): one state for each combination
// of enrolment, link and proof, each with a way out for the one who can take it.

const ENROLMENTS: (HolderEnrollment | null)[] = [null, "pending", "enrolled", "failed", "not_enrolled_no_phone"]
const PHONES: HolderStatusInput["phone"][] = ["none", "readable", "problem"]
const LINKS: HolderStatusInput["link"][] = ["own", "other", "none"]

/** Every combination a store can hold: a holder with its own phone is the phone's pass ("own"). */
function* combinations(): Generator<HolderStatusInput> {
  for (const enrolment of ENROLMENTS)
    for (const hasPhone of enrolment ? [true, false] : [false])
      for (const phone of PHONES)
        for (const link of LINKS)
          for (const proven of [false, true]) {
            // Only a readable phone has a pass; "own" only when the holder keeps that phone.
            if (phone !== "readable" && link !== "none") continue
            if (link === "own" && !hasPhone) continue
            // A holder without a phone never reached the service; one recorded without a phone is not pending.
            if (!hasPhone && (enrolment === "pending" || enrolment === "enrolled")) continue
            if (hasPhone && enrolment === "not_enrolled_no_phone") continue
            // Proving the phone moves its pass to the account: the account then holds it.
            if (proven && link === "other") continue
            yield {
              holder: enrolment ? { enrollment_state: enrolment, has_phone: hasPhone } : null,
              phone,
              link,
              proven,
            }
          }
}

const row = (
  enrolment: HolderEnrollment | null,
  hasPhone: boolean,
  phone: HolderStatusInput["phone"],
  link: HolderStatusInput["link"],
  proven = false
): HolderStatusInput => ({
  holder: enrolment ? { enrollment_state: enrolment, has_phone: hasPhone } : null,
  phone,
  link,
  proven,
})

describe("a customer's pass has one status", () => {
  it.each([
    // [what, input, state, merchant's steps, shopper's steps]
    ["enrolled and proven: nothing missing", row("enrolled", true, "readable", "own", true), "enrolled", [], []],
    [
      "enrolled, not proven: the shopper proves the phone",
      row("enrolled", true, "readable", "own"),
      "unproven",
      [],
      ["verify"],
    ],
    ["the enrolment on its way: time", row("pending", true, "readable", "own"), "enrolling", [], []],
    ["refused by the service: enrol again", row("failed", true, "readable", "own"), "refused", ["enroll"], []],
    // Greta: her holder was recorded without the phone, which Klaus's pass has.
    [
      "Greta: the phone's pass is another customer's",
      row("failed", false, "readable", "other"),
      "elsewhere",
      ["move"],
      ["verify"],
    ],
    [
      "a pass installed in a shop has the phone",
      row(null, false, "readable", "other"),
      "elsewhere",
      ["move"],
      ["verify"],
    ],
    ["no phone at all", row("not_enrolled_no_phone", false, "none", "none"), "no_phone", ["edit_phone"], ["add_phone"]],
    ["no holder, no phone", row(null, false, "none", "none"), "no_phone", ["edit_phone"], ["add_phone"]],
    [
      "a phone that cannot be read",
      row("not_enrolled_no_phone", false, "problem", "none"),
      "phone_problem",
      ["edit_phone"],
      ["fix_phone"],
    ],
    [
      "a refused enrolment whose phone cannot be read now",
      row("failed", true, "problem", "none"),
      "phone_problem",
      ["edit_phone"],
      ["fix_phone"],
    ],
    [
      "a phone added since the holder was recorded",
      row("not_enrolled_no_phone", false, "readable", "none"),
      "not_enrolled",
      ["enroll"],
      [],
    ],
    ["a customer never enrolled", row(null, false, "readable", "none"), "no_pass", ["enroll"], []],
  ])("%s", (_what, input, state, merchant, shopper) => {
    expect(holderStatus(input)).toMatchObject({ state, merchant, shopper })
  })

  describe("over every combination of enrolment, link and proof", () => {
    const all = [...combinations()]
    it("covers the combinations a store can hold", () => {
      expect(all.length).toBeGreaterThan(30)
    })
    it.each(all.map((input) => [JSON.stringify(input), input] as const))("%s", (_name, input) => {
      const s = holderStatus(input)
      // A way out for every state but a pass that works and is proven.
      if (s.state === "enrolled") expect(s.next).toBeNull()
      else if (s.state === "enrolling") expect(s.next).toBe(s.merchant.length ? "merchant" : "time")
      else expect(s.merchant.length + s.shopper.length).toBeGreaterThan(0)
      // Greta's contradiction: a customer whose phone reads is never told they have none.
      if (input.phone === "readable") expect(s.state).not.toBe("no_phone")
      // Enrolling is never offered for a phone another customer's pass has, nor without a phone that reads.
      if (s.merchant.includes("enroll")) {
        expect(input.phone).toBe("readable")
        expect(input.link).not.toBe("other")
      }
      // Without a pass of its own that works, the phone's pass elsewhere is what the screen talks about.
      const working = input.holder?.has_phone && ["enrolled", "pending"].includes(input.holder.enrollment_state)
      if (input.link === "other" && !working) expect(s).toMatchObject({ state: "elsewhere", merchant: ["move"] })
      // Moving is offered exactly when another customer's pass has the phone.
      expect(s.merchant.includes("move")).toBe(input.link === "other")
      // Proving the phone is asked only of an account whose phone reads and is not proven.
      if (s.shopper.includes("verify")) expect(input).toMatchObject({ phone: "readable", proven: false })
    })
  })
})
