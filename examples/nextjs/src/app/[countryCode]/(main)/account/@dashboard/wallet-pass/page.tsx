import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { retrieveCustomer } from "@lib/data/customer"
import WalletPass from "@modules/account/components/wallet-pass"

export const metadata: Metadata = {
  title: "Wallet pass",
  description: "Your loyalty card: balance, level, Add to Apple Wallet or Google Wallet.",
}

export default async function WalletPassPage() {
  const customer = await retrieveCustomer()
  if (!customer) notFound()
  return <WalletPass customer={customer} />
}
