import { NextResponse, type NextRequest } from "next/server"

// As the Next.js Starter's middleware, reduced: every page lives under a country code of the
// store's regions (`/de/account`), and a browser gets a cache id (the data functions' cache
// tags are per browser).
const BACKEND_URL = process.env.MEDUSA_BACKEND_URL || "http://localhost:9000"
const PUBLISHABLE_KEY = process.env.MEDUSA_PUBLISHABLE_KEY || process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY || ""
const DEFAULT_REGION = process.env.NEXT_PUBLIC_DEFAULT_REGION || "de"

let countries: { codes: Set<string>; at: number } | null = null

async function countryCodes(): Promise<Set<string>> {
  if (countries && Date.now() - countries.at < 3_600_000) return countries.codes
  const res = await fetch(`${BACKEND_URL}/store/regions`, { headers: { "x-publishable-api-key": PUBLISHABLE_KEY } })
  if (!res.ok) throw new Error(`The store's regions: ${res.status}`)
  const { regions } = (await res.json()) as { regions: { countries?: { iso_2?: string }[] }[] }
  const codes = new Set(regions.flatMap((r) => (r.countries ?? []).map((c) => c.iso_2 ?? "")).filter(Boolean))
  countries = { codes, at: Date.now() }
  return codes
}

export async function middleware(request: NextRequest) {
  const codes = await countryCodes()
  const first = request.nextUrl.pathname.split("/")[1]?.toLowerCase()
  if (first && codes.has(first)) {
    if (request.cookies.get("_medusa_cache_id")) return NextResponse.next()
    // Once, the same page again with the cookie: the first render has it too.
    const response = NextResponse.redirect(request.nextUrl, 307)
    response.cookies.set("_medusa_cache_id", crypto.randomUUID(), { maxAge: 60 * 60 * 24 })
    return response
  }
  const country = codes.has(DEFAULT_REGION) ? DEFAULT_REGION : Array.from(codes)[0]
  if (!country) return new NextResponse("The store has no region with a country yet.", { status: 500 })
  const url = request.nextUrl.clone()
  url.pathname = `/${country}${request.nextUrl.pathname === "/" ? "" : request.nextUrl.pathname}`
  return NextResponse.redirect(url, 307)
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|.*\\..*).*)"],
}
