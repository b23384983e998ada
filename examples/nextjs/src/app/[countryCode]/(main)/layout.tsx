import type { ReactNode } from "react"
import Nav from "@modules/layout/templates/nav"

// Every page reads the shopper's cookies: nothing is rendered at build time.
export const dynamic = "force-dynamic"

export default async function PageLayout({
  children,
  params,
}: {
  children: ReactNode
  params: Promise<{ countryCode: string }>
}) {
  const { countryCode } = await params
  return (
    <>
      <Nav countryCode={countryCode} />
      {children}
      <footer className="border-t border-ui-border-base">
        <div className="content-container py-8 txt-compact-small text-ui-fg-muted">
          An example storefront of medusa-plugin-wallet-pass in the shape of Medusa&apos;s dtc-starter.
        </div>
      </footer>
    </>
  )
}
