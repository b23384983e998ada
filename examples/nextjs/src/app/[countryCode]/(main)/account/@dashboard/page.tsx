import { notFound } from "next/navigation"
import { retrieveCustomer } from "@lib/data/customer"
import Overview from "@modules/account/components/overview"

export default async function OverviewPage() {
  const customer = await retrieveCustomer()
  if (!customer) notFound()
  return <Overview customer={customer} />
}
