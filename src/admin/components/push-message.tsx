import { Button, Label, Select, Text, Textarea } from "@medusajs/ui"
import { type ReactNode, useState } from "react"
import { PUSH_TYPES, type PushType } from "../../lib/constants"
import { useWalletPassFormat } from "../lib/format"

/** Choose a push type, in the admin's words. */
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

/** What a push form holds while the admin writes: the push type and the message. */
export function usePushDraft() {
  const [type, setType] = useState<PushType>("push")
  const [message, setMessage] = useState("")
  return { type, setType, message, setMessage }
}

type PushMessageFormProps = {
  /** The form's title and the help under it. */
  heading: { title: string; help: string }
  draft: ReturnType<typeof usePushDraft>
  placeholder: string
  submitLabel: string
  /**
   * What the button runs (a mutation of `useWalletPassAction` reading the draft): it shows it
   * running, is off while the message is blank, and empties the message once it succeeded.
   */
  send: { isPending: boolean; mutate: (vars: void, options: { onSuccess: () => void }) => void }
  /** Also run once a send succeeded. */
  onSent?: () => void
  testIds: { message: string; submit: string }
  /**
   * Fields of the form before the push type, on its row; the message then goes under them.
   * Without any, the message stands beside the push type.
   */
  fields?: ReactNode
}

/** A push to write and send: its type, its message and the send button (a personal push, a campaign). */
export const PushMessageForm = ({
  heading,
  draft,
  placeholder,
  submitLabel,
  send,
  onSent,
  testIds,
  fields,
}: PushMessageFormProps) => {
  const messageBox = (
    <Textarea
      className={fields ? undefined : "flex-1"}
      rows={2}
      maxLength={1000}
      value={draft.message}
      onChange={(e) => draft.setMessage(e.target.value)}
      placeholder={placeholder}
      data-testid={testIds.message}
    />
  )
  return (
    <form
      className="flex flex-col gap-2 px-6 py-4"
      onSubmit={(e) => {
        e.preventDefault()
        send.mutate(undefined, {
          onSuccess: () => {
            draft.setMessage("")
            onSent?.()
          },
        })
      }}
    >
      <Label size="small" weight="plus">
        {heading.title}
      </Label>
      <Text size="small" className="text-ui-fg-subtle">
        {heading.help}
      </Text>
      <div className="flex gap-2">
        {fields}
        <div className="w-44">
          <PushTypeSelect value={draft.type} onChange={draft.setType} />
        </div>
        {!fields && messageBox}
      </div>
      {fields && messageBox}
      <div>
        <Button
          size="small"
          type="submit"
          variant="secondary"
          disabled={!draft.message.trim()}
          isLoading={send.isPending}
          data-testid={testIds.submit}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
