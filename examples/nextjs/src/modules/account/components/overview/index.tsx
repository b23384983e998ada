import type { HttpTypes } from "@medusajs/types"

export default function Overview({ customer }: { customer: HttpTypes.StoreCustomer }) {
  return (
    <div data-testid="overview-page-wrapper">
      <div className="hidden small:block">
        <div className="mb-4 flex items-center justify-between text-xl-semi">
          <h1>Hello {customer.first_name}</h1>
          <span className="text-small-regular text-ui-fg-base">
            Signed in as: <span className="font-semibold">{customer.email}</span>
          </span>
        </div>
      </div>
      <h1 className="mb-4 text-xl-semi small:hidden">Hello {customer.first_name}</h1>
      <dl className="flex flex-col gap-y-2 text-base-regular">
        <div className="flex gap-x-2">
          <dt className="text-ui-fg-subtle">Phone</dt>
          <dd>{customer.phone || "—"}</dd>
        </div>
      </dl>
    </div>
  )
}
