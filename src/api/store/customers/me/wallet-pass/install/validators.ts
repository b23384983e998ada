import { z } from "@medusajs/framework/zod"
import { INSTALL_PLATFORMS } from "../../../../../utils/install-links"

/** `?platform=ios|android|form` chooses the link instead of the device's user agent. */
export const StoreWalletPassInstallQuery = z
  .object({
    platform: z
      .enum(INSTALL_PLATFORMS, { error: `platform must be one of ${INSTALL_PLATFORMS.join(", ")}` })
      .optional(),
  })
  .strict()
export type StoreWalletPassInstallQueryType = z.infer<typeof StoreWalletPassInstallQuery>
