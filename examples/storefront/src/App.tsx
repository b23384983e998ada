import { Account } from "./Account"
import { CartPanel } from "./Cart"
import { PassPanel, usePass } from "./Pass"
import { publishableKey, sdk } from "./sdk"
import { Shop } from "./Shop"
import { useCart, useCatalog, useCustomer } from "./useShop"

export function App() {
  const { customer, reload: reloadCustomer } = useCustomer()
  const catalog = useCatalog()
  const shop = useCart(customer === undefined ? undefined : (customer?.id ?? null), catalog.region?.id)
  const pass = usePass(customer)

  const signOut = async () => {
    await sdk.auth.logout()
    shop.forget()
    await reloadCustomer()
  }

  return (
    <>
      <header className="topbar">
        <div className="topbar__inner">
          <a className="brand" href="/">
            Linden <span>Store</span>
          </a>
          <nav className="account-nav" data-testid="account-nav">
            {customer ? (
              <>
                <span className="muted">{customer.first_name || customer.email}</span>
                <button className="link" type="button" onClick={signOut}>
                  Sign out
                </button>
              </>
            ) : (
              customer === null && <span className="muted">Welcome, guest</span>
            )}
          </nav>
        </div>
      </header>

      {!publishableKey && (
        <p className="banner">
          No store configured: start this example with <code>npm run storefront</code> while <code>npm run dev</code>{" "}
          runs.
        </p>
      )}

      <main className="layout">
        <aside className="layout__side">
          {customer === null && <Account onSignedIn={reloadCustomer} />}
          {customer && <PassPanel customer={customer} state={pass} onCustomerChanged={reloadCustomer} />}
        </aside>
        <div className="layout__main">
          <Shop catalog={catalog} onAdd={shop.add} busy={shop.busy} />
          <CartPanel shop={shop} pass={pass.answer?.wallet_pass ?? null} signedIn={!!customer} />
        </div>
      </main>

      <footer className="footer">
        An example storefront of <strong>medusa-plugin-wallet-pass</strong>, built with <code>@medusajs/js-sdk</code>{" "}
        and the plugin's storefront kit.
      </footer>
    </>
  )
}
