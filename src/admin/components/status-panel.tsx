import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { formatAge, formatDate, getJson, walletPassKeys } from "../lib/api"
import type { AdminWalletPassStatus, AdminWalletPassStatusResponse } from "../../api/types"

const COUNTRY_SOURCE: Record<AdminWalletPassStatus["service"]["default_country_source"], string> = {
  option: "the defaultCountry option",
  store_region: "the store's default region; set defaultCountry to choose another",
  fallback: "the store has no default region; set defaultCountry or a default region",
}

const Stat = ({ label, value }: { label: string; value: string | number }) => (
  <div>
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="large" weight="plus">
      {value}
    </Text>
  </div>
)

/** Connection, rate budget and queue health; "Check now" asks the service's /status again. */
export const StatusPanel = () => {
  const queryClient = useQueryClient()
  const [checking, setChecking] = useState(false)
  const { data, isError } = useQuery({
    queryKey: walletPassKeys.status,
    queryFn: () => getJson<AdminWalletPassStatusResponse>("/admin/wallet-pass/status"),
    refetchInterval: 15_000,
  })
  const checkNow = async () => {
    setChecking(true)
    try {
      queryClient.setQueryData(
        walletPassKeys.status,
        await getJson<AdminWalletPassStatusResponse>("/admin/wallet-pass/status", { check: "true" })
      )
    } finally {
      setChecking(false)
    }
  }
  const status = data?.wallet_pass_status
  const connection = status?.connection
  const ops: Partial<Record<string, number>> = status?.queue.operations ?? {}

  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-status">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-2">
          <Heading level="h2">Connection</Heading>
          {connection ? (
            <StatusBadge color={connection.ok ? "green" : "red"}>{connection.ok ? "Connected" : "Failing"}</StatusBadge>
          ) : (
            <StatusBadge color="grey">Not checked yet</StatusBadge>
          )}
        </div>
        <Button
          size="small"
          variant="secondary"
          isLoading={checking}
          onClick={checkNow}
          data-testid="wallet-pass-check-now"
        >
          Check now
        </Button>
      </div>
      {isError && <Text className="px-6 py-4 text-ui-fg-error">Could not load the status.</Text>}
      {status && (
        <>
          <div className="grid grid-cols-4 gap-4 px-6 py-4">
            <Stat label="Account" value={connection?.account ?? "—"} />
            <Stat label="Account balance" value={connection?.account_balance ?? "—"} />
            <Stat label="Checked" value={formatDate(connection?.checked_at)} />
            <Stat label="Plan" value={`${status.service.plan} (${status.service.mode})`} />
          </div>
          {connection?.error && (
            <Text size="small" className="px-6 py-2 text-ui-fg-error">
              {connection.error}
            </Text>
          )}
          <div className="grid grid-cols-4 gap-4 px-6 py-4">
            <Stat label="Requests this hour" value={`${status.rate.used_last_hour} / ${status.rate.per_hour}`} />
            <Stat label="Pending" value={ops.pending ?? 0} />
            <Stat label="Oldest pending" value={formatAge(status.queue.oldest_pending_age_seconds)} />
            <Stat label="Failed / needs review" value={`${ops.failed ?? 0} / ${ops.needs_review ?? 0}`} />
          </div>
          {status.rate.blocked_until && (
            <Text size="small" className="px-6 py-2 text-ui-fg-error">
              The service asked us to wait until {formatDate(status.rate.blocked_until)}.
            </Text>
          )}
          <Text size="small" className="px-6 py-2 text-ui-fg-subtle" data-testid="wallet-pass-default-country">
            Phones written without a country code are read as {status.service.default_country} numbers (
            {COUNTRY_SOURCE[status.service.default_country_source]}).
          </Text>
          {!status.service.dispatcher_enabled && (
            <Text size="small" className="px-6 py-2 text-ui-fg-subtle">
              This instance does not send queued requests (dispatcher disabled).
            </Text>
          )}
        </>
      )}
    </Container>
  )
}
