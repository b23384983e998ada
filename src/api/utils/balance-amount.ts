import { z } from "@medusajs/framework/zod"
import { amountProblem, describeAmountProblem, toMinorUnits } from "../../lib/amounts"

/**
 * An amount in the balance unit as a route takes it: a JSON number with at most two
 * decimals and at most 20,000,000 in size, each mistake named for what it is. Text is
 * refused, "10,50" or "10.50" alike: a decimal comma must never lose its meaning on the way.
 * `sign`: "nonzero" (a credit or a debit) or "nonnegative" (0 removes).
 */
export function balanceAmount(field: string, sign: "nonzero" | "nonnegative") {
  return z.unknown().transform((value, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message })
      return z.NEVER
    }
    if (typeof value === "string") {
      return fail(
        `${field} must be a JSON number in the balance unit with "." before the decimals (e.g. 10.5), not the text ${JSON.stringify(value.slice(0, 40))}`
      )
    }
    if (typeof value !== "number") return fail(`${field} must be a number in the balance unit`)
    const minor = toMinorUnits(value)
    if (minor === null) return fail(describeAmountProblem(field, amountProblem(value) ?? "not_a_number"))
    if (sign === "nonzero" && minor === 0) return fail(`${field} must not be zero`)
    if (sign === "nonnegative" && minor < 0) return fail(`${field} must not be negative`)
    return value
  })
}
