import { SquareTwoStack } from "@medusajs/icons"
import { IconButton, toast } from "@medusajs/ui"
import { useWalletPassFormat } from "../lib/format"

/** Puts text on the clipboard: the Clipboard API, else a selected text area (plain-HTTP admins). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text)
  const area = document.createElement("textarea")
  area.value = text
  area.setAttribute("readonly", "")
  area.style.position = "fixed"
  area.style.opacity = "0"
  document.body.appendChild(area)
  area.select()
  document.execCommand("copy")
  area.remove()
}

/** A copy button that says in the admin's language what it did (Medusa's Copy speaks English only). */
export const CopyButton = ({ text, label, testId }: { text: string; label: string; testId?: string }) => {
  const { t } = useWalletPassFormat()
  return (
    <IconButton
      size="small"
      variant="transparent"
      aria-label={`${t("common.actions.copy")}: ${label}`}
      title={t("common.actions.copy")}
      data-testid={testId}
      onClick={async () => {
        try {
          await copyText(text)
          toast.success(t("common.actions.copiedWhat", { what: label }))
        } catch {
          toast.error(t("common.toast.failedPlain"))
        }
      }}
    >
      <SquareTwoStack />
    </IconButton>
  )
}
