import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Heading } from "@medusajs/ui"
import { BackgroundChecks } from "../../components/background-checks"
import { BulkEnroll } from "../../components/bulk-enroll"
import { Campaigns } from "../../components/campaigns"
import { HookDeliveries } from "../../components/hook-deliveries"
import { OperationsReview } from "../../components/operations-review"
import { ServiceImport } from "../../components/service-import"
import { StatusPanel } from "../../components/status-panel"
import { StoreEvents } from "../../components/store-events"

/** Wallet pass: the connection to the service, the request queue, store events, hooks, campaigns and bulk enrolment. */
const WalletPassPage = () => (
  <div className="flex flex-col gap-y-3">
    <Heading level="h1">Wallet pass</Heading>
    <StatusPanel />
    <OperationsReview />
    <StoreEvents />
    <HookDeliveries />
    <Campaigns />
    <ServiceImport />
    <BackgroundChecks />
    <BulkEnroll />
  </div>
)

export const config = defineRouteConfig({ label: "Wallet pass", icon: CreditCard })

export default WalletPassPage
