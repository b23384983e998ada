import { Container, Heading, Tabs, Text } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useMemo, useState } from "react"
import type { AdminWalletPassOverviewResponse } from "../../api/types"
import { getJson, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { FlowChart } from "./charts/flow-chart"
import { RequestsChart } from "./charts/requests-chart"

const FLOW_COLORS = {
  credited: "var(--tag-green-icon)",
  redeemed: "var(--tag-blue-icon)",
  reversed: "var(--tag-orange-icon)",
  lapsed: "var(--tag-red-icon)",
}
const FLOWS = ["credited", "redeemed", "reversed", "lapsed"] as const

const Figure = ({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) => (
  <div data-testid={testId}>
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="xlarge" weight="plus" data-testid={`${testId}-value`}>
      {value}
    </Text>
    <Text size="xsmall" className="text-ui-fg-muted">
      {hint}
    </Text>
  </div>
)

/** The browser's time zone: the overview counts days and hours as the merchant lives them. */
const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"

/**
 * The program at a glance (GET /admin/wallet-pass/overview, docs/overview.md): members,
 * cards in wallets, active members, the bonus the store owes and what of it lapses soon; the
 * bonus credited, redeemed, reversed and lapsed per day over 30 or 90 days; the requests to
 * the service per hour against the plan's hourly limit; the orders waiting for their bonus
 * (the order sweep's count, docs/operations.md: whatever the event bus holds).
 */
export const ProgramOverview = () => {
  const { t, locale, numberLocale, money, dateTime } = useWalletPassFormat()
  const [days, setDays] = useState<"30" | "90">("30")
  const timezone = useMemo(browserTimezone, [])
  const { data, isError } = useQuery({
    queryKey: [...walletPassKeys.all, "overview", days, timezone],
    queryFn: () => getJson<AdminWalletPassOverviewResponse>("/admin/wallet-pass/overview", { days, timezone }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  })
  const o = data?.overview
  const formats = useMemo(() => {
    const number = new Intl.NumberFormat(numberLocale)
    const percent = new Intl.NumberFormat(numberLocale, { style: "percent", maximumFractionDigits: 1 })
    // Days are calendar days of the time zone ("2026-11-23"): written as dates of UTC, unshifted.
    const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" })
    const dayShort = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" })
    const hour = new Intl.DateTimeFormat(locale, {
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: timezone,
    })
    const hourOfDay = new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: timezone })
    const hourDay = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: timezone })
    return { number, percent, day, dayShort, hour, hourOfDay, hourDay }
  }, [locale, numberLocale, timezone])
  /** The order sweep's line: when it last ran, or that it is late (docs/operations.md, "When Redis loses the schedule"). */
  const sweepText = (sweep: { every_seconds: number; last_run_at: Date | string | null; late: boolean }) => {
    const every = formats.number.format(sweep.every_seconds)
    if (!sweep.last_run_at) return t(sweep.late ? "overview.sweep.lateNever" : "overview.sweep.never", { every })
    const time = dateTime(sweep.last_run_at)
    return t(sweep.late ? "overview.sweep.late" : "overview.sweep.ran", { every, time })
  }

  const flows = useMemo(() => {
    if (!o) return null
    const currency = o.currency_code
    const perDay = o.flows.per_day
    const every = Math.max(1, Math.round(perDay.length / 6))
    const axis = new Map<number, string>()
    perDay.forEach((d, i) => {
      if ((perDay.length - 1 - i) % every === 0) axis.set(i, formats.dayShort.format(new Date(`${d.day}T00:00:00Z`)))
    })
    const columns = perDay.map((d) => {
      const label = formats.day.format(new Date(`${d.day}T00:00:00Z`))
      return {
        key: d.day,
        label,
        title: t("overview.flows.tooltip", {
          day: label,
          credited: money(d.credited, currency),
          redeemed: money(d.redeemed, currency),
          reversed: money(d.reversed, currency),
          lapsed: money(d.lapsed, currency),
        }),
        up: d.credited,
        down: [d.redeemed, d.reversed, d.lapsed],
      }
    })
    const moved = perDay.some((d) => FLOWS.some((f) => d[f] !== 0))
    return { columns, axis, moved }
  }, [o, formats, money, t])

  const requests = useMemo(() => {
    if (!o) return null
    const axis = new Map<number, string>()
    const hours = o.requests.per_hour.map((h, i) => {
      const at = new Date(h.hour)
      const hourOfDay = formats.hourOfDay.formatToParts(at).find((part) => part.type === "hour")?.value
      if (Number(hourOfDay) === 0) axis.set(i, formats.hourDay.format(at))
      const label = formats.hour.format(at)
      return {
        key: h.hour,
        label,
        title: t("overview.requests.tooltip", { hour: label, used: formats.number.format(h.used) }),
        used: h.used,
      }
    })
    return { hours, axis }
  }, [o, formats, t])

  if (isError && !o) {
    return (
      <Container data-testid="wallet-pass-overview">
        <Text className="text-ui-fg-error">{t("overview.loadFailed")}</Text>
      </Container>
    )
  }
  const currency = o?.currency_code ?? null
  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-overview">
      <div className="flex flex-wrap items-center justify-between gap-2 px-6 py-4">
        <div>
          <Heading level="h2">{t("overview.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-overview-subtitle">
            {o ? t("overview.subtitle", { timezone: o.timezone, time: dateTime(o.generated_at) }) : t("common.loading")}
          </Text>
        </div>
        <Tabs value={days} onValueChange={(value) => setDays(value === "90" ? "90" : "30")}>
          <Tabs.List>
            <Tabs.Trigger value="30" data-testid="wallet-pass-overview-days-30">
              {t("overview.days30")}
            </Tabs.Trigger>
            <Tabs.Trigger value="90" data-testid="wallet-pass-overview-days-90">
              {t("overview.days90")}
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs>
      </div>
      {o && flows && requests && (
        <>
          <div className="grid grid-cols-2 gap-4 px-6 py-4 md:grid-cols-3 xl:grid-cols-6">
            <Figure
              testId="wallet-pass-overview-holders"
              label={t("overview.holders")}
              value={formats.number.format(o.holders.total)}
              hint={t("overview.holdersHint", { enrolled: formats.number.format(o.holders.enrolled) })}
            />
            <Figure
              testId="wallet-pass-overview-installed"
              label={t("overview.installed")}
              value={t("overview.installedValue", {
                members: formats.number.format(o.holders.installed),
                share: formats.percent.format(o.holders.installed_share ?? 0),
              })}
              hint={t("overview.installedHint")}
            />
            <Figure
              testId="wallet-pass-overview-active"
              label={t("overview.active")}
              value={formats.number.format(o.holders.active)}
              hint={t("overview.activeHint")}
            />
            <Figure
              testId="wallet-pass-overview-outstanding"
              label={t("overview.outstanding")}
              value={money(o.balance.outstanding, currency)}
              hint={t("overview.outstandingHint")}
            />
            <Figure
              testId="wallet-pass-overview-expiring"
              label={t("overview.expiring")}
              value={money(o.balance.expiring, currency)}
              hint={t("overview.expiringHint")}
            />
            {o.orders_waiting && (
              <Figure
                testId="wallet-pass-overview-waiting"
                label={t("overview.waiting")}
                value={formats.number.format(o.orders_waiting.bonus)}
                hint={
                  o.orders_waiting.bonus_since
                    ? t("overview.waitingSince", { time: dateTime(o.orders_waiting.bonus_since) })
                    : t("overview.waitingNone")
                }
              />
            )}
          </div>
          {o.order_sweep.enabled && (
            <Text
              size="small"
              className={`px-6 py-3 ${o.order_sweep.late ? "text-ui-fg-error" : "text-ui-fg-subtle"}`}
              data-testid="wallet-pass-overview-sweep"
              data-late={o.order_sweep.late}
            >
              {sweepText(o.order_sweep)}
            </Text>
          )}
          <div className="flex flex-col gap-y-2 px-6 py-4">
            <Heading level="h3">{t("overview.flows.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-overview-flows-totals">
              {t("overview.flows.totals", {
                days: o.flows.days,
                credited: money(o.flows.totals.credited, currency),
                redeemed: money(o.flows.totals.redeemed, currency),
                reversed: money(o.flows.totals.reversed, currency),
                lapsed: money(o.flows.totals.lapsed, currency),
              })}
            </Text>
            {flows.moved ? (
              <FlowChart
                testId="wallet-pass-overview-flows"
                columns={flows.columns}
                axisLabels={flows.axis}
                series={FLOWS.map((f) => ({ label: t(`overview.flows.${f}`), color: FLOW_COLORS[f] }))}
                format={(amount) => money(amount, currency)}
              />
            ) : (
              <Text size="small" className="text-ui-fg-muted" data-testid="wallet-pass-overview-flows-empty">
                {t("overview.flows.empty")}
              </Text>
            )}
          </div>
          <div className="flex flex-col gap-y-2 px-6 py-4">
            <Heading level="h3">{t("overview.requests.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-overview-requests-summary">
              {t("overview.requests.summary", {
                peak: formats.number.format(o.requests.peak),
                share: formats.percent.format(
                  o.requests.per_hour_limit ? o.requests.peak / o.requests.per_hour_limit : 0
                ),
                total: formats.number.format(o.requests.total),
              })}
            </Text>
            <RequestsChart
              testId="wallet-pass-overview-requests"
              hours={requests.hours}
              axisLabels={requests.axis}
              limit={o.requests.per_hour_limit}
              limitLabel={t("overview.requests.limit", { limit: formats.number.format(o.requests.per_hour_limit) })}
              color="var(--tag-purple-icon)"
              limitColor="var(--tag-red-icon)"
              format={(n) => formats.number.format(n)}
            />
          </div>
        </>
      )}
    </Container>
  )
}
