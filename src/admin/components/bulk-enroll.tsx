import { Container, Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { getJson, postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import type { AdminWalletPassEnrollAllResponse, AdminWalletPassEnrollAllStartResponse } from "../../api/types"
import { ActionButton } from "./action-button"

/**
 * Enrol every existing customer with a phone; requests go out after other work, within the
 * plan's limits. Says how many a click queued, or that nobody was left to enrol.
 */
export const BulkEnroll = () => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data } = useQuery({
    queryKey: walletPassKeys.enrollAll,
    queryFn: () => getJson<AdminWalletPassEnrollAllResponse>("/admin/wallet-pass/enroll-all"),
    refetchInterval: (query) => ((query.state.data?.progress.pending ?? 0) > 0 ? 5000 : false),
  })
  const start = useWalletPassAction(
    () => postJson<AdminWalletPassEnrollAllStartResponse>("/admin/wallet-pass/enroll-all"),
    {
      success: ({ run }) =>
        run.enrolled > 0
          ? t("page.enroll.queued", { count: run.enrolled })
          : run.not_enrolled > 0
            ? t("page.enroll.noPhones", { count: run.not_enrolled })
            : t("page.enroll.nobody"),
      invalidate: [walletPassKeys.enrollAll, walletPassKeys.status],
    }
  )
  const p = data?.progress
  const done = p ? p.enrolled + p.failed + p.not_enrolled_no_phone : 0
  const percent = p && p.total > 0 ? Math.round((done / p.total) * 100) : 0

  return (
    <Container className="flex flex-col gap-3 px-6 py-4" data-testid="wallet-pass-enroll-section">
      <div className="flex items-center justify-between">
        <Heading level="h2">{t("page.enroll.title")}</Heading>
        <ActionButton action={start} data-testid="wallet-pass-enroll-all">
          {t("page.enroll.button")}
        </ActionButton>
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        {t("page.enroll.help")}
      </Text>
      {p && p.total > 0 && (
        <>
          <div className="h-2 w-full overflow-hidden rounded-full bg-ui-bg-subtle">
            <div className="h-full bg-ui-fg-interactive" style={{ width: `${percent}%` }} />
          </div>
          <Text size="small">
            {t("page.enroll.progress", {
              done,
              total: f.number(p.total),
              enrolled: f.number(p.enrolled),
              pending: f.number(p.pending),
              failed: f.number(p.failed),
              noPhone: f.number(p.not_enrolled_no_phone),
            })}
          </Text>
        </>
      )}
    </Container>
  )
}
