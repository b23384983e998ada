import { z } from "@medusajs/framework/zod"
import { SWEEP_OUTCOMES } from "../../../../modules/wallet-pass"

const SINCE_ERROR = "since must be a date (yyyy-mm-dd) or an ISO 8601 date-time from the year 2000 on"

/** `GET /admin/wallet-pass/order-sweep?outcome=&limit=&offset=`: the sweep's state and what its runs recorded, newest first. */
export const AdminWalletPassOrderSweepQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).default(0),
    outcome: z.enum(SWEEP_OUTCOMES, { error: `outcome must be one of ${SWEEP_OUTCOMES.join(", ")}` }).optional(),
  })
  .strict()
export type AdminWalletPassOrderSweepQueryType = z.infer<typeof AdminWalletPassOrderSweepQuery>

/**
 * `POST /admin/wallet-pass/order-sweep`: one run now; with `since`, over the orders placed from
 * then on, before the plugin's installation too (the merchant's request to credit them).
 */
export const AdminWalletPassOrderSweepRun = z
  .object({
    since: z
      .union([z.iso.date({ error: SINCE_ERROR }), z.iso.datetime({ offset: true, error: SINCE_ERROR })], {
        error: SINCE_ERROR,
      })
      .transform((v) => new Date(/T/.test(v) ? v : `${v}T00:00:00Z`))
      .refine((d) => d.getUTCFullYear() >= 2000, { error: SINCE_ERROR })
      .optional(),
  })
  .strict()
export type AdminWalletPassOrderSweepRunType = z.infer<typeof AdminWalletPassOrderSweepRun>
