import Link from "next/link"
import { notFound } from "next/navigation"
import { listProducts } from "@lib/data/products"
import { getRegion } from "@lib/data/regions"
import { convertToLocale } from "@lib/util/money"
import { Heading, Text } from "@modules/common/components/ui"

export default async function Home({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  const region = await getRegion(countryCode)
  if (!region) notFound()
  const { products } = await listProducts({ countryCode })
  return (
    <div className="content-container py-12" data-testid="store-page">
      <Heading level="h1" className="mb-8 text-2xl-semi">
        All products
      </Heading>
      {!products.length && <Text className="text-ui-fg-subtle">No products yet.</Text>}
      <ul className="grid grid-cols-2 gap-x-6 gap-y-8 small:grid-cols-4">
        {products.map((product) => {
          const price = product.variants?.[0]?.calculated_price?.calculated_amount
          return (
            <li key={product.id}>
              <Link href={`/${countryCode}/products/${product.handle}`} className="group" data-testid="product-wrapper">
                <div className="flex aspect-[9/16] items-center justify-center rounded-large bg-ui-bg-subtle text-3xl text-ui-fg-muted shadow-elevation-card-rest group-hover:shadow-elevation-card-hover small:aspect-[3/4]">
                  {product.title.slice(0, 1)}
                </div>
                <div className="mt-4 flex justify-between txt-compact-medium">
                  <Text className="text-ui-fg-subtle" data-testid="product-title">
                    {product.title}
                  </Text>
                  <Text className="text-ui-fg-muted">
                    {typeof price === "number"
                      ? convertToLocale({ amount: price, currency_code: region.currency_code })
                      : "—"}
                  </Text>
                </div>
              </Link>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
