import { z } from "@medusajs/framework/zod"

/** The most variants one request may ask about (a product page's variants, a list's products). */
export const MAX_EARN_VARIANTS = 50

/**
 * `GET /store/wallet-pass/earn?variant_id=…&variant_id=…&region_id=…`: 1 to 50 variant ids
 * (repeated, or one), the region whose prices and currency the answer uses.
 */
export const StoreWalletPassEarnQuery = z
  .object({
    variant_id: z
      .union([z.string(), z.array(z.string())], { error: "variant_id is required" })
      .transform((ids) => [...new Set(Array.isArray(ids) ? ids : [ids])])
      .pipe(
        z
          .array(z.string().min(1, { error: "variant_id must not be empty" }).max(100))
          .min(1, { error: "variant_id is required" })
          .max(MAX_EARN_VARIANTS, { error: `At most ${MAX_EARN_VARIANTS} variant_id values` })
      ),
    region_id: z.string({ error: "region_id is required" }).min(1, { error: "region_id is required" }).max(100),
  })
  .strict()
export type StoreWalletPassEarnQueryType = z.infer<typeof StoreWalletPassEarnQuery>
