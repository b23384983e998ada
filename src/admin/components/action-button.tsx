import { Button, usePrompt } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useWalletPassFormat } from "../lib/format"

/** What the button runs: a mutation of `useWalletPassAction` without variables. */
export type ButtonAction = { isPending: boolean; mutate: (vars: void) => void }

type Props = {
  action: ButtonAction
  children: ReactNode
  variant?: "primary" | "secondary"
  /** Asks first, the way the dashboard confirms an action that is hard to undo. */
  confirm?: { title: string; description: string; confirmText: string }
  className?: string
  "data-testid"?: string
}

/** A small button that runs one admin action and shows it running. */
export const ActionButton = ({ action, children, variant = "secondary", confirm, ...rest }: Props) => {
  const prompt = usePrompt()
  const { t } = useWalletPassFormat()
  const run = async () => {
    if (confirm && !(await prompt({ ...confirm, cancelText: t("common.actions.cancel") }))) return
    action.mutate()
  }
  return (
    <Button size="small" variant={variant} isLoading={action.isPending} onClick={run} {...rest}>
      {children}
    </Button>
  )
}
