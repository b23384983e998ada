import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { retrieveCustomer } from "@lib/data/customer"
import WalletPassPage from "@modules/wallet-pass/components/wallet-pass-page"

export const metadata: Metadata = {
  title: "Wallet pass",
  description: "Your loyalty card: balance, level, Add to Apple Wallet or Google Wallet.",
}

export default async function WalletPass() {
  const customer = await retrieveCustomer()
  if (!customer) notFound()
  return <WalletPassPage customer={customer} />
}
