import { ArrowLeft } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { Link, useParams } from "react-router-dom"
import type { AdminCustomerWalletPassResponse } from "../../../../../api/types"
import { CustomerLedger } from "../../../../components/customer-ledger"
import { CustomerPassActions } from "../../../../components/customer-pass-actions"
import { ExpiringCredits, InstallLinks, PassFacts, PassFigures } from "../../../../components/customer-pass-details"
import { CustomerRequestsTable, PassBonusesTable } from "../../../../components/customer-pass-lists"
import { PushHistory } from "../../../../components/customer-requests"
import { PassLevel } from "../../../../components/pass-level"
import { PassStoreEvents } from "../../../../components/pass-store-events"
import { getJson, walletPassKeys } from "../../../../lib/api"
import { onItsWay, POLL_MS } from "../../../../lib/poll"
import { useWalletPassFormat } from "../../../../lib/format"

type CustomerName = { customer: { first_name: string | null; last_name: string | null; email: string | null } }

/**
 * The customer's pass on its own page (/app/wallet-pass/customers/:id), opened from the
 * customer widget: its one status with the way out (as the widget says it), its figures, level and card, then the lists in Medusa's DataTable as the
 * dashboard's own pages show theirs: the ledger, the requests sent about the customer, the
 * pushes, the store events and the bonuses received.
 */
const CustomerPassPage = () => {
  const { id = "" } = useParams()
  const f = useWalletPassFormat()
  const { t } = f
  const { data: customer } = useQuery({
    queryKey: ["wallet-pass", "customer-name", id],
    queryFn: () => getJson<CustomerName>(`/admin/customers/${id}`, { fields: "first_name,last_name,email" }),
  })
  const { data, isLoading, isError } = useQuery({
    queryKey: walletPassKeys.customer(id),
    queryFn: () => getJson<AdminCustomerWalletPassResponse>(`/admin/customers/${id}/wallet-pass`),
    refetchInterval: (query) => (onItsWay(query.state.data?.wallet_pass?.pending_operations) ? POLL_MS : false),
  })
  const pass = data?.wallet_pass
  const c = customer?.customer
  const name = [c?.first_name, c?.last_name].filter(Boolean).join(" ") || c?.email || ""
  const poll: number | false = onItsWay(pass?.pending_operations) ? POLL_MS : false
  const section = { customerId: id, refetchInterval: poll }
  return (
    <div className="flex flex-col gap-y-3" data-testid="wallet-pass-customer-page">
      <Container className="flex flex-col gap-1 px-6 py-4">
        <Link
          to={`/customers/${id}`}
          className="txt-compact-small flex items-center gap-1 text-ui-fg-subtle hover:text-ui-fg-base"
          data-testid="wallet-pass-customer-back"
        >
          <ArrowLeft />
          {t("customer.page.back", { name: name || t("customer.page.theCustomer") })}
        </Link>
        <Heading level="h1">{name ? t("customer.page.titleOf", { name }) : t("customer.title")}</Heading>
      </Container>
      {isLoading && <Text className="text-ui-fg-subtle">{t("common.loading")}</Text>}
      {isError && <Text className="text-ui-fg-error">{t("customer.loadFailed")}</Text>}
      {data && !pass && (
        <Container className="p-0">
          <CustomerPassActions customerId={id} data={data} />
        </Container>
      )}
      {pass && data && (
        <>
          <Container className="divide-y p-0" data-testid="wallet-pass-summary">
            <CustomerPassActions customerId={id} data={data} />
            <PassFigures
              pass={pass}
              expiring={data.expiring}
              programBonus={data.program_bonus_percent}
              pending={data.pending}
            />
            <ExpiringCredits expiring={data.expiring} currency={pass.currency_code} />
            {pass.level && (
              <PassLevel level={pass.level} currency={pass.currency_code} ratesSource={pass.rates_source} />
            )}
            <PassFacts pass={pass} openingBalance={data.opening_balance} />
            <InstallLinks links={pass.links} />
          </Container>
          <CustomerLedger {...section} />
          <CustomerRequestsTable {...section} />
          <Container className="p-0">
            <PushHistory {...section} />
          </Container>
          <PassStoreEvents {...section} currency={pass.currency_code} />
          <PassBonusesTable bonuses={pass.bonuses} currency={pass.currency_code} />
        </>
      )}
    </div>
  )
}

export default CustomerPassPage
