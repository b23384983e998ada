import { Button, Popover, Text } from "@medusajs/ui"
import { useWalletPassFormat } from "../lib/format"

/**
 * A request's error, whole, on demand: the list shows its first line, this opens all of it
 * (the service's answer can be long) in a popover the admin can select and copy from.
 */
export const ErrorDetail = ({ error, testId }: { error: string | null; testId?: string }) => {
  const { t } = useWalletPassFormat()
  if (!error) return <>{t("common.none")}</>
  const firstLine = error.split("\n")[0]
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Text size="small" className="min-w-0 max-w-[16rem] truncate text-ui-fg-error" title={firstLine}>
        {firstLine}
      </Text>
      <Popover>
        <Popover.Trigger asChild>
          <Button size="small" variant="transparent" className="shrink-0" data-testid={testId}>
            {t("common.actions.showError")}
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
