import type { HttpTypes } from "@medusajs/types"

export default function Overview({ customer }: { customer: HttpTypes.StoreCustomer }) {
  return (
    <section data-testid="overview-page">
      <h1>Hello {customer.first_name}</h1>
      <dl className="facts">
        <div>
          <dt>Email</dt>
          <dd>{customer.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{customer.phone || "—"}</dd>
        </div>
      </dl>
    </section>
  )
}
