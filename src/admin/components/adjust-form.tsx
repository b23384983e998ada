import { Button, Input, Label, Select } from "@medusajs/ui"
import { useState } from "react"
import { postJson, useWalletPassAction, walletPassKeys } from "../lib/api"

/** A manual credit or debit, with the reason the ledger keeps. */
export const AdjustForm = ({ customerId }: { customerId: string }) => {
  const [direction, setDirection] = useState<"credit" | "debit">("credit")
  const [amount, setAmount] = useState("")
  const [reason, setReason] = useState("")
  const value = Number(amount)
  const valid = amount.trim() !== "" && Number.isFinite(value) && value > 0 && reason.trim() !== ""
  const adjust = useWalletPassAction(
    () =>
      postJson(`/admin/customers/${customerId}/wallet-pass/adjust`, {
        amount: direction === "credit" ? value : -value,
        reason: reason.trim(),
      }),
    { success: direction === "credit" ? "Bonus credited" : "Bonus debited", invalidate: [walletPassKeys.customer(customerId)] }
  )

  return (
    <form
      className="flex flex-col gap-2 px-6 py-4"
      onSubmit={(e) => {
        e.preventDefault()
        adjust.mutate(undefined, {
          onSuccess: () => {
            setAmount("")
            setReason("")
          },
        })
      }}
    >
      <Label size="small" weight="plus">Credit or debit bonus</Label>
      <div className="flex gap-2">
        <div className="w-32">
          <Select value={direction} onValueChange={(v) => setDirection(v as "credit" | "debit")} size="small">
            <Select.Trigger>
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="credit">Credit</Select.Item>
              <Select.Item value="debit">Debit</Select.Item>
            </Select.Content>
          </Select>
        </div>
        <Input size="small" className="w-28" type="number" min="0.01" step="0.01" placeholder="Amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <Input size="small" className="flex-1" placeholder="Reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        <Button size="small" type="submit" variant="secondary" disabled={!valid} isLoading={adjust.isPending}>
          Apply
        </Button>
      </div>
    </form>
  )
}
