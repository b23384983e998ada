import { Text } from "@medusajs/ui"
import type { AdminWalletPass, Json } from "../../api/types"
import { useWalletPassFormat } from "../lib/format"

type Level = NonNullable<Json<AdminWalletPass>["level"]>
type Bonuses = Json<AdminWalletPass>["bonuses"]

/**
 * The customer's level of the program (docs/program.md): the spend that counts, what the
 * next level needs, and who set the rates shown above.
 */
export const PassLevel = ({
  level,
  currency,
  ratesSource,
}: {
  level: Level
  currency: string | null
  ratesSource: string
}) => {
  const f = useWalletPassFormat()
  const { t } = f
  const share = level.next ? Math.min(100, Math.round((level.spend / level.next.threshold) * 100)) : 100
  const spend = f.money(level.spend, currency)
  return (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-level">
      <div className="flex items-baseline justify-between">
        <Text size="small" weight="plus">
          {t("customer.level.name", { name: level.name ?? t("common.none") })}
        </Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t(`customer.level.rates.${ratesSource === "override" || ratesSource === "level" ? ratesSource : "service"}`)}
        </Text>
      </div>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-ui-bg-subtle">
        <div className="h-full rounded-full bg-ui-fg-interactive" style={{ width: `${share}%` }} />
      </div>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {level.window_days
          ? t("customer.level.spendWindow", { spend, count: level.window_days })
          : t("customer.level.spendAll", { spend })}
        {" · "}
        {level.next
          ? t("customer.level.toNext", { amount: f.money(level.next.missing, currency), name: level.next.name })
          : t("customer.level.top")}
      </Text>
    </div>
  )
}

/** Who invited the customer and how the referral ended (docs/program.md, "Referral"). */
export const PassBonuses = ({ bonuses, currency }: { bonuses: Bonuses; currency: string | null }) => {
  const f = useWalletPassFormat()
  const { t } = f
  if (bonuses.length === 0) return null
  return (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-bonuses">
      <Text size="small" weight="plus">
        {t("customer.bonuses.title")}
      </Text>
      {bonuses.map((b) => (
        <Text size="xsmall" key={`${b.bonus}-${b.received_at}`} className="text-ui-fg-subtle">
          {t("customer.bonuses.line", {
            bonus: t(`customer.bonuses.name.${b.bonus}`, { defaultValue: b.bonus }),
            amount: f.money(b.amount, currency),
            date: f.date(b.received_at),
          })}
          {b.expires_at ? ` ${t("customer.bonuses.until", { date: f.date(b.expires_at) })}` : ""}
        </Text>
      ))}
    </div>
  )
}
