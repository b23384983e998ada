import Link from "next/link"
import { retrieveCart } from "@lib/data/cart"

/** The top bar: the store, the account, the cart with its count. */
export default async function Nav({ countryCode }: { countryCode: string }) {
  const cart = await retrieveCart().catch(() => null)
  const count = cart?.items?.reduce((n, item) => n + item.quantity, 0) ?? 0
  return (
    <div className="sticky inset-x-0 top-0 z-50">
      <header className="relative mx-auto h-16 border-b border-ui-border-base bg-white">
        <nav className="content-container flex h-full items-center justify-between txt-xsmall-plus text-ui-fg-subtle">
          <Link
            href={`/${countryCode}`}
            className="txt-compact-xlarge-plus uppercase text-ui-fg-base hover:text-ui-fg-base"
          >
            Store
          </Link>
          <div className="flex h-full items-center gap-x-6">
            <Link className="hover:text-ui-fg-base" href={`/${countryCode}/account`} data-testid="nav-account-link">
              Account
            </Link>
            <Link className="hover:text-ui-fg-base" href={`/${countryCode}/cart`} data-testid="nav-cart-link">
              Cart ({count})
            </Link>
          </div>
        </nav>
      </header>
    </div>
  )
}
