import { Badge, Button, Container, Heading, Input, Label, Text, Textarea, usePrompt } from "@medusajs/ui"
import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import type { PushType } from "../../lib/constants"
import { getJson, postJson, usePagedList, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { PushTypeSelect } from "./push-form"
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
  const [message, setMessage] = useState("")
  const [segment, setSegment] = useState("")
  const [type, setType] = useState<PushType>("push")
  const create = useWalletPassAction(
    () =>
      postJson("/admin/wallet-pass/campaigns", {
        message,
        type,
        ...(name.trim() && { name: name.trim() }),
        ...(segment.trim() && { segment_uuid: segment.trim() }),
      }),
    { success: t("page.campaigns.created"), invalidate: [walletPassKeys.campaigns] }
  )

  return (
    <form
      className="flex flex-col gap-2 px-6 py-4"
      onSubmit={(e) => {
        e.preventDefault()
        create.mutate(undefined, {
          onSuccess: () => {
            setName("")
            setMessage("")
          },
        })
      }}
    >
      <Label size="small" weight="plus">
        {t("page.campaigns.new")}
      </Label>
      <Text size="small" className="text-ui-fg-subtle">
        {t("page.campaigns.help")}
      </Text>
      <div className="flex gap-2">
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
        <div className="w-44">
          <PushTypeSelect value={type} onChange={setType} />
        </div>
      </div>
      <Textarea
        rows={2}
        maxLength={1000}
        placeholder={t("page.campaigns.message")}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        data-testid="wallet-pass-campaign-message"
      />
      <div>
        <Button
          size="small"
          type="submit"
          variant="secondary"
          disabled={!message.trim()}
          isLoading={create.isPending}
          data-testid="wallet-pass-campaign-create"
        >
          {t("page.campaigns.create")}
        </Button>
      </div>
    </form>
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
          t("page.campaigns.confirmBase", { count: audience.installed, customers: audience.holders }),
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
