// The kit's pieces in the dtc-starter's look: Tailwind classes of `@medusajs/ui-preset` for
// their `classNames` slots (the pieces draw no class of their own). Kept in a file under
// src/modules, which the starter's tailwind.config.js scans, so Tailwind generates them.

const button =
  "inline-flex h-10 items-center justify-center rounded-md px-4 txt-compact-small-plus transition-colors disabled:opacity-50"
const primaryButton =
  "bg-ui-button-inverted text-ui-fg-on-inverted shadow-buttons-inverted hover:bg-ui-button-inverted-hover"
const secondaryButton = "bg-ui-button-neutral text-ui-fg-base shadow-buttons-neutral hover:bg-ui-button-neutral-hover"
const input =
  "h-10 w-full rounded-md bg-ui-bg-field px-3 txt-medium text-ui-fg-base shadow-borders-base outline-none focus:shadow-borders-interactive-with-active aria-[invalid=true]:shadow-borders-error"
const label = "txt-compact-small-plus text-ui-fg-base"
const error = "txt-compact-small text-ui-fg-error"

export const payWithBonusClasses = {
  root: "flex flex-col gap-y-2",
  summary: "txt-medium text-ui-fg-subtle",
  title: "text-ui-fg-base",
  amount: "text-ui-fg-interactive",
  label,
  input,
  button,
  primaryButton,
  secondaryButton,
  error,
  status: "txt-medium text-ui-fg-subtle",
}

export const phoneVerificationClasses = {
  root: "flex flex-col gap-y-3",
  lead: "txt-medium text-ui-fg-subtle",
  form: "flex flex-col items-start gap-y-2",
  label,
  input: `${input} max-w-xs`,
  button,
  primaryButton,
  secondaryButton,
  error,
  status: "txt-medium text-ui-fg-base",
}

export const levelProgressClasses = {
  root: "flex max-w-md flex-col gap-y-2 txt-medium text-ui-fg-subtle",
  name: "text-ui-fg-base",
  progress:
    "h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-ui-bg-subtle [&::-webkit-progress-value]:bg-ui-fg-interactive",
}

export const addToWalletClasses = {
  root: "flex flex-col items-start gap-4 small:flex-row",
  status: "txt-medium text-ui-fg-subtle",
  error,
  qrCode: "h-48 w-48 rounded-md bg-white p-2 shadow-borders-base",
  qrText: "flex flex-col gap-y-1 txt-medium text-ui-fg-subtle",
  qrTitle: "text-ui-fg-base",
  link: "txt-compact-small text-ui-fg-interactive hover:underline",
}

/** The phone's own form on the pass page (ours, not a kit piece). */
export const phoneFormClasses = {
  root: "flex max-w-md flex-col items-start gap-y-2",
  label,
  input,
  button,
  primaryButton,
  error,
}
