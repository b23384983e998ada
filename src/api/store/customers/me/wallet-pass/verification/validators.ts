import { z } from "@medusajs/framework/zod"

/** Body of `POST /store/customers/me/wallet-pass/verification/confirm`: the six digits the phone received. */
export const StoreConfirmWalletPassVerification = z
  .object({
    code: z
      .string({ error: "code must be the six digits of the text" })
      .trim()
      .regex(/^\d{6}$/, { error: "code must be the six digits of the text" }),
  })
  .strict()

export type StoreConfirmWalletPassVerificationType = z.infer<typeof StoreConfirmWalletPassVerification>
