import { Button, Hint, Input, Label, Select, usePrompt } from "@medusajs/ui"
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from "react"
import { MAX_AMOUNT, type ParsedAmount } from "../lib/amount-input"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"
import { useWalletPassFormat, type WalletPassFormat } from "../lib/format"

/**
 * A manual change above this (hundredths of the balance currency, 1,000.00) asks for
 * confirmation first: the usual slip, a decimal separator read as a group separator, makes
 * an amount 100 times larger.
 */
export const CONFIRM_ABOVE_MINOR = 100_000

type Props = {
  customerId: string
  /** Balance unit, as the API answers it. */ balance: number
  currencyCode: string | null
}
type FieldErrors = { amount?: string; reason?: string }

/** Why a typed amount was refused, in the admin's words. */
function refusal(parsed: Extract<ParsedAmount, { ok: false }>, f: WalletPassFormat): string {
  const max = f.number(MAX_AMOUNT)
  return f.t(`customer.adjust.problem.${parsed.problem}`, { example: parsed.example, max })
}

/**
 * A manual credit or debit, with the reason the ledger keeps. The amount is read in the
 * admin's locale and the resulting balance shown before anything is sent; mistakes show
 * under their field.
 */
export const AdjustForm = ({ customerId, balance, currencyCode }: Props) => {
  const prompt = usePrompt()
  const f = useWalletPassFormat()
  const { t } = f
  const [direction, setDirection] = useState<"credit" | "debit">("credit")
  const [amount, setAmount] = useState("")
  const [reason, setReason] = useState("")
  const [errors, setErrors] = useState<FieldErrors>({})
  const money = (minor: number) => f.minorMoney(minor, currencyCode)
  const balanceMinor = Math.round(balance * 100)
  const parsed = amount.trim() ? f.parseAmount(amount) : null
  const change = parsed?.ok ? (direction === "credit" ? parsed.minor : -parsed.minor) : null

  const adjust = useWalletPassAction(
    (minor: number) =>
      postJson(`/admin/customers/${customerId}/wallet-pass/adjust`, { amount: minor / 100, reason: reason.trim() }),
    {
      success: direction === "credit" ? t("customer.adjust.credited") : t("customer.adjust.debited"),
      invalidate: [walletPassKeys.customer(customerId)],
    }
  )

  const check = (): FieldErrors => ({
    amount: !parsed
      ? t("customer.adjust.problem.empty")
      : !parsed.ok
        ? refusal(parsed, f)
        : direction === "debit" && parsed.minor > balanceMinor
          ? t("customer.adjust.overBalance", { balance: money(balanceMinor) })
          : undefined,
    reason: reason.trim() ? undefined : t("customer.adjust.reasonRequired"),
  })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = check()
    setErrors(found)
    if (found.amount || found.reason || change === null) return
    if (Math.abs(change) > CONFIRM_ABOVE_MINOR) {
      const values = { amount: money(Math.abs(change)) }
      const credit = change > 0
      const confirmed = await prompt({
        title: t(credit ? "customer.adjust.confirmCreditTitle" : "customer.adjust.confirmDebitTitle", values),
        description: t("customer.adjust.confirmText", {
          from: money(balanceMinor),
          to: money(balanceMinor + change),
        }),
        confirmText: t(credit ? "customer.adjust.confirmCredit" : "customer.adjust.confirmDebit", values),
        cancelText: t("common.actions.cancel"),
        variant: credit ? "confirmation" : "danger",
      })
      if (!confirmed) return
    }
    adjust.mutate(change, {
      onSuccess: () => {
        setAmount("")
        setReason("")
      },
    })
  }

  /** An input's change: its value, and its error cleared until the next submit. */
  const edit = (field: keyof FieldErrors, set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value)
    setErrors(({ [field]: _cleared, ...rest }) => rest)
  }

  return (
    <form className="flex flex-col gap-y-3 px-6 py-4" noValidate onSubmit={submit} data-testid="wallet-pass-adjust">
      <Label size="small" weight="plus">
        {t("customer.adjust.title")}
      </Label>
      <div className="grid grid-cols-[9rem_13rem_1fr_auto] items-start gap-x-2">
        <Field id="wallet-pass-adjust-direction" label={t("customer.adjust.change")}>
          <Select value={direction} onValueChange={(v) => setDirection(v as "credit" | "debit")} size="small">
            <Select.Trigger id="wallet-pass-adjust-direction">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="credit">{t("customer.adjust.credit")}</Select.Item>
              <Select.Item value="debit">{t("customer.adjust.debit")}</Select.Item>
            </Select.Content>
          </Select>
        </Field>
        <Field
          id="wallet-pass-adjust-amount"
          label={t("customer.adjust.amount")}
          error={errors.amount}
          hint={
            change === null
              ? t("customer.adjust.balance", { balance: money(balanceMinor) })
              : t("customer.adjust.newBalance", { balance: money(balanceMinor + change) })
          }
        >
          <Input
            id="wallet-pass-adjust-amount"
            size="small"
            inputMode="decimal"
            autoComplete="off"
            placeholder={f.minorMoney(0, null)}
            value={amount}
            aria-invalid={!!errors.amount}
            onChange={edit("amount", setAmount)}
            data-testid="wallet-pass-adjust-amount"
          />
        </Field>
        <Field id="wallet-pass-adjust-reason" label={t("customer.adjust.reason")} error={errors.reason}>
          <Input
            id="wallet-pass-adjust-reason"
            size="small"
            maxLength={200}
            value={reason}
            aria-invalid={!!errors.reason}
            onChange={edit("reason", setReason)}
            data-testid="wallet-pass-adjust-reason"
          />
        </Field>
        <div className="flex flex-col gap-y-1">
          <span className="txt-compact-xsmall invisible">{t("common.actions.apply")}</span>
          <Button
            size="small"
            type="submit"
            variant="secondary"
            isLoading={adjust.isPending}
            data-testid="wallet-pass-adjust-submit"
          >
            {t("common.actions.apply")}
          </Button>
        </div>
      </div>
    </form>
  )
}

/** A labelled field in Medusa's form pattern: the error under it, else its hint. */
const Field = ({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  children: ReactNode
}) => (
  <div className="flex flex-col gap-y-1">
    <Label size="xsmall" htmlFor={id}>
      {label}
    </Label>
    {children}
    {error ? (
      <Hint variant="error" data-testid={`${id}-error`}>
        {error}
      </Hint>
    ) : (
      hint && <Hint data-testid={`${id}-hint`}>{hint}</Hint>
    )}
  </div>
)
