import { notFound } from "next/navigation"
import { listProducts } from "@lib/data/products"
import { getRegion } from "@lib/data/regions"
import { convertToLocale } from "@lib/util/money"
import { Heading, Text } from "@modules/common/components/ui"
import ProductActions from "@modules/products/components/product-actions"

export default async function ProductPage({ params }: { params: Promise<{ countryCode: string; handle: string }> }) {
  const { countryCode, handle } = await params
  const region = await getRegion(countryCode)
  if (!region) notFound()
  const product = (await listProducts({ countryCode, queryParams: { handle } })).products[0]
  if (!product) notFound()
  const variant = product.variants?.[0]
  const price = variant?.calculated_price?.calculated_amount
  return (
    <div
      className="content-container relative flex flex-col gap-8 py-6 small:flex-row small:items-start"
      data-testid="product-container"
    >
      <div className="flex aspect-[3/4] w-full items-center justify-center rounded-large bg-ui-bg-subtle text-6xl text-ui-fg-muted small:max-w-[440px]">
        {product.title.slice(0, 1)}
      </div>
      <div className="flex w-full flex-col gap-y-4 small:max-w-[344px] small:py-8">
        <Heading level="h2" className="text-3xl leading-10 text-ui-fg-base" data-testid="product-title">
          {product.title}
        </Heading>
        {product.description && <Text className="txt-medium text-ui-fg-subtle">{product.description}</Text>}
        <span className="text-xl-semi" data-testid="product-price">
          {typeof price === "number" ? convertToLocale({ amount: price, currency_code: region.currency_code }) : "—"}
        </span>
        {variant && <ProductActions variantId={variant.id} countryCode={countryCode} />}
      </div>
    </div>
  )
}
