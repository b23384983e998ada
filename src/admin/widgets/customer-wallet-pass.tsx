import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminCustomer, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { AdjustForm } from "../components/adjust-form"
import { formatMoney } from "../lib/amount-input"
import { CustomerPassActions } from "../components/customer-pass-actions"
import { MovePass } from "../components/move-pass"
import { PassBonuses, PassLevel, referralLabel } from "../components/pass-level"
import { PassStoreEvents } from "../components/pass-store-events"
import { PushForm } from "../components/push-form"
import { formatDate, getJson, walletPassKeys } from "../lib/api"
import type { AdminCustomerWalletPassResponse } from "../../api/types"
import { ledgerColumns, RowsTable } from "../components/rows-table"

const ENROLLMENT_LABEL: Record<string, string> = {
  pending: "Enrolment pending",
  enrolled: "Enrolled",
  not_enrolled_no_phone: "Not enrolled: no phone",
  failed: "Enrolment failed",
}

const ADOPTION_LABEL: Record<string, string> = {
  pending: "Waiting to take the balance the service holds",
  adopted: "Balance and rates taken from the service",
  new: "New to the service",
  legacy: "",
}

function installedLabel(installed: boolean | null): string {
  return installed === null ? "not checked" : installed ? "installed" : "not installed"
}

const CustomerWalletPassWidget = ({ data: customer }: DetailWidgetProps<AdminCustomer>) => {
  const { data, isLoading, isError } = useQuery({
    queryKey: walletPassKeys.customer(customer.id),
    queryFn: () => getJson<AdminCustomerWalletPassResponse>(`/admin/customers/${customer.id}/wallet-pass`),
    // Queued requests settle within seconds: poll while any is still waiting.
    refetchInterval: (query) =>
      query.state.data?.wallet_pass?.pending_operations.some((op) => op.state === "pending" || op.state === "sending")
        ? 3000
        : false,
  })
  const pass = data?.wallet_pass

  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Wallet pass</Heading>
        {pass && (
          <Badge size="2xsmall">{ENROLLMENT_LABEL[pass.holder.enrollment_state] ?? pass.holder.enrollment_state}</Badge>
        )}
      </div>
      {isLoading && <Text className="px-6 py-4 text-ui-fg-subtle">Loading…</Text>}
      {isError && <Text className="px-6 py-4 text-ui-fg-error">Could not load the wallet pass.</Text>}
      {!isLoading && !isError && !pass && (
        <Text className="px-6 py-4 text-ui-fg-subtle">This customer has no wallet pass.</Text>
      )}
      {data?.pass_elsewhere && <MovePass customerId={customer.id} elsewhere={data.pass_elsewhere} />}
      {!isLoading && !isError && (
        <CustomerPassActions
          customerId={customer.id}
          hasPass={!!pass}
          canEnroll={!pass || ["failed", "not_enrolled_no_phone"].includes(pass.holder.enrollment_state)}
        />
      )}
      {pass && (
        <>
          <div className="grid grid-cols-3 gap-4 px-6 py-4">
            <Figure label="Balance" testId="wallet-pass-balance" value={pass.balance}>
              {formatMoney(Math.round(pass.balance * 100), pass.currency_code)}
            </Figure>
            <Figure label="Bonus">{pass.bonus_percent === null ? "program rate" : `${pass.bonus_percent}%`}</Figure>
            <Figure label="Discount">{pass.discount_percent}%</Figure>
          </div>
          {pass.level && <PassLevel level={pass.level} currency={pass.currency_code} ratesSource={pass.rates_source} />}
          <PassBonuses bonuses={pass.bonuses} currency={pass.currency_code} />
          <PassStoreEvents events={pass.store_events} />
          <div className="px-6 py-4">
            <Text size="small" className="text-ui-fg-subtle">
              Phone {pass.holder.phone ?? "—"}
            </Text>
            {pass.holder.referrer_phone && (
              <Text size="small" data-testid="wallet-pass-referral">
                Invited by {pass.holder.referrer_phone}
                {referralLabel(pass.holder.referral_state) ? ` · ${referralLabel(pass.holder.referral_state)}` : ""}
              </Text>
            )}
            {!!pass.holder.invites?.length && <Text size="small">Invited: {pass.holder.invites.join(", ")}</Text>}
            {pass.holder.enrollment_error && (
              <Text size="small" className="text-ui-fg-error">
                {pass.holder.enrollment_error}
              </Text>
            )}
            {ADOPTION_LABEL[pass.holder.adoption_state] && (
              <Text size="small" data-testid="wallet-pass-adoption">
                {ADOPTION_LABEL[pass.holder.adoption_state]}
              </Text>
            )}
            <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-verified">
              {pass.holder.verified
                ? "Phone verified by the customer"
                : "Phone not verified: in the store the customer sees and spends only what their own orders earned"}
            </Text>
            {pass.holder.drift && (
              <Text size="small" className="text-ui-fg-error" data-testid="wallet-pass-drift">
                {`The service showed ${pass.holder.drift.service} while the store had sent ${pass.holder.drift.store} (${formatDate(pass.holder.drift.at)}): `}
                {pass.holder.drift.healed_by
                  ? "set right from the store's ledger"
                  : (pass.holder.drift.not_healed ?? "not set right")}
              </Text>
            )}
            {pass.cards.length === 0 && <Text size="small">No cards yet.</Text>}
            {pass.cards.map((card) => (
              <Text size="small" key={card.number} data-testid="wallet-pass-card">
                Card {card.number} — {installedLabel(card.installed)}
              </Text>
            ))}
          </div>
          {pass.ledger.length > 0 && (
            <RowsTable
              rows={pass.ledger}
              columns={[
                ...ledgerColumns(),
                { header: "Reason", cell: (entry) => entry.reason ?? entry.order_id ?? "" },
              ]}
            />
          )}
          <PushForm customerId={customer.id} />
          <AdjustForm customerId={customer.id} balance={pass.balance} currencyCode={pass.currency_code} />
          {pass.pending_operations.length > 0 && (
            <div className="px-6 py-4" data-testid="wallet-pass-pending-operations">
              <Text size="small" weight="plus">
                Pending or failed requests to the service
              </Text>
              {pass.pending_operations.map((op) => (
                <Text size="small" key={op.id}>
                  {op.method}: {op.state}
                  {op.last_error ? ` — ${op.last_error}` : ""}
                </Text>
              ))}
            </div>
          )}
        </>
      )}
    </Container>
  )
}

/** One of the pass's headline figures: a label over a large value. */
const Figure = ({
  label,
  testId,
  value,
  children,
}: {
  label: string
  testId?: string
  value?: number
  children: ReactNode
}) => (
  <div>
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="large" weight="plus" data-testid={testId} data-value={value}>
      {children}
    </Text>
  </div>
)

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default CustomerWalletPassWidget
