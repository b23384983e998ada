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

/**
 * Admin headers for a spec's suite, made again before each test (each test starts on a
 * restored database, without the key of the one before). Pass the object as axios' config.
 */
export function adminHeadersEachTest(getContainer: () => MedusaContainer): { headers: Record<string, string> } {
  const admin = { headers: {} as Record<string, string> }
  beforeEach(async () => {
    admin.headers = (await createAdminHeaders(getContainer())).headers
  })
  return admin
}
