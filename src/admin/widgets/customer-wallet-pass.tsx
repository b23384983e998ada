import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminCustomer, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { ArrowUpRightOnBox } from "@medusajs/icons"
import { Link } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import type { AdminCustomerWalletPassResponse } from "../../api/types"
import { AdjustForm } from "../components/adjust-form"
import { CustomerPassActions } from "../components/customer-pass-actions"
import { PassFacts, PassFigures } from "../components/customer-pass-details"
import { CustomerRequests } from "../components/customer-requests"
import { PassLevel } from "../components/pass-level"
import { PushForm } from "../components/push-form"
import { getJson, walletPassKeys } from "../lib/api"
import { onItsWay, POLL_MS } from "../lib/poll"
import { useWalletPassFormat } from "../lib/format"

/**
 * The customer's wallet pass in short: its one status and what the admin may do with it, its
 * figures, level and card, the requests that wait for a person (retry or resolve them here),
 * and the forms for a push and a manual change. The ledger, every request, the pushes, store
 * events and bonuses are on the pass's own page (routes/wallet-pass/customers/[id]), linked
 * from the heading.
 */
const CustomerWalletPassWidget = ({ data: customer }: DetailWidgetProps<AdminCustomer>) => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data, isLoading, isError } = useQuery({
    queryKey: walletPassKeys.customer(customer.id),
    queryFn: () => getJson<AdminCustomerWalletPassResponse>(`/admin/customers/${customer.id}/wallet-pass`),
    // Queued requests settle within seconds: poll while any is still waiting.
    refetchInterval: (query) => (onItsWay(query.state.data?.wallet_pass?.pending_operations) ? POLL_MS : false),
  })
  const pass = data?.wallet_pass
  const poll = onItsWay(pass?.pending_operations) ? POLL_MS : false

  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("customer.title")}</Heading>
        <div className="flex items-center gap-3">
          {data && (
            <Badge size="2xsmall" data-testid="wallet-pass-enrollment" data-state={data.status.state}>
              {t(`customer.status.badge.${data.status.state}`)}
            </Badge>
          )}
          {pass?.holder.phone && (
            <Link
              to={`/wallet-pass/customers/${customer.id}`}
              className="txt-compact-small-plus flex items-center gap-1 text-ui-fg-interactive"
              data-testid="wallet-pass-open-page"
            >
              {t("customer.page.open")}
              <ArrowUpRightOnBox />
            </Link>
          )}
        </div>
      </div>
      {isLoading && <Text className="px-6 py-4 text-ui-fg-subtle">{t("common.loading")}</Text>}
      {isError && <Text className="px-6 py-4 text-ui-fg-error">{t("customer.loadFailed")}</Text>}
      {data && <CustomerPassActions customerId={customer.id} data={data} />}
      {/* A holder recorded without a phone has nothing else to show: the line above says why. */}
      {pass && data && pass.holder.phone && (
        <>
          <PassFigures
            pass={pass}
            expiring={data.expiring}
            programBonus={data.program_bonus_percent}
            pending={data.pending}
          />
          {pass.level && <PassLevel level={pass.level} currency={pass.currency_code} ratesSource={pass.rates_source} />}
          <PassFacts pass={pass} openingBalance={data.opening_balance} />
          <CustomerRequests customerId={customer.id} refetchInterval={poll} />
          {data.actions.push && <PushForm customerId={customer.id} />}
          {data.actions.adjust && (
            <AdjustForm customerId={customer.id} balance={pass.balance} currencyCode={pass.currency_code} />
          )}
        </>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "customer.details.after", id: "wallet-pass:customer" })

export default CustomerWalletPassWidget
