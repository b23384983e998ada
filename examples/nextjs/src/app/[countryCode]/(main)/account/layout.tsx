import type { ReactNode } from "react"
import { retrieveCustomer } from "@lib/data/customer"
import AccountLayout from "@modules/account/templates/account-layout"

export default async function AccountPageLayout({ dashboard, login }: { dashboard?: ReactNode; login?: ReactNode }) {
  const customer = await retrieveCustomer()
  return <AccountLayout customer={customer}>{customer ? dashboard : login}</AccountLayout>
}
