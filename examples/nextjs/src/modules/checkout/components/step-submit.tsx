"use client"

import { useState, type ReactNode } from "react"
import { Button } from "@modules/common/components/ui"

/**
 * A checkout step's action: `run` moves the shopper on (it navigates, so `busy` stays on) or
 * answers the store's refusal, thrown or returned as text, which `error` then holds.
 */
export function useStepAction(run: () => Promise<string | void | null | undefined>) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async () => {
    setBusy(true)
    setError(null)
    const refused = await run().catch((e: unknown) => (e instanceof Error ? e.message : String(e)))
    if (refused) {
      setError(refused)
      setBusy(false)
    }
  }
  return { busy, error, submit }
}

/** The step's refusal, if any, and its button. */
export function StepSubmit({
  action,
  disabled,
  testId,
  children,
}: {
  action: ReturnType<typeof useStepAction>
  disabled?: boolean
  testId: string
  children: ReactNode
}) {
  return (
    <>
      {action.error && (
        <p role="alert" className="txt-compact-small text-ui-fg-error">
          {action.error}
        </p>
      )}
      <Button
        size="large"
        className="self-start"
        onClick={action.submit}
        isLoading={action.busy}
        disabled={disabled}
        data-testid={testId}
      >
        {children}
      </Button>
    </>
  )
}
