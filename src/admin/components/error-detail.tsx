import { Button, Popover, Text } from "@medusajs/ui"
import { useWalletPassFormat, type WalletPassFormat } from "../lib/format"

/** The client's failure kinds (src/lib/wallet-pass-client/errors.ts), each said in words. */
const KINDS = [
  "local_validation",
  "rejected",
  "rate_limited",
  "connect_failed",
  "timeout",
  "connection_reset",
  "server_error",
  "invalid_response",
]

/**
 * A request's error in a line a merchant reads: the client writes `wallet-pass <path> failed
 * (<kind> <status>, <outcome>): <the service's text>`; that becomes "The service failed (500)"
 * or "The service refused it (400): phone format"; any other text is its first line.
 */
export function errorSummary(error: string, { t }: WalletPassFormat): string {
  const match = /^wallet-pass \S+ failed \((\w+)(?: (\d{3}))?, \w+\): ([\s\S]*)$/.exec(error)
  if (!match || !KINDS.includes(match[1])) return error.split("\n")[0]
  const [, kind, status, what] = match
  const said = t(`common.failure.${kind}`, { status: status ?? "" }).replace(" ()", "")
  const text = what.trim()
  // The service's own words say why a request was refused; the kind alone says the rest.
  return (kind === "rejected" || kind === "local_validation") && text && text !== kind ? `${said}: ${text}` : said
}

/**
 * The part of an error shown as written, in any language: the service's own words (or our
 * answer to it, in the hook log), which its support may be sent. Empty when all is in words.
 */
export function quotedError(error: string): string {
  const match = /^wallet-pass \S+ failed \((\w+)(?: (\d{3}))?, \w+\): ([\s\S]*)$/.exec(error)
  if (!match || !KINDS.includes(match[1])) return error.split("\n")[0]
  return match[1] === "rejected" || match[1] === "local_validation" ? match[3].trim() : ""
}

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
        className="min-w-0 max-w-[20rem] truncate text-ui-fg-error"
        title={summary}
        data-wallet-pass-verbatim={quotedError(error) || undefined}
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
