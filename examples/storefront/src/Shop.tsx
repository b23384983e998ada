import type { useCatalog } from "./useShop"
import { money } from "./format"
import { errorText } from "./sdk"

type Props = { catalog: ReturnType<typeof useCatalog>; onAdd: (variantId: string) => void; busy: boolean }

/** The store's products, priced in its region. */
export function Shop({ catalog, onAdd, busy }: Props) {
  const { products, region, error } = catalog
  return (
    <section className="shop" aria-labelledby="shop-title">
      <h2 id="shop-title">Shop</h2>
      {error ? <p className="error">{errorText(error)}</p> : null}
      {!products && !error && <p className="muted">Loading products…</p>}
      {products?.length === 0 && <p className="muted">No products yet.</p>}
      <div className="products">
        {products?.map((product) => {
          const variant = product.variants?.[0]
          const price = variant?.calculated_price?.calculated_amount
          return (
            <article className="product" key={product.id}>
              <div className="product__image" aria-hidden={!product.thumbnail}>
                {product.thumbnail ? (
                  <img src={product.thumbnail} alt={product.title} />
                ) : (
                  <span>{initials(product.title)}</span>
                )}
              </div>
              <div className="product__body">
                <h3>{product.title}</h3>
                {product.subtitle && <p className="muted">{product.subtitle}</p>}
                <div className="product__buy">
                  <span className="price">{typeof price === "number" ? money(price, region?.currency_code) : "—"}</span>
                  <button
                    className="button primary"
                    type="button"
                    disabled={!variant || busy}
                    onClick={() => variant && onAdd(variant.id)}
                    data-testid="add-to-cart"
                  >
                    Add to cart
                  </button>
                </div>
              </div>
            </article>
          )
        })}
      </div>
    </section>
  )
}

const initials = (title: string) =>
  title
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("")
