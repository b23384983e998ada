import Link from "next/link"
import type { ReactNode } from "react"
import { retrieveCart } from "@lib/data/cart"

// Every page reads the shopper's cookies: nothing is rendered at build time.
export const dynamic = "force-dynamic"

export default async function MainLayout({
  children,
  params,
}: {
  children: ReactNode
  params: Promise<{ countryCode: string }>
}) {
  const { countryCode } = await params
  const cart = await retrieveCart()
  const count = cart?.items?.reduce((n, item) => n + item.quantity, 0) ?? 0
  return (
    <>
      <header className="nav">
        <div className="nav__inner">
          <Link className="brand" href={`/${countryCode}`}>
            Linden <span>Store</span>
          </Link>
          <nav className="nav__links">
            <Link href={`/${countryCode}`}>Store</Link>
            <Link href={`/${countryCode}/account`}>Account</Link>
            <Link href={`/${countryCode}/cart`} data-testid="nav-cart-link">
              Cart ({count})
            </Link>
          </nav>
        </div>
      </header>
      <main className="content">{children}</main>
      <footer className="footer">
        An example Next.js storefront of <strong>medusa-plugin-wallet-pass</strong> in the shape of Medusa&apos;s
        Next.js Starter, with the plugin&apos;s React pieces.
      </footer>
    </>
  )
}
