import { Text } from "@medusajs/ui"
import type { AdminWalletPass } from "../../api/types"
import type { Json } from "../../api/types"
import { formatMoney } from "../lib/amount-input"
import { formatDate } from "../lib/api"

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

type Bonuses = Json<AdminWalletPass>["bonuses"]

const BONUS_NAME: Record<string, string> = {
  welcome: "Welcome",
  install: "Card installed",
  birthday: "Birthday",
  referral: "Brought a customer",
  referred: "Joined through a referral",
}

const REFERRAL_LABEL: Record<string, string> = {
  pending: "referral bonus waits for their first order to stand",
  paid: "referral bonus paid",
  void: "referral pays nothing (first order canceled or returned, or ordered before)",
}

/** Who invited the customer and how the referral ended (docs/program.md, "Referral"). */
export const referralLabel = (state: string | null) => (state ? (REFERRAL_LABEL[state] ?? state) : null)

/** The program's bonuses the customer received, newest first, with how long each lasts. */
export const PassBonuses = ({ bonuses, currency }: { bonuses: Bonuses; currency: string | null }) =>
  bonuses.length === 0 ? null : (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-bonuses">
      <Text size="small" weight="plus">
        Bonuses received
      </Text>
      {bonuses.map((b) => (
        <Text size="xsmall" key={`${b.bonus}-${b.received_at}`} className="text-ui-fg-subtle">
          {BONUS_NAME[b.bonus] ?? b.bonus}: {money(b.amount, currency)} on {formatDate(b.received_at)}
          {b.expires_at ? `, lasts until ${formatDate(b.expires_at)}` : ""}
        </Text>
      ))}
    </div>
  )
