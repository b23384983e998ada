import { z } from "@medusajs/framework/zod"
import { isTimeZone } from "../../../../lib/time-zone"
import { OVERVIEW_DAYS, type OverviewDays } from "../../../../modules/wallet-pass"

const TIMEZONE_ERROR = 'timezone must be an IANA time zone such as "Europe/Moscow" or "UTC"'

/**
 * `GET /admin/wallet-pass/overview?days=30|90&timezone=<IANA name>`: the window of the flows,
 * and the zone its days and hours are counted in (the admin sends the browser's; default UTC).
 */
export const AdminWalletPassOverviewQuery = z
  .object({
    days: z
      .enum(OVERVIEW_DAYS.map(String) as [string, ...string[]], { error: `days must be ${OVERVIEW_DAYS.join(" or ")}` })
      .default(String(OVERVIEW_DAYS[0]))
      .transform((v) => Number(v) as OverviewDays),
    timezone: z
      .string({ error: TIMEZONE_ERROR })
      .max(64, { error: TIMEZONE_ERROR })
      .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { error: TIMEZONE_ERROR })
      .refine(isTimeZone, { error: TIMEZONE_ERROR })
      .default("UTC"),
  })
  .strict()
export type AdminWalletPassOverviewQueryType = z.infer<typeof AdminWalletPassOverviewQuery>
