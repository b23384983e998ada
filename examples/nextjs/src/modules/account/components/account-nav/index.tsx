"use client"

import type { HttpTypes } from "@medusajs/types"
import Link from "next/link"
import { useParams, usePathname } from "next/navigation"
import { signout } from "@lib/data/customer"

const LINKS = [
  { href: "/account", label: "Overview" },
  // The wallet pass page (docs/storefront.md, "Adding it to the Next.js Starter").
  { href: "/account/wallet-pass", label: "Wallet pass" },
]

export default function AccountNav({ customer }: { customer: HttpTypes.StoreCustomer }) {
  const { countryCode } = useParams<{ countryCode: string }>()
  const path = usePathname()
  return (
    <nav className="account-nav" aria-label="Account" data-testid="account-nav">
      <p className="account-nav__hello">Hello {customer.first_name}</p>
      <ul>
        {LINKS.map(({ href, label }) => {
          const to = `/${countryCode}${href}`
          return (
            <li key={href}>
              <Link href={to} aria-current={path === to ? "page" : undefined}>
                {label}
              </Link>
            </li>
          )
        })}
        <li>
          <button type="button" className="link" onClick={() => signout(countryCode)}>
            Log out
          </button>
        </li>
      </ul>
    </nav>
  )
}
