import { Button, Label, Select, Text, Textarea } from "@medusajs/ui"
import { useState } from "react"
import { PUSH_TYPES, type PushType } from "../../lib/constants"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"

/** Choose a push type, in the admin's words; shared by the personal push and the campaign form. */
export const PushTypeSelect = ({ value, onChange }: { value: PushType; onChange: (v: PushType) => void }) => {
  const { label, t } = useWalletPassFormat()
  return (
    <Select value={value} onValueChange={(v) => onChange(v as PushType)} size="small">
      <Select.Trigger aria-label={t("customer.push.type")}>
        <Select.Value />
      </Select.Trigger>
      <Select.Content>
        {PUSH_TYPES.map((type) => (
          <Select.Item key={type} value={type}>
            {label("pushType", type)}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  )
}

/** A personal push to one customer. */
export const PushForm = ({ customerId }: { customerId: string }) => {
  const { t } = useWalletPassFormat()
  const [type, setType] = useState<PushType>("push")
  const [message, setMessage] = useState("")
  const send = useWalletPassAction(
    () => postJson(`/admin/customers/${customerId}/wallet-pass/push`, { type, message }),
    { success: t("customer.push.queued"), invalidate: [walletPassKeys.customer(customerId)] }
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
        {t("customer.push.title")}
      </Label>
      <Text size="small" className="text-ui-fg-subtle">
        {t("customer.push.help")}
      </Text>
      <div className="flex gap-2">
        <div className="w-44">
          <PushTypeSelect value={type} onChange={setType} />
        </div>
        <Textarea
          className="flex-1"
          rows={2}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder={t("customer.push.message")}
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
          {t("customer.push.send")}
        </Button>
      </div>
    </form>
  )
}
