import type { Metadata } from "next"
import type { ReactNode } from "react"
import "../styles/globals.css"

export const metadata: Metadata = {
  title: "Store",
  description: "An example storefront in the dtc-starter's shape with the wallet pass.",
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-mode="light">
      <body>
        <main className="relative">{children}</main>
      </body>
    </html>
  )
}
