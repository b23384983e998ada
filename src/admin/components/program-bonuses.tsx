import { Input, Text } from "@medusajs/ui"
import type { Program, ProgramInput } from "../../modules/wallet-pass/browser"
import { numberText, parseNumber } from "../lib/amount-input"
import { useWalletPassFormat } from "../lib/format"

/** The bonuses credited once per holder (a birthday once a year), each an amount and a lifetime. */
const ONE_TIME_BONUSES = ["welcome", "install", "birthday"] as const
type OneTimeBonus = (typeof ONE_TIME_BONUSES)[number]

type BonusDraft = { amount: string; lifetimeDays: string }
type ReferralDraft = BonusDraft & { newCustomerAmount: string; afterDays: string }
/** The program's bonuses as the form holds them: texts, checked by the server on save. */
export type BonusesDraft = Record<OneTimeBonus, BonusDraft> & { referral: ReferralDraft }

/** A typed number, read as the admin's language writes one; empty: NaN, which the server names as missing. */
export const draftNumber = (value: string, locale?: string) => parseNumber(value, locale)

export const toBonusesDraft = (bonuses: Program["bonuses"], locale?: string): BonusesDraft => {
  const { referral } = bonuses
  const text = (value: number | null) => numberText(value, locale)
  return {
    ...(Object.fromEntries(
      ONE_TIME_BONUSES.map((b) => [b, { amount: text(bonuses[b].amount), lifetimeDays: text(bonuses[b].lifetimeDays) }])
    ) as Record<OneTimeBonus, BonusDraft>),
    referral: {
      amount: text(referral.amount),
      newCustomerAmount: text(referral.newCustomerAmount),
      afterDays: text(referral.afterDays),
      lifetimeDays: text(referral.lifetimeDays),
    },
  }
}

export const toBonuses = (draft: BonusesDraft, locale?: string): NonNullable<ProgramInput["bonuses"]> => {
  const number = (value: string) => draftNumber(value, locale)
  const lifetime = (value: string) => (value.trim() === "" ? null : number(value))
  return {
    ...(Object.fromEntries(
      ONE_TIME_BONUSES.map((b) => [
        b,
        { amount: number(draft[b].amount), lifetimeDays: lifetime(draft[b].lifetimeDays) },
      ])
    ) as Record<OneTimeBonus, { amount: number; lifetimeDays: number | null }>),
    referral: {
      amount: number(draft.referral.amount),
      newCustomerAmount: number(draft.referral.newCustomerAmount),
      afterDays: number(draft.referral.afterDays),
      lifetimeDays: lifetime(draft.referral.lifetimeDays),
    },
  }
}

const Header = ({ titles, columns }: { titles: string[]; columns: string }) => (
  <div className={`grid ${columns} gap-2`}>
    {titles.map((h) => (
      <Text key={h} size="xsmall" weight="plus" className="text-ui-fg-subtle">
        {h}
      </Text>
    ))}
  </div>
)

/** The program page's bonuses: the one-time ones, then the referral with its waiting days (docs/program.md). */
export const ProgramBonusesFields = ({
  draft,
  onChange,
}: {
  draft: BonusesDraft
  onChange: (draft: BonusesDraft) => void
}) => {
  const { t } = useWalletPassFormat()
  const field = <K extends keyof BonusesDraft>(bonus: K, name: keyof BonusesDraft[K]) => (
    <Input
      key={String(name)}
      size="small"
      inputMode="decimal"
      aria-label={`${t(`program.bonuses.name.${bonus}`)}: ${t(`program.bonuses.field.${String(name)}`)}`}
      value={draft[bonus][name] as string}
      onChange={(e) => onChange({ ...draft, [bonus]: { ...draft[bonus], [name]: e.target.value } })}
    />
  )
  return (
    <div className="flex flex-col gap-2">
      <Header
        titles={[t("program.bonuses.bonus"), t("program.bonuses.amount"), t("program.bonuses.lasts")]}
        columns="grid-cols-[2fr_1fr_1fr]"
      />
      {ONE_TIME_BONUSES.map((b) => (
        <div key={b} className="grid grid-cols-[2fr_1fr_1fr] items-center gap-2" data-testid={`wallet-pass-bonus-${b}`}>
          <Text size="small">{t(`program.bonuses.label.${b}`)}</Text>
          {field(b, "amount")}
          {field(b, "lifetimeDays")}
        </div>
      ))}
      <Header
        titles={[
          t("program.bonuses.referral"),
          t("program.bonuses.toReferrer"),
          t("program.bonuses.toNewCustomer"),
          t("program.bonuses.afterDays"),
          t("program.bonuses.lastsDays"),
        ]}
        columns="grid-cols-[2fr_1fr_1fr_1fr_1fr]"
      />
      <div className="grid grid-cols-[2fr_1fr_1fr_1fr_1fr] items-center gap-2" data-testid="wallet-pass-bonus-referral">
        <Text size="small">{t("program.bonuses.referralRule")}</Text>
        {field("referral", "amount")}
        {field("referral", "newCustomerAmount")}
        {field("referral", "afterDays")}
        {field("referral", "lifetimeDays")}
      </div>
    </div>
  )
}
