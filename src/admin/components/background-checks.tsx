import { Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { formatDate, getJson, postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import type { Json, AdminWalletPassSync, AdminWalletPassSyncResponse } from "../../api/types"
import { ActionButton } from "./action-button"

/**
 * The background checks (docs/adoption.md): which holders have a card installed, which
 * balances drifted from the service's, when each check last ran, and "run now".
 */
export const BackgroundChecks = () => {
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
    success: "Install check started",
    invalidate,
  })
  const drift = useWalletPassAction(() => postJson("/admin/wallet-pass/sync", { kind: "drift" }), {
    success: "Balance check started",
    invalidate,
  })
  const sync = data?.sync
  const last = (run: Json<AdminWalletPassSync>["drift"]["last"]) =>
    run
      ? run.state === "running"
        ? "running now"
        : `last run ${formatDate(run.finished_at ?? run.started_at)}`
      : "not run yet"

  return (
    <Container className="flex flex-col gap-3 px-6 py-4" data-testid="wallet-pass-background-checks">
      <Heading level="h2">Background checks</Heading>
      {sync && (
        <div className="grid grid-cols-2 gap-6">
          <div className="flex flex-col gap-1">
            <Text weight="plus">Cards installed</Text>
            <Text size="small" data-testid="wallet-pass-install-counts">
              {sync.installs.installed} installed · {sync.installs.not_installed} not installed ·{" "}
              {sync.installs.unknown} not checked
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              Every {sync.installs.every_hours} h, {last(sync.installs.last)}
            </Text>
            <ActionButton action={installs} className="self-start">
              Check installs now
            </ActionButton>
          </div>
          <div className="flex flex-col gap-1">
            <Text weight="plus">Balances at the service</Text>
            <Text size="small" data-testid="wallet-pass-drift-count">
              {sync.drift.holders === 0
                ? "No difference found"
                : `${sync.drift.holders} customer(s) whose service balance differed`}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              Every {sync.drift.every_hours} h, {last(sync.drift.last)}
              {sync.drift.last?.counts.mismatched ? ` · ${sync.drift.last.counts.mismatched} set right` : ""}
            </Text>
            <ActionButton action={drift} className="self-start">
              Check balances now
            </ActionButton>
          </div>
        </div>
      )}
      <Text size="xsmall" className="text-ui-fg-subtle">
        These use spare budget only: at most {sync?.budget.per_hour ?? "—"} requests an hour, after all other work.
      </Text>
    </Container>
  )
}
