import { Alert, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { PLAN_LIMITS } from "../../lib/constants"
import type { AdminWalletPassForecastResponse } from "../../api/types"
import { getJson, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div data-testid={testId}>
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="large" weight="plus">
      {value}
    </Text>
  </div>
)

/**
 * Whether the request queue keeps up (GET /admin/wallet-pass/forecast): the backlog, when it
 * is gone at the last hour's pace, and a warning with the plan that would keep up when
 * requests arrive faster than the plan sends them (docs/operations.md, "Forecast"). Requests a
 * rule holds back (a profile edit's spacing, a retry, class c's share) are listed apart, each
 * rule with when its first request goes: they are not backlog, and "Oldest waiting" on the
 * status panel may be one of them.
 */
export const QueueForecast = () => {
  const { t, age, numberLocale, dateTime } = useWalletPassFormat()
  const { data } = useQuery({
    queryKey: [...walletPassKeys.all, "forecast"],
    queryFn: () => getJson<AdminWalletPassForecastResponse>("/admin/wallet-pass/forecast"),
    refetchInterval: 30_000,
  })
  const f = data?.forecast
  if (!f) return null
  const number = (value: number) => new Intl.NumberFormat(numberLocale).format(value)
  const drain =
    f.drain_seconds === null
      ? t("forecast.drainNever")
      : f.backlog === 0
        ? t("forecast.drainNone")
        : age(f.drain_seconds)
  const plan = (name: string) => t(`forecast.plans.${name}`)
  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-forecast">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("forecast.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("forecast.subtitle", { capacity: number(f.capacity_per_hour) })}
          </Text>
        </div>
        <StatusBadge color={f.keeps_up ? "green" : "orange"}>
          {f.keeps_up ? t("forecast.keepsUp") : t("forecast.fallsBehind")}
        </StatusBadge>
      </div>
      <div className="grid grid-cols-2 gap-4 px-6 py-4 md:grid-cols-4">
        <Figure testId="wallet-pass-forecast-backlog" label={t("forecast.backlog")} value={number(f.backlog)} />
        <Figure testId="wallet-pass-forecast-drain" label={t("forecast.drain")} value={drain} />
        <Figure
          label={t("forecast.arrived")}
          value={number(f.arrived_last_hour)}
          testId="wallet-pass-forecast-arrived"
        />
        <Figure label={t("forecast.sent")} value={number(f.sent_last_hour)} testId="wallet-pass-forecast-sent" />
        <Figure
          label={t("forecast.carried")}
          value={number(f.carried_last_hour)}
          testId="wallet-pass-forecast-carried"
        />
        <Figure
          label={t("forecast.background")}
          value={number(f.background_backlog)}
          testId="wallet-pass-forecast-background"
        />
      </div>
      {f.held.length > 0 && (
        <div className="flex flex-col gap-1 px-6 py-3" data-testid="wallet-pass-forecast-held">
          <Text size="small" weight="plus">
            {t("forecast.held.title", { count: f.held.reduce((n, h) => n + h.count, 0) })}
          </Text>
          {f.held.map((h) => (
            <Text
              size="small"
              className="text-ui-fg-subtle"
              key={h.rule}
              data-testid={`wallet-pass-forecast-held-${h.rule}`}
            >
              {t(`forecast.held.${h.rule}`, { count: h.count })}{" "}
              {h.next_due_at
                ? t("forecast.held.goesAt", { date: dateTime(h.next_due_at) })
                : t("forecast.held.goesAfter")}
            </Text>
          ))}
        </div>
      )}
      {!f.keeps_up && (
        <div className="px-6 py-4">
          <Alert variant="warning" data-testid="wallet-pass-forecast-warning">
            {t("forecast.warning", { demand: number(f.demand_per_hour), capacity: number(f.capacity_per_hour) })}{" "}
            {f.suggested_plan === "raised"
              ? t("forecast.suggestRaised")
              : f.suggested_plan &&
                t("forecast.suggestPlan", {
                  plan: plan(f.suggested_plan),
                  perHour: number(PLAN_LIMITS[f.suggested_plan].perHour),
                })}
          </Alert>
        </div>
      )}
      <div className="px-6 py-3">
        <Text size="small" className="text-ui-fg-subtle">
          {t("forecast.coalescing")}
        </Text>
      </div>
    </Container>
  )
}
