import Link from "next/link"
import type { ReactNode } from "react"

export const dynamic = "force-dynamic"

export default async function CheckoutLayout({
  children,
  params,
}: {
  children: ReactNode
  params: Promise<{ countryCode: string }>
}) {
  const { countryCode } = await params
  return (
    <div className="relative w-full bg-white small:min-h-screen">
      <div className="h-16 border-b bg-white">
        <nav className="content-container flex h-full items-center justify-between">
          <Link
            href={`/${countryCode}/cart`}
            className="txt-small-plus flex-1 text-ui-fg-subtle hover:text-ui-fg-base"
            data-testid="back-to-cart-link"
          >
            ← Back to cart
          </Link>
          <Link
            href={`/${countryCode}`}
            className="txt-compact-xlarge-plus uppercase text-ui-fg-subtle hover:text-ui-fg-base"
          >
            Store
          </Link>
          <div className="flex-1" />
        </nav>
      </div>
      <div className="relative">{children}</div>
    </div>
  )
}
