import { Badge, Button, Text } from "@medusajs/ui"
import { Fragment, useState, type ReactNode } from "react"
import { postJson } from "../lib/api"
import { useWalletPassFormat, type WalletPassFormat } from "../lib/format"
import { errorParts } from "../lib/request-error"
import { CHECK_VALUE_KINDS, isCheckMessage, type CheckValues } from "../../lib/check-messages"
import type { ConnectionCheckResult } from "../../lib/connection-check"

const COLOR = { ok: "green", warn: "orange", fail: "red", skipped: "grey" } as const

/** Where a value stands in a translated text until it is put in as an element. */
const MARK = /\u0001(\w+)\u0002/

/** The service's own words or data, shown as written in any language. */
const Verbatim = ({ text }: { text: string }) => <span data-wallet-pass-verbatim={text || undefined}>{text}</span>

/**
 * A text of the catalogue with elements in it: `key` translated with each of `nodes` put where
 * its {{name}} stands; null when this admin has no text for the key.
 */
function withNodes(f: WalletPassFormat, key: string, nodes: Record<string, ReactNode>): ReactNode[] | null {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0001${name}\u0002`]))
  const text = f.t(key, { ...marks, defaultValue: "" })
  if (!text) return null
  return text.split(MARK).map((part, i) => <Fragment key={i}>{i % 2 ? nodes[part] : part}</Fragment>)
}

/** A value of a check's message, written by its kind (src/lib/check-messages.ts CHECK_VALUE_KINDS). */
function valueNode(f: WalletPassFormat, name: string, value: CheckValues[string]): ReactNode {
  if (isCheckMessage(value)) return said(f, value.code, value.values) ?? value.code
  const text = String(value ?? "")
  switch (CHECK_VALUE_KINDS[name]) {
    case "number":
      return Number.isFinite(Number(value)) && text.trim() !== "" ? f.number(Number(value), 1) : text
    case "verbatim":
      return <Verbatim text={text} />
    case "error": {
      // Our words for what happened, then the service's own, as written.
      const { label, quoted } = errorParts(text, f)
      return quoted ? (
        <>
          {label}: <Verbatim text={quoted} />
        </>
      ) : (
        label
      )
    }
    case "date":
      return f.dateTime(text)
    case "request":
      return f.label("operationMethod", text)
    case "hook_method":
      return f.label("hookMethod", text)
    case "hook_outcome":
      return f.label("hookOutcome", text)
    default:
      return text
  }
}

/** What the check said (its code and values) in the admin's language; null for a code this admin does not know. */
function said(f: WalletPassFormat, code: string, values: CheckValues | null): ReactNode[] | null {
  const nodes = Object.fromEntries(Object.entries(values ?? {}).map(([name, v]) => [name, valueNode(f, name, v)]))
  return withNodes(f, `check.said.${code}`, nodes)
}

/** Field names of the service's answers, as it writes them. */
const fieldList = (fields: string[]) => <Verbatim text={fields.join(", ")} />

/**
 * "Check the connection" (docs/operations.md): runs the read-only check with the merchant's
 * key and lists each step with what it found and what to do, in the admin's language: the
 * check sends each as a code and values (src/lib/check-messages.ts); the service's own words
 * (an account's name, a refusal, field names) are shown as written. A step a newer server
 * says in a code this admin does not know is shown in the check's English.
 */
export const ConnectionCheck = () => {
  const f = useWalletPassFormat()
  const { t } = f
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
      {result?.steps.map((step) => {
        const todo = step.todo_code
          ? (said(f, step.todo_code, step.todo_values) ?? <Verbatim text={step.todo ?? ""} />)
          : step.todo && <Verbatim text={step.todo} />
        return (
          <div key={step.id} className="flex flex-col gap-0.5" data-testid={`wallet-pass-check-${step.id}`}>
            <div className="flex items-center gap-2">
              <Badge size="2xsmall" color={COLOR[step.status]}>
                {t(`check.status.${step.status}`)}
              </Badge>
              <Text size="small" weight="plus">
                {t(`check.step.${step.id}`)}
              </Text>
            </div>
            <Text size="small" data-testid="wallet-pass-check-found">
              {said(f, step.found_code, step.found_values) ?? <Verbatim text={step.found} />}
            </Text>
            {!!step.unknown_fields?.length && (
              <Text size="small">
                {withNodes(f, "check.unknownFields", { fields: fieldList(step.unknown_fields) })}
              </Text>
            )}
            {!!step.missing_fields?.length && (
              <Text size="small">
                {withNodes(f, "check.missingFields", { fields: fieldList(step.missing_fields) })}
              </Text>
            )}
            {todo && (
              <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-check-todo">
                {withNodes(f, "check.todo", { todo })}
              </Text>
            )}
            {step.answer !== undefined && (
              <pre
                className="bg-ui-bg-subtle max-h-40 overflow-auto rounded p-2 text-xs"
                data-wallet-pass-verbatim={JSON.stringify(step.answer, null, 2)}
              >
                {JSON.stringify(step.answer, null, 2)}
              </pre>
            )}
          </div>
        )
      })}
    </div>
  )
}
