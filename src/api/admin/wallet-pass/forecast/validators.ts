import { z } from "@medusajs/framework/zod"

/** GET /admin/wallet-pass/forecast takes no parameter: an unknown one is refused. */
export const AdminWalletPassForecastQuery = z.object({}).strict()
