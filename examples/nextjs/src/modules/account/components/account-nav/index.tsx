"use client"

import type { HttpTypes } from "@medusajs/types"
import Link from "next/link"
import { useParams, usePathname } from "next/navigation"
import { signout } from "@lib/data/customer"

const LINKS = [
  { href: "/account", label: "Overview" },
  { href: "/account/orders", label: "Orders" },
  // The wallet pass page.
  { href: "/account/wallet-pass", label: "Wallet pass" },
]

/** The account's menu: a list for small screens and one for large ones, as the dtc-starter's. */
export default function AccountNav({ customer }: { customer: HttpTypes.StoreCustomer }) {
  const { countryCode } = useParams<{ countryCode: string }>()
  const path = usePathname()
  const logout = () => signout(countryCode)
  return (
    <div data-testid="account-nav">
      <div className="small:hidden">
        <div className="mb-4 text-xl-semi">Hello {customer.first_name}</div>
        <ul className="flex flex-col divide-y divide-gray-200 border-y border-gray-200 text-base-regular">
          {LINKS.map(({ href, label }) => (
            <li key={href}>
              <Link href={`/${countryCode}${href}`} className="flex items-center justify-between px-2 py-4">
                {label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="w-full px-2 py-4 text-left" onClick={logout}>
              Log out
            </button>
          </li>
        </ul>
      </div>
      <div className="hidden small:block">
        <div className="pb-4">
          <h3 className="text-base-semi">Account</h3>
        </div>
        <ul className="mb-0 flex flex-col items-start justify-start gap-y-4 text-base-regular">
          {LINKS.map(({ href, label }) => {
            const to = `/${countryCode}${href}`
            return (
              <li key={href}>
                <Link
                  href={to}
                  className={path === to ? "font-semibold text-ui-fg-base" : "text-ui-fg-subtle hover:text-ui-fg-base"}
                  aria-current={path === to ? "page" : undefined}
                >
                  {label}
                </Link>
              </li>
            )
          })}
          <li className="text-grey-70">
            <button type="button" className="text-ui-fg-subtle hover:text-ui-fg-base" onClick={logout}>
              Log out
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
