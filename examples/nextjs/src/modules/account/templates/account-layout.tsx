import type { HttpTypes } from "@medusajs/types"
import type { ReactNode } from "react"
import AccountNav from "../components/account-nav"

export default function AccountLayout({
  customer,
  children,
}: {
  customer: HttpTypes.StoreCustomer | null
  children: ReactNode
}) {
  return (
    <div className="flex-1 small:py-12" data-testid="account-page">
      <div className="content-container mx-auto flex h-full max-w-5xl flex-col bg-white">
        <div className="grid grid-cols-1 gap-y-8 py-12 small:grid-cols-[240px_1fr]">
          <div>{customer && <AccountNav customer={customer} />}</div>
          <div className="flex-1">{children}</div>
        </div>
      </div>
    </div>
  )
}
