import { Badge, Button, Container, Heading, Input, Label, Text, Textarea } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { PushType } from "../../lib/constants"
import { formatDate, getJson, postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { PUSH_TYPE_LABEL, PushTypeSelect } from "./push-form"
import type { AdminWalletPassCampaignListResponse } from "../../api/types"
import { RowsTable } from "./rows-table"

const CampaignForm = () => {
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
    { success: "Campaign created; send it when ready", invalidate: [walletPassKeys.campaigns] }
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
        New campaign
      </Label>
      <Text size="small" className="text-ui-fg-subtle">
        A push must not change a variable a template notification is bound to, or customers see the generic notification
        instead of your text: campaigns carry text only.
      </Text>
      <div className="flex gap-2">
        <Input
          size="small"
          className="flex-1"
          placeholder="Name (optional)"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Input
          size="small"
          className="flex-1"
          placeholder="Segment UUID (empty: the whole base)"
          value={segment}
          onChange={(e) => setSegment(e.target.value)}
        />
        <div className="w-40">
          <PushTypeSelect value={type} onChange={setType} />
        </div>
      </div>
      <Textarea
        rows={2}
        maxLength={1000}
        placeholder="Message"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <div>
        <Button size="small" type="submit" variant="secondary" disabled={!message.trim()} isLoading={create.isPending}>
          Create campaign
        </Button>
      </div>
    </form>
  )
}

/** Push campaigns: create for the whole base or a segment, then send once. */
export const Campaigns = () => {
  const { data } = useQuery({
    queryKey: walletPassKeys.campaigns,
    queryFn: () => getJson<AdminWalletPassCampaignListResponse>("/admin/wallet-pass/campaigns", { limit: "20" }),
    refetchInterval: (query) =>
      query.state.data?.campaigns.some((c) => c.state === "draft" || c.state === "sending") ? 3000 : false,
  })
  const send = useWalletPassAction((id: string) => postJson(`/admin/wallet-pass/campaigns/${id}/send`), {
    success: "Campaign queued for sending",
    invalidate: [walletPassKeys.campaigns],
  })
  const campaigns = data?.campaigns ?? []

  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Push campaigns</Heading>
      </div>
      <CampaignForm />
      {campaigns.length > 0 && (
        <RowsTable
          rows={campaigns}
          columns={[
            { header: "Created", cell: (c) => formatDate(c.created_at) },
            {
              header: "Campaign",
              cell: (c) => `${PUSH_TYPE_LABEL[c.type] ?? c.type}: ${c.name ?? c.message}`,
              title: (c) => c.message,
              truncate: true,
            },
            {
              header: "Audience",
              cell: (c) => (c.segment_uuid ? `segment ${c.segment_uuid.slice(0, 8)}…` : "whole base"),
            },
            {
              header: "State",
              title: (c) => c.error,
              cell: (c) => (
                <>
                  <Badge size="2xsmall" color={c.state === "failed" ? "red" : c.state === "sent" ? "green" : "grey"}>
                    {c.state}
                  </Badge>
                  {c.sent_at && (
                    <Text size="xsmall" className="text-ui-fg-subtle">
                      {formatDate(c.sent_at)}
                    </Text>
                  )}
                </>
              ),
            },
            {
              cell: (c) =>
                c.state === "created" && (
                  <Button size="small" variant="secondary" disabled={send.isPending} onClick={() => send.mutate(c.id)}>
                    Send
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Container>
  )
}
