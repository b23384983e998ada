import { Button, Popover, Text } from "@medusajs/ui"
import { useWalletPassFormat } from "../lib/format"
import { errorSummary, readError } from "../lib/request-error"

/**
 * A request's error in words, and its whole text on demand: the service's answer can be long;
 * the popover shows it as written, to select and copy (or send to the service's support).
 */
export const ErrorDetail = ({ error, testId }: { error: string | null; testId?: string }) => {
  const f = useWalletPassFormat()
  if (!error) return <>{f.t("common.none")}</>
  const summary = errorSummary(error, f)
  return (
    <div className="flex min-w-0 items-center gap-1">
      <Text
        size="small"
        className="min-w-0 max-w-[12rem] truncate text-ui-fg-error"
        title={summary}
        data-wallet-pass-verbatim={readError(error).quoted || undefined}
      >
        {summary}
      </Text>
      <Popover>
        <Popover.Trigger asChild>
          <Button size="small" variant="transparent" className="shrink-0" data-testid={testId}>
            {f.t("common.actions.showError")}
          </Button>
        </Popover.Trigger>
        <Popover.Content className="max-h-80 max-w-md overflow-auto p-3">
          <Text
            size="small"
            className="whitespace-pre-wrap break-words font-mono"
            data-testid={testId && `${testId}-text`}
          >
            {error}
          </Text>
        </Popover.Content>
      </Popover>
    </div>
  )
}
