import { z } from "@medusajs/framework/zod"
import { isEmail } from "../../lib/email"

/**
 * The `setEnrollmentProfile` hook of enrollCustomerWorkflow (docs/loyalty.md, "Extending:
 * workflow hooks"): the profile a new holder is recorded with and enrolled with
 * (user_create_or_update's `name`, `surname`, `email`: docs/service-api.md). The phone, the
 * customer id and everything else of the request are the plugin's.
 */
export const ENROLLMENT_PROFILE_HOOK = "setEnrollmentProfile"
/** The same for syncHolderProfileWorkflow: the profile a holder gets when its customer changes. */
export const HOLDER_PROFILE_HOOK = "setHolderProfile"

/** The profile fields (a handler sets strings: a field it leaves out stays the plugin's). */
export type EnrollmentProfile = { name?: string | null; surname?: string | null; email?: string | null }

export type EnrollmentProfileHookInput = {
  customer: {
    id: string
    email: string | null
    first_name: string | null
    last_name: string | null
    has_account: boolean
    metadata: Record<string, unknown> | null
  }
  /** What enrols the customer: signup, admin, backfill, … */
  source: string
  /** The profile the plugin would send: the customer's first and last name and e-mail. */
  profile: EnrollmentProfile
}

/** A handler's answer: `{ profile }` with the fields to change; no answer keeps the plugin's. */
export type EnrollmentProfileHookResult = { profile: EnrollmentProfile } | undefined

const text = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters")
const resultSchema = z
  .object({
    profile: z
      .object({
        name: text.optional(),
        surname: text.optional(),
        email: z
          .string()
          .refine((e) => isEmail(e), "must be an e-mail address the service accepts")
          .optional(),
      })
      .strict(),
  })
  .strict()

/** Medusa's resultValidator: only the allowed fields, refused with an error naming the hook. */
export const enrollmentProfileResult = (hook: string = ENROLLMENT_PROFILE_HOOK) => ({
  parse(data: unknown): EnrollmentProfileHookResult {
    if (data === undefined) return undefined
    const parsed = resultSchema.safeParse(data)
    if (!parsed.success) {
      const why = parsed.error.issues
        .map((i) =>
          i.code === "unrecognized_keys"
            ? `${[...i.path, ...i.keys].join(".")} cannot be set (the plugin's, or not a profile field)`
            : `${i.path.join(".") || "answer"} ${i.message}`
        )
        .join("; ")
      throw new Error(`${hook} hook: invalid answer (${why}); allowed: profile.name, surname, email`)
    }
    return parsed.data
  },
})

/** The profile to enrol with: the plugin's, with the handler's fields over it. */
export function chosenProfile(plugin: EnrollmentProfile, answer: EnrollmentProfileHookResult): EnrollmentProfile {
  return answer ? { ...plugin, ...answer.profile } : plugin
}
