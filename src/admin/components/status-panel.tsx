import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import { getJson, walletPassKeys } from "../lib/api"
import { ConnectionCheck } from "./connection-check"
import { useWalletPassFormat, type WalletPassFormat } from "../lib/format"
import type { AdminWalletPassStatus, AdminWalletPassStatusResponse, Json } from "../../api/types"

type Status = Json<AdminWalletPassStatus>

/** A country's name in the admin's language ("RU": "Russia", "Россия"); its code where Intl has none. */
const regionName = (code: string, locale?: string) => {
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: "region" }).of(code) ?? code
  } catch {
    return code
  }
}

const Stat = ({
  label,
  value,
  testId,
  note,
}: {
  label: string
  value: string | number
  testId?: string
  note?: string
}) => (
  <div className="min-w-0">
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="large" weight="plus" className="truncate" title={String(value)} data-testid={testId}>
      {value}
    </Text>
    {note && (
      <Text size="xsmall" className="text-ui-fg-subtle">
        {note}
      </Text>
    )}
  </div>
)

/**
 * Whether the service is reachable, from the newer of the last connection check and the last
 * request the service answered (any kind): requests that succeed show "Connected" even when
 * nobody pressed "Check now". Says which answer it read.
 */
export function connectionState(status: Status, f: WalletPassFormat) {
  const check = status.connection
  const answer = status.last_answer
  // A check is itself an answered request: then the check says it (with the account).
  const fromAnswer =
    answer && (!check || (answer.method !== "status" && new Date(answer.at) > new Date(check.checked_at)))
  if (fromAnswer) {
    const request = answer.method ? f.label("operationMethod", answer.method) : f.t("page.status.someRequest")
    const authRefused = answer.status === 401 || answer.status === 403
    return {
      ok: answer.ok,
      // Refused credentials (401/403) are the app key's; anything else failing is the service's own error.
      how: f.t(
        answer.ok
          ? "page.status.byRequest"
          : authRefused
            ? "page.status.byFailedRequest"
            : "page.status.byServiceError",
        {
          request,
          status: answer.status,
          date: f.dateTime(answer.at),
        }
      ),
    }
  }
  if (check) {
    return { ok: check.ok, how: f.t("page.status.byCheck", { date: f.dateTime(check.checked_at) }) }
  }
  return null
}

/**
 * Connection, rate budget and queue health; "Check now" asks the service's /status again.
 * A store that never checked checks once when the panel opens, so the account and its
 * balance are not left blank beside "Connected"; until it answers they say so.
 */
export const StatusPanel = () => {
  const f = useWalletPassFormat()
  const { t } = f
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
    } catch {
      // The status query's next poll shows what failed (the connection's error).
    } finally {
      setChecking(false)
    }
  }
  const status = data?.wallet_pass_status
  const connection = status?.connection
  const checkedOnOpen = useRef(false)
  useEffect(() => {
    if (status && !connection && !checkedOnOpen.current) {
      checkedOnOpen.current = true
      void checkNow()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, connection])
  /** What a figure of the check shows before any check: being checked now, or not yet. */
  const unchecked = checking ? t("page.status.checking") : t("page.status.notChecked")
  const state = status ? connectionState(status, f) : null
  const ops: Partial<Record<string, number>> = status?.queue.operations ?? {}
  const count = (n: number) => f.number(n)

  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-status">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <Heading level="h2">{t("page.status.title")}</Heading>
            <StatusBadge color={!state ? "grey" : state.ok ? "green" : "red"} data-testid="wallet-pass-connection">
              {!state ? t("page.status.notChecked") : state.ok ? t("page.status.connected") : t("page.status.failing")}
            </StatusBadge>
          </div>
          {state && (
            <Text size="xsmall" className="text-ui-fg-subtle" data-testid="wallet-pass-connection-how">
              {state.how}
            </Text>
          )}
        </div>
        <Button
          size="small"
          variant="secondary"
          isLoading={checking}
          onClick={checkNow}
          data-testid="wallet-pass-check-now"
        >
          {t("page.status.checkNow")}
        </Button>
      </div>
      {isError && <Text className="px-6 py-4 text-ui-fg-error">{t("page.status.loadFailed")}</Text>}
      <ConnectionCheck />
      {status && (
        <>
          <div className="grid grid-cols-4 gap-4 px-6 py-4">
            <Stat
              label={t("page.status.account")}
              value={connection ? (connection.account ?? t("common.none")) : unchecked}
              testId="wallet-pass-account"
            />
            <Stat
              label={t("page.status.accountBalance")}
              value={
                !connection
                  ? unchecked
                  : connection.account_balance === null
                    ? t("common.none")
                    : f.number(connection.account_balance)
              }
              note={connection && connection.account_balance !== null ? t("page.status.accountBalanceUnit") : undefined}
              testId="wallet-pass-account-balance"
            />
            <Stat
              label={t("page.status.checked")}
              value={connection ? f.dateTime(connection.checked_at) : unchecked}
              testId="wallet-pass-checked"
            />
            <Stat
              label={t("page.status.plan")}
              value={t("page.status.planValue", {
                plan: t(`page.status.planName.${status.service.plan}`, { defaultValue: status.service.plan }),
                mode: t(`page.status.mode.${status.service.mode}`),
              })}
            />
          </div>
          {connection?.error && (
            <Text size="small" className="px-6 py-2 text-ui-fg-error">
              {connection.error}
            </Text>
          )}
          <div className="grid grid-cols-4 gap-4 px-6 py-4">
            <Stat
              label={t("page.status.requestsThisHour")}
              value={`${count(status.rate.used_last_hour)} / ${count(status.rate.per_hour)}`}
            />
            <Stat label={t("page.status.pending")} value={count(ops.pending ?? 0)} />
            <Stat label={t("page.status.oldestPending")} value={f.age(status.queue.oldest_pending_age_seconds)} />
            <Stat
              label={t("page.status.failedReview")}
              value={`${count(ops.failed ?? 0)} / ${count(ops.needs_review ?? 0)}`}
            />
          </div>
          {status.rate.blocked_until && (
            <Text size="small" className="px-6 py-2 text-ui-fg-error">
              {t("page.status.blocked", { date: f.dateTime(status.rate.blocked_until) })}
            </Text>
          )}
          <Text size="small" className="px-6 py-2 text-ui-fg-subtle" data-testid="wallet-pass-default-country">
            {t("page.status.country", {
              country: regionName(status.service.default_country, f.locale),
              source: t(`page.status.countrySource.${status.service.default_country_source}`),
            })}
          </Text>
          {!status.service.dispatcher_enabled && (
            <Text size="small" className="px-6 py-2 text-ui-fg-subtle">
              {t("page.status.dispatcherOff")}
            </Text>
          )}
        </>
      )}
    </Container>
  )
}
