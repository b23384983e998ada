import { Badge, Button, Text } from "@medusajs/ui"
import { useState } from "react"
import { postJson } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import type { ConnectionCheckResult } from "../../lib/connection-check"

const COLOR = { ok: "green", warn: "orange", fail: "red", skipped: "grey" } as const

/**
 * "Check the connection" (docs/operations.md): runs the read-only check with the merchant's
 * key and lists each step with what it found and what to do. The service's texts (found,
 * to do) are shown as the check wrote them; the step names and states are translated.
 */
export const ConnectionCheck = () => {
  const { t } = useWalletPassFormat()
  const [running, setRunning] = useState(false)
  const [result, setResult] = useState<ConnectionCheckResult | null>(null)
  const [failed, setFailed] = useState(false)
  const run = async () => {
    setRunning(true)
    setFailed(false)
    try {
      setResult((await postJson<{ check: ConnectionCheckResult }>("/admin/wallet-pass/check")).check)
    } catch {
      setFailed(true)
    } finally {
      setRunning(false)
    }
  }
  return (
    <div className="flex flex-col gap-2 px-6 py-4" data-testid="wallet-pass-connection-check">
      <div className="flex items-center justify-between">
        <Text size="small" className="text-ui-fg-subtle">
          {result
            ? result.ok
              ? t("check.passed", { count: result.requests.length })
              : t("check.failedAt", {
                  step: t(`check.step.${result.failed_step}`),
                  count: result.requests.length,
                })
            : t("check.intro")}
        </Text>
        <Button size="small" variant="secondary" isLoading={running} onClick={run} data-testid="wallet-pass-run-check">
          {t("check.run")}
        </Button>
      </div>
      {failed && <Text className="text-ui-fg-error">{t("check.couldNotRun")}</Text>}
      {result?.steps.map((step) => (
        <div key={step.id} className="flex flex-col gap-0.5" data-testid={`wallet-pass-check-${step.id}`}>
          <div className="flex items-center gap-2">
            <Badge size="2xsmall" color={COLOR[step.status]}>
              {t(`check.status.${step.status}`)}
            </Badge>
            <Text size="small" weight="plus">
              {t(`check.step.${step.id}`)}
            </Text>
          </div>
          <Text size="small">{step.found}</Text>
          {!!step.unknown_fields?.length && (
            <Text size="small">{t("check.unknownFields", { fields: step.unknown_fields.join(", ") })}</Text>
          )}
          {!!step.missing_fields?.length && (
            <Text size="small">{t("check.missingFields", { fields: step.missing_fields.join(", ") })}</Text>
          )}
          {step.todo && (
            <Text size="small" className="text-ui-fg-subtle">
              {t("check.todo", { todo: step.todo })}
            </Text>
          )}
          {step.answer !== undefined && (
            <pre className="bg-ui-bg-subtle max-h-40 overflow-auto rounded p-2 text-xs">
              {JSON.stringify(step.answer, null, 2)}
            </pre>
          )}
        </div>
      ))}
    </div>
  )
}
