import { Button, Label, Select, Text, Textarea } from "@medusajs/ui"
import { useState } from "react"
import { PUSH_TYPES, type PushType } from "../../lib/constants"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"

export const PUSH_TYPE_LABEL: Record<PushType, string> = {
  push: "Wallet push",
  webpush: "Web push",
  telegram: "Telegram",
}

/** Choose a push type; shared by the personal push and the campaign form. */
export const PushTypeSelect = ({ value, onChange }: { value: PushType; onChange: (v: PushType) => void }) => (
  <Select value={value} onValueChange={(v) => onChange(v as PushType)} size="small">
    <Select.Trigger>
      <Select.Value />
    </Select.Trigger>
    <Select.Content>
      {PUSH_TYPES.map((t) => (
        <Select.Item key={t} value={t}>
          {PUSH_TYPE_LABEL[t]}
        </Select.Item>
      ))}
    </Select.Content>
  </Select>
)

/** A personal push to one customer. */
export const PushForm = ({ customerId }: { customerId: string }) => {
  const [type, setType] = useState<PushType>("push")
  const [message, setMessage] = useState("")
  const send = useWalletPassAction(
    () => postJson(`/admin/customers/${customerId}/wallet-pass/push`, { type, message }),
    { success: "Push queued", invalidate: [walletPassKeys.customer(customerId)] }
  )

  return (
    <form
      className="flex flex-col gap-2 px-6 py-4"
      onSubmit={(e) => {
        e.preventDefault()
        send.mutate(undefined, { onSuccess: () => setMessage("") })
      }}
    >
      <Label size="small" weight="plus">
        Personal push
      </Label>
      <Text size="small" className="text-ui-fg-subtle">
        A push is sent on its own, never together with a balance change, so the customer sees this text.
      </Text>
      <div className="flex gap-2">
        <div className="w-40">
          <PushTypeSelect value={type} onChange={setType} />
        </div>
        <Textarea
          className="flex-1"
          rows={2}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Message"
          data-testid="wallet-pass-push-message"
        />
      </div>
      <div>
        <Button
          size="small"
          type="submit"
          variant="secondary"
          disabled={!message.trim()}
          isLoading={send.isPending}
          data-testid="wallet-pass-push-send"
        >
          Send push
        </Button>
      </div>
    </form>
  )
}
