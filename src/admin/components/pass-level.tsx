import { Text } from "@medusajs/ui"
import type { AdminWalletPass } from "../../api/types"
import type { Json } from "../../api/types"
import { formatMoney } from "../lib/amount-input"

type Level = NonNullable<Json<AdminWalletPass>["level"]>

const money = (amount: number, currency: string | null) => formatMoney(Math.round(amount * 100), currency)

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
  const share = level.next ? Math.min(100, Math.round((level.spend / level.next.threshold) * 100)) : 100
  return (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-level">
      <div className="flex items-baseline justify-between">
        <Text size="small" weight="plus">
          Level {level.name ?? "—"}
        </Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {ratesSource === "override"
            ? "Rates set by the service until the next level change"
            : ratesSource === "level"
              ? "Rates from the level"
              : "Rates set by the service"}
        </Text>
      </div>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-ui-bg-subtle">
        <div className="h-full rounded-full bg-ui-fg-interactive" style={{ width: `${share}%` }} />
      </div>
      <Text size="xsmall" className="text-ui-fg-subtle">
        Spend {money(level.spend, currency)}
        {level.window_days ? ` in the last ${level.window_days} days` : " in all orders"}
        {level.next ? ` · ${money(level.next.missing, currency)} more to ${level.next.name}` : " · the top level"}
      </Text>
    </div>
  )
}
