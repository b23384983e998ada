import { Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { getJson, postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import type { Json, AdminWalletPassSync, AdminWalletPassSyncResponse } from "../../api/types"
import { ActionButton } from "./action-button"

/**
 * The background checks (docs/adoption.md): which holders have a card installed, which
 * balances drifted from the service's, when each check last ran, and "run now".
 */
export const BackgroundChecks = () => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data } = useQuery({
    queryKey: walletPassKeys.sync,
    queryFn: () => getJson<AdminWalletPassSyncResponse>("/admin/wallet-pass/sync"),
    refetchInterval: (query) =>
      query.state.data?.sync.installs.last?.state === "running" ||
      query.state.data?.sync.drift.last?.state === "running"
        ? 3000
        : false,
  })
  const invalidate = [walletPassKeys.sync, walletPassKeys.status]
  const installs = useWalletPassAction(() => postJson("/admin/wallet-pass/sync", { kind: "installs" }), {
    success: t("page.checks.installsStarted"),
    invalidate,
  })
  const drift = useWalletPassAction(() => postJson("/admin/wallet-pass/sync", { kind: "drift" }), {
    success: t("page.checks.driftStarted"),
    invalidate,
  })
  const sync = data?.sync
  const last = (run: Json<AdminWalletPassSync>["drift"]["last"]) =>
    run
      ? run.state === "running"
        ? t("page.checks.runningNow")
        : t("page.checks.lastRun", { date: f.dateTime(run.finished_at ?? run.started_at) })
      : t("page.checks.notRun")

  return (
    <Container className="flex flex-col gap-3 px-6 py-4" data-testid="wallet-pass-background-checks">
      <Heading level="h2">{t("page.checks.title")}</Heading>
      {sync && (
        <div className="grid grid-cols-2 gap-6">
          <div className="flex flex-col gap-1">
            <Text weight="plus">{t("page.checks.installs")}</Text>
            <Text size="small" data-testid="wallet-pass-install-counts">
              {t("page.checks.installCounts", {
                installed: f.number(sync.installs.installed),
                notInstalled: f.number(sync.installs.not_installed),
                unknown: sync.installs.unknown,
              })}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {t("page.checks.every", { count: sync.installs.every_hours })}, {last(sync.installs.last)}
            </Text>
            <ActionButton action={installs} className="self-start">
              {t("page.checks.installsNow")}
            </ActionButton>
          </div>
          <div className="flex flex-col gap-1">
            <Text weight="plus">{t("page.checks.drift")}</Text>
            <Text size="small" data-testid="wallet-pass-drift-count">
              {sync.drift.holders === 0
                ? t("page.checks.noDrift")
                : t("page.checks.driftCount", { count: sync.drift.holders })}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {t("page.checks.every", { count: sync.drift.every_hours })}, {last(sync.drift.last)}
              {sync.drift.last?.counts.mismatched
                ? ` · ${t("page.checks.setRight", { count: sync.drift.last.counts.mismatched })}`
                : ""}
            </Text>
            <ActionButton action={drift} className="self-start">
              {t("page.checks.driftNow")}
            </ActionButton>
          </div>
        </div>
      )}
      <Text size="xsmall" className="text-ui-fg-subtle">
        {sync
          ? t("page.checks.budget", {
              count: sync.budget.per_hour,
              perHour: f.number(sync.budget.per_hour),
            })
          : ""}
      </Text>
    </Container>
  )
}
