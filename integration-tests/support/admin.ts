import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * Headers for /admin routes: a real secret API key, created through Medusa's API key
 * module (the same credential a merchant's script would use).
 */
export async function createAdminHeaders(container: MedusaContainer): Promise<{ headers: Record<string, string> }> {
  const apiKeys = container.resolve(Modules.API_KEY)
  const key = await apiKeys.createApiKeys({ title: "tests", type: "secret", created_by: "tests" })
  const basic = Buffer.from(`${key.token}:`).toString("base64")
  return { headers: { authorization: `Basic ${basic}` } }
}
