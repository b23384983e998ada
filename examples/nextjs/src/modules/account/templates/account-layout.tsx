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
    <div className={customer ? "account" : "account account--signed-out"} data-testid="account-page">
      {customer && <AccountNav customer={customer} />}
      <div className="account__main">{children}</div>
    </div>
  )
}
