import { Button, Popover, Text } from "@medusajs/ui"
import { useWalletPassFormat } from "../lib/format"
import { errorParts } from "../lib/request-error"

/**
 * A request's error in words, and its whole text on demand: our words for what happened in
 * the admin's language, then the service's own words (or another text the log keeps) as
 * written, marked `data-wallet-pass-verbatim`; the popover shows the whole error as the log
 * keeps it, to select and copy (or send to the service's support). `other` names what
 * happened for a text the client did not write (the hook log: our answer to the service).
 */
export const ErrorDetail = ({ error, testId, other }: { error: string | null; testId?: string; other?: string }) => {
  const f = useWalletPassFormat()
  if (!error) return <>{f.t("common.none")}</>
  const { label, quoted } = errorParts(error, f, other)
  return (
    <div className="flex min-w-0 items-center gap-1">
      <Text
        size="small"
        className="min-w-0 max-w-[12rem] truncate text-ui-fg-error"
        title={quoted ? `${label}: ${quoted}` : label}
        data-testid={testId && `${testId}-summary`}
      >
        {label}
        {quoted && (
          <>
            {": "}
            <span data-wallet-pass-verbatim={quoted}>{quoted}</span>
          </>
        )}
      </Text>
      <Popover>
        <Popover.Trigger asChild>
          <Button size="small" variant="transparent" className="shrink-0" data-testid={testId}>
            {f.t("common.actions.showError")}
          </Button>
        </Popover.Trigger>
        <Popover.Content className="max-h-80 max-w-md overflow-auto p-3">
          <Text size="small" className="text-ui-fg-subtle">
            {f.t("common.failure.whole")}
          </Text>
          <Text
            size="small"
            className="whitespace-pre-wrap break-words font-mono"
            data-testid={testId && `${testId}-text`}
            data-wallet-pass-verbatim={error}
          >
            {error}
          </Text>
        </Popover.Content>
      </Popover>
    </div>
  )
}
