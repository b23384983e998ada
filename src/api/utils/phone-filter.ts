import type { MedusaContainer } from "@medusajs/framework/types"
import { tryNormalizePhone } from "../../lib/phone"
import { phoneCountry } from "../../utils/phone-country"

/**
 * The digits a list's `?phone=` looks for: a whole number as the store reads phones written
 * without "+" ("8 999 000-55-77" in Russia is +79990005577), else the digits typed ("5577").
 */
export async function phoneFilterDigits(scope: MedusaContainer, text: string | undefined): Promise<string | undefined> {
  if (!text) return undefined
  const normalized = tryNormalizePhone(text, (await phoneCountry(scope)).country)
  return (normalized.ok ? normalized.phone : text).replace(/\D/g, "")
}
