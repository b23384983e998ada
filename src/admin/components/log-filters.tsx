import { Button, Input, Select } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import type { AdminWalletPassStatusResponse } from "../../api/types"
import { getJson, walletPassKeys } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"

/** "Any" in a filter's select (Radix's select takes no empty value). */
const ANY = "any"

/** One choice of a filter: the query's value (a comma list for a group) and its words. */
export type FilterOption = { value: string; label: string }

export type LogFilterValues = { method?: string; state?: string; phone?: string }

type Props = {
  methods: FilterOption[]
  states: FilterOption[]
  value: LogFilterValues
  onChange: (value: LogFilterValues) => void
  /** Prefix of the controls' test ids. */
  testId: string
}

/** Typing settles for this long before a phone filter reloads the list. */
const PHONE_SETTLE_MS = 400

/** What the routes take as a phone filter: a number or at least 3 of its digits (src/api/admin/wallet-pass/validators.ts). */
const phoneQuery = (text: string) =>
  /^[+\d\s().-]+$/.test(text) && text.replace(/\D/g, "").length >= 3 ? text : undefined

/**
 * The filters of a log (requests, hooks): a method, a state and a phone (a whole number or
 * some of its digits), in the admin's words; the list reloads from its first page.
 */
export const LogFilters = ({ methods, states, value, onChange, testId }: Props) => {
  const { t } = useWalletPassFormat()
  // A number of the store's own country as an example (the status the Wallet pass page reads anyway).
  const { data: status } = useQuery({
    queryKey: walletPassKeys.status,
    queryFn: () => getJson<AdminWalletPassStatusResponse>("/admin/wallet-pass/status"),
  })
  const example = status?.wallet_pass_status.service.phone_example
  const [phone, setPhone] = useState(value.phone ?? "")
  const typed = phone.trim()
  const invalid = typed !== "" && !phoneQuery(typed)
  useEffect(() => {
    const settled = setTimeout(() => {
      const next = phoneQuery(typed)
      if (value.phone !== next) onChange({ ...value, phone: next })
    }, PHONE_SETTLE_MS)
    return () => clearTimeout(settled)
  }, [typed])
  const select = (field: "method" | "state", options: FilterOption[], label: string) => (
    <div className="w-56">
      <Select
        size="small"
        value={value[field] ?? ANY}
        onValueChange={(v) => onChange({ ...value, [field]: v === ANY ? undefined : v })}
      >
        <Select.Trigger aria-label={label} data-testid={`${testId}-${field}`}>
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          <Select.Item value={ANY}>{`${label}: ${t("common.filters.any")}`}</Select.Item>
          {options.map((o) => (
            <Select.Item key={o.value} value={o.value}>
              {o.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </div>
  )
  const filtered = !!(value.method || value.state || value.phone)
  return (
    <div className="flex flex-wrap items-center gap-2 px-6 py-3" data-testid={testId}>
      {select("method", methods, t("common.filters.method"))}
      {select("state", states, t("common.filters.state"))}
      <Input
        size="small"
        className="w-56"
        type="search"
        inputMode="tel"
        aria-label={t("common.filters.phone")}
        placeholder={example ? t("common.filters.phonePlaceholder", { example }) : t("common.filters.phone")}
        value={phone}
        aria-invalid={invalid}
        title={invalid ? t("common.filters.phoneHint") : undefined}
        onChange={(e) => setPhone(e.target.value)}
        data-testid={`${testId}-phone`}
      />
      {filtered && (
        <Button
          size="small"
          variant="transparent"
          onClick={() => {
            setPhone("")
            onChange({})
          }}
        >
          {t("common.actions.clearFilters")}
        </Button>
      )}
    </div>
  )
}
