import { notFound } from "next/navigation"
import { getRegion } from "@lib/data/regions"
import { listProducts } from "@lib/data/products"
import AddToCart from "@modules/products/components/add-to-cart"
import { formatAmount } from "medusa-plugin-wallet-pass/storefront"

export default async function StorePage({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  const region = await getRegion(countryCode)
  if (!region) notFound()
  const products = await listProducts(region.id)
  return (
    <section>
      <h1>Store</h1>
      {!products.length && <p className="muted">No products yet.</p>}
      <ul className="products">
        {products.map((product) => {
          const variant = product.variants?.[0]
          const price = variant?.calculated_price?.calculated_amount
          return (
            <li className="product" key={product.id}>
              <div className="product__image" aria-hidden="true">
                {product.title
                  .split(/\s+/)
                  .slice(0, 2)
                  .map((w) => w[0]?.toUpperCase())
                  .join("")}
              </div>
              <h2>{product.title}</h2>
              {product.subtitle && <p className="muted">{product.subtitle}</p>}
              <div className="product__buy">
                <span className="price">
                  {typeof price === "number" ? formatAmount(price, region.currency_code, "en-US") : "—"}
                </span>
                {variant && <AddToCart variantId={variant.id} countryCode={countryCode} />}
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
