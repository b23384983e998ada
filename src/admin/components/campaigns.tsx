import { Badge, Button, Container, Heading, Input, Text, usePrompt } from "@medusajs/ui"
import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { getJson, postJson, usePagedList, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { PushMessageForm, usePushDraft } from "./push-message"
import type {
  AdminWalletPassCampaign,
  AdminWalletPassCampaignAudienceResponse,
  AdminWalletPassCampaignListResponse,
  Json,
} from "../../api/types"
import { RowsTable } from "./rows-table"

type Campaign = Json<AdminWalletPassCampaign>

const CampaignForm = () => {
  const { t } = useWalletPassFormat()
  const [name, setName] = useState("")
  const [segment, setSegment] = useState("")
  const draft = usePushDraft()
  const create = useWalletPassAction(
    () =>
      postJson("/admin/wallet-pass/campaigns", {
        message: draft.message,
        type: draft.type,
        ...(name.trim() && { name: name.trim() }),
        ...(segment.trim() && { segment_uuid: segment.trim() }),
      }),
    { success: t("page.campaigns.created"), invalidate: [walletPassKeys.campaigns] }
  )

  return (
    <PushMessageForm
      heading={{ title: t("page.campaigns.new"), help: t("page.campaigns.help") }}
      draft={draft}
      placeholder={t("page.campaigns.message")}
      submitLabel={t("page.campaigns.create")}
      send={create}
      onSent={() => setName("")}
      testIds={{ message: "wallet-pass-campaign-message", submit: "wallet-pass-campaign-create" }}
      fields={
        <>
          <div className="flex-1">
            <Input
              size="small"
              placeholder={t("page.campaigns.name")}
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="wallet-pass-campaign-name"
            />
          </div>
          <div className="flex-1">
            <Input
              size="small"
              placeholder={t("page.campaigns.segment")}
              title={t("page.campaigns.segment")}
              value={segment}
              onChange={(e) => setSegment(e.target.value)}
            />
          </div>
        </>
      }
    />
  )
}

/**
 * Push campaigns: create one for the whole base or a segment, then send it once, after a
 * confirmation that says how many cards it goes to; the row follows the send as it happens.
 */
export const Campaigns = () => {
  const f = useWalletPassFormat()
  const { t } = f
  const prompt = usePrompt()
  const queryClient = useQueryClient()
  const { data, paging } = usePagedList<AdminWalletPassCampaignListResponse>(
    walletPassKeys.campaigns,
    "/admin/wallet-pass/campaigns",
    {},
    {
      pageSize: 10,
      // Until the service has answered: a campaign being created, or a send on its way.
      refetchInterval: (page) =>
        page?.campaigns.some((c) => c.state === "draft" || c.state === "sending") ? 3000 : false,
    }
  )
  // The list reloads at once and shows the campaign as sending, then polls until it is sent.
  const send = useWalletPassAction((id: string) => postJson(`/admin/wallet-pass/campaigns/${id}/send`), {
    success: t("page.campaigns.queued"),
    invalidate: [walletPassKeys.campaigns],
  })
  const confirmSend = async (c: Campaign) => {
    const { audience } = await queryClient.fetchQuery({
      queryKey: [...walletPassKeys.campaigns, "audience"],
      queryFn: () => getJson<AdminWalletPassCampaignAudienceResponse>("/admin/wallet-pass/campaigns/audience"),
      staleTime: 0,
    })
    const title = c.name ?? c.message
    const description = c.segment_uuid
      ? t("page.campaigns.confirmSegment", { segment: c.segment_uuid })
      : [
          t("page.campaigns.confirmBase", { count: audience.installed, customers: f.number(audience.holders) }),
          audience.unchecked ? t("page.campaigns.confirmUnchecked", { count: audience.unchecked }) : "",
          t("page.campaigns.confirmOnce"),
        ]
          .filter(Boolean)
          .join(" ")
    const ok = await prompt({
      title: t("page.campaigns.confirmTitle", { name: title.length > 60 ? `${title.slice(0, 59)}…` : title }),
      description,
      confirmText: c.segment_uuid
        ? t("page.campaigns.sendSegment")
        : t("page.campaigns.sendTo", { count: audience.installed }),
      cancelText: t("common.actions.cancel"),
      variant: "confirmation",
    })
    if (ok) send.mutate(c.id)
  }
  const campaigns = data?.campaigns ?? []

  return (
    <Container className="divide-y p-0" data-testid="wallet-pass-campaigns">
      <div className="px-6 py-4">
        <Heading level="h2">{t("page.campaigns.title")}</Heading>
      </div>
      <CampaignForm />
      {campaigns.length > 0 && (
        <RowsTable<Campaign>
          rows={campaigns}
          paging={paging}
          testId="wallet-pass-campaigns-table"
          columns={[
            {
              header: t("common.columns.created"),
              cell: (c) => f.dateTime(c.created_at),
              className: "whitespace-nowrap",
            },
            {
              header: t("page.campaigns.campaign"),
              cell: (c) => `${f.label("pushType", c.type)}: ${c.name ?? c.message}`,
              title: (c) => c.message,
              truncate: true,
            },
            {
              header: t("page.campaigns.audience"),
              cell: (c) =>
                c.segment_uuid
                  ? t("page.campaigns.segmentShort", { segment: `${c.segment_uuid.slice(0, 8)}…` })
                  : t("page.campaigns.wholeBase"),
            },
            {
              header: t("common.columns.state"),
              cell: (c) => (
                <div className="flex flex-col items-start gap-0.5">
                  <Badge
                    size="2xsmall"
                    color={
                      c.state === "failed"
                        ? "red"
                        : c.state === "sent"
                          ? "green"
                          : c.state === "sending"
                            ? "blue"
                            : "grey"
                    }
                    data-testid="wallet-pass-campaign-state"
                  >
                    {f.label("campaignState", c.state)}
                  </Badge>
                  {c.sent_at && (
                    <Text size="xsmall" className="text-ui-fg-subtle">
                      {f.dateTime(c.sent_at)}
                    </Text>
                  )}
                  {c.state === "failed" && c.error && (
                    <Text size="xsmall" className="max-w-[16rem] truncate text-ui-fg-error" title={c.error}>
                      {c.error}
                    </Text>
                  )}
                </div>
              ),
            },
            {
              cell: (c) =>
                (c.state === "created" || c.state === "failed") &&
                c.remote_uuid && (
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={send.isPending}
                    onClick={() => confirmSend(c)}
                    data-testid="wallet-pass-campaign-send"
                  >
                    {t("common.actions.send")}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Container>
  )
}
