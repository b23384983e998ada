import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Heading } from "@medusajs/ui"
import { BackgroundChecks } from "../../components/background-checks"
import { BulkEnroll } from "../../components/bulk-enroll"
import { Campaigns } from "../../components/campaigns"
import { HookDeliveries } from "../../components/hook-deliveries"
import { OperationsReview } from "../../components/operations-review"
import { ProgramOverview } from "../../components/program-overview"
import { QueueForecast } from "../../components/queue-forecast"
import { ServiceImport } from "../../components/service-import"
import { StatusPanel } from "../../components/status-panel"
import { StoreEvents } from "../../components/store-events"
import { useWalletPassFormat } from "../../lib/format"

/**
 * Wallet pass: the connection to the service, the requests waiting for a person, store
 * events, hooks, campaigns, the import and bulk enrolment.
 */
const WalletPassPage = () => {
  const { t } = useWalletPassFormat()
  return (
    <div className="flex flex-col gap-y-3" data-testid="wallet-pass-page">
      <Heading level="h1">{t("page.title")}</Heading>
      <ProgramOverview />
      <StatusPanel />
      <QueueForecast />
      <OperationsReview />
      <StoreEvents />
      <HookDeliveries />
      <Campaigns />
      <ServiceImport />
      <BackgroundChecks />
      <BulkEnroll />
    </div>
  )
}

// The sidebar label is a key of the plugin's namespace: the dashboard translates it.
// translationNs must be a string literal: the admin bundler reads it from the source.
export const config = defineRouteConfig({ label: "page.menu", translationNs: "wallet-pass", icon: CreditCard })

export default WalletPassPage
