"use client"

import { useRouter } from "next/navigation"
import { useEffect, useRef } from "react"
import { refreshCart } from "@lib/data/wallet-pass"

/**
 * Rendered when the store's cart (read fresh) and the page's cached one differ (the service
 * changed the card's discount): drops the cached cart and renders the page again, once for
 * each total the store answers.
 */
export default function RefreshStaleCart({ storeTotal }: { storeTotal: number }) {
  const router = useRouter()
  const done = useRef<number | null>(null)
  useEffect(() => {
    if (done.current === storeTotal) return
    done.current = storeTotal
    void refreshCart().then(() => router.refresh())
  }, [storeTotal, router])
  return null
}
