import { Button, Text } from "@medusajs/ui"
import { useQueryClient } from "@tanstack/react-query"
import { type ReactNode, useState } from "react"
import { postJson, walletPassKeys } from "../lib/api"
import type { AdminCustomerWalletPassResponse, AdminWalletPass, Json } from "../../api/types"
import { useWalletPassFormat } from "../lib/format"
import { CopyButton } from "./copy-button"

type Pass = Json<AdminWalletPass>
type Expiring = Json<AdminCustomerWalletPassResponse>["expiring"]

/** One of the pass's headline figures: a label over a large value, and a line under it. */
const Figure = ({
  label,
  testId,
  value,
  children,
  note,
}: {
  label: string
  testId?: string
  value?: number
  children: ReactNode
  note?: ReactNode
}) => (
  <div className="flex flex-col">
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="large" weight="plus" data-testid={testId} data-value={value}>
      {children}
    </Text>
    {note}
  </div>
)

/**
 * The pass's figures (balance with what lapses soonest, bonus and discount percents) and the
 * credits about to lapse with their dates.
 */
export const PassFigures = ({
  pass,
  expiring,
  programBonus,
  pending,
}: {
  pass: Pass
  expiring: Expiring
  /** The bonus of the customer's orders still pending (not in the balance yet). */
  pending: Json<AdminCustomerWalletPassResponse>["pending"]
  /** The program's rate, which a holder without a rate of their own earns. */
  programBonus: number
}) => {
  const f = useWalletPassFormat()
  const { t } = f
  const currency = pass.currency_code
  const [soonest] = expiring
  return (
    <div className="grid grid-cols-3 gap-4 px-6 py-4">
      <Figure
        label={t("customer.figures.balance")}
        testId="wallet-pass-balance"
        value={pass.balance}
        note={
          <>
            {soonest && (
              <Text size="xsmall" className="text-ui-fg-subtle" data-testid="wallet-pass-expiring">
                {t("customer.figures.expiresSoonest", {
                  amount: f.money(soonest.amount, currency),
                  date: f.date(soonest.expires_at),
                })}
                {expiring.length > 1 ? ` ${t("customer.figures.moreExpiring", { count: expiring.length - 1 })}` : ""}
              </Text>
            )}
            {pending && (
              <Text size="xsmall" className="text-ui-fg-subtle" data-testid="wallet-pass-pending">
                {pending.until
                  ? t("customer.figures.pendingUntil", {
                      amount: f.money(pending.amount, currency),
                      date: f.date(pending.until),
                    })
                  : t("customer.figures.pending", { amount: f.money(pending.amount, currency) })}
              </Text>
            )}
          </>
        }
      >
        {f.money(pass.balance, currency)}
      </Figure>
      <Figure label={t("customer.figures.bonus")}>
        {pass.bonus_percent === null
          ? t("customer.figures.programRate", { percent: f.percent(programBonus) })
          : f.percent(pass.bonus_percent)}
      </Figure>
      <Figure label={t("customer.figures.discount")}>{f.percent(pass.discount_percent)}</Figure>
    </div>
  )
}

/** Credits with a lifetime and when each lapses (the balance above counts them until then). */
export const ExpiringCredits = ({ expiring, currency }: { expiring: Expiring; currency: string | null }) => {
  const f = useWalletPassFormat()
  if (expiring.length < 2) return null
  return (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-expiring-list">
      <Text size="small" weight="plus">
        {f.t("customer.expiring.title")}
      </Text>
      {expiring.map((c, i) => (
        <Text size="xsmall" key={`${c.expires_at}-${i}`} className="text-ui-fg-subtle">
          {f.t("customer.expiring.line", { amount: f.money(c.amount, currency), date: f.date(c.expires_at) })}
        </Text>
      ))}
    </div>
  )
}

/** Who the pass belongs to: phone, referral, enrolment and adoption, trust, drift, cards. */
export const PassFacts = ({ pass, openingBalance }: { pass: Pass; openingBalance: number | null }) => {
  const f = useWalletPassFormat()
  const { t } = f
  const holder = pass.holder
  // "Taken over" only where the service held a balance: the opening entry says so (issue 41, item 5).
  const adoption =
    holder.adoption_state === "legacy"
      ? null
      : holder.adoption_state === "adopted"
        ? openingBalance !== null
          ? t("customer.adoption.adopted", { amount: f.money(openingBalance, pass.currency_code) })
          : t("customer.adoption.adoptedNothing")
        : t(`customer.adoption.${holder.adoption_state}`)
  return (
    <div className="flex flex-col gap-0.5 px-6 py-4">
      <Text size="small" className="text-ui-fg-subtle">
        {t("customer.facts.phone", { phone: holder.phone ?? t("common.none") })}
      </Text>
      {holder.referrer_phone && (
        <Text size="small" data-testid="wallet-pass-referral">
          {t("customer.facts.invitedBy", { phone: holder.referrer_phone })}
          {holder.referral_state ? ` · ${t(`customer.referral.${holder.referral_state}`)}` : ""}
        </Text>
      )}
      {!!holder.invites?.length && (
        <Text size="small">{t("customer.facts.invited", { phones: holder.invites.join(", ") })}</Text>
      )}
      {holder.enrollment_error && holder.enrollment_state === "failed" && (
        <Text size="small" className="text-ui-fg-error" data-testid="wallet-pass-enrollment-error">
          {t("customer.facts.enrollmentError", { error: holder.enrollment_error })}
        </Text>
      )}
      {adoption && (
        <Text size="small" data-testid="wallet-pass-adoption">
          {adoption}
        </Text>
      )}
      {/* Not proven: the pass's status says so above, with the way out (one sentence, not two). */}
      {holder.verified && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-verified">
          {t("customer.facts.verified")}
        </Text>
      )}
      {holder.drift && (
        <Text size="small" className="text-ui-fg-error" data-testid="wallet-pass-drift">
          {t("customer.facts.drift", {
            service: f.money(holder.drift.service, pass.currency_code),
            store: f.money(holder.drift.store, pass.currency_code),
            date: f.dateTime(holder.drift.at),
          })}{" "}
          {holder.drift.healed_by
            ? t("customer.facts.driftHealed")
            : holder.drift.not_healed
              ? t("customer.facts.driftNotHealedBecause", {
                  reason: f.reason(
                    {
                      reason: holder.drift.not_healed,
                      reason_code: holder.drift.not_healed_code,
                      reason_values: holder.drift.not_healed_values,
                    },
                    { currency: pass.currency_code }
                  ),
                })
              : t("customer.facts.driftNotHealed")}
        </Text>
      )}
      {!!holder.dropped_fields?.fields.length && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-dropped-fields">
          {t("customer.facts.dropped", {
            date: f.dateTime(holder.dropped_fields.at),
            fields: holder.dropped_fields.fields.map((d) => `${d.field} (${d.reason})`).join("; "),
          })}
        </Text>
      )}
      {holder.remote_id && <RemoteCrm pass={pass} />}
      {pass.cards.length === 0 && <Text size="small">{t("customer.facts.noCards")}</Text>}
      {pass.cards.map((card) => (
        <Text size="small" key={card.number} data-testid="wallet-pass-card">
          {t("customer.facts.card", {
            number: card.number,
            state: t(
              card.installed === null
                ? "customer.install.unknown"
                : card.installed
                  ? "customer.install.installed"
                  : "customer.install.notInstalled"
            ),
          })}
        </Text>
      ))}
    </div>
  )
}

/** The pass's personal install links, each copyable, to send the customer by hand. */
export const InstallLinks = ({ links }: { links: Pass["links"] }) => {
  const { t } = useWalletPassFormat()
  const rows = (
    [
      ["ios", links.ios],
      ["android", links.android],
      ["form", links.form],
    ] as const
  ).filter(([, url]) => !!url) as [string, string][]
  if (!rows.length) return null
  return (
    <div className="flex flex-col gap-1 px-6 py-4" data-testid="wallet-pass-links">
      <Text size="small" weight="plus">
        {t("customer.links.title")}
      </Text>
      {rows.map(([platform, url]) => (
        <div key={platform} className="flex min-w-0 items-center gap-2">
          <Text size="small" className="w-36 shrink-0 text-ui-fg-subtle">
            {t(`customer.links.${platform}`)}
          </Text>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="txt-small min-w-0 truncate text-ui-fg-interactive"
            title={url}
          >
            {url}
          </a>
          <CopyButton text={url} label={t(`customer.links.${platform}`)} testId={`wallet-pass-copy-${platform}`} />
        </div>
      ))}
    </div>
  )
}

/** A pass the service links to another CRM: its id, and the merchant's decision (skip or take over). */
const RemoteCrm = ({ pass }: { pass: Pass }) => {
  const { t } = useWalletPassFormat()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const holder = pass.holder
  const decide = async (decision: "skip" | "take_over") => {
    setBusy(true)
    try {
      await postJson(`/admin/customers/${holder.customer_id}/wallet-pass/remote`, { decision })
      await queryClient.invalidateQueries({ queryKey: walletPassKeys.customer(holder.customer_id!) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="wallet-pass-remote-crm">
      <Text size="small" className="text-ui-fg-error">
        {t("customer.facts.remote", { id: holder.remote_id })}{" "}
        {holder.remote_decision
          ? t(`customer.facts.remoteDecision.${holder.remote_decision}`)
          : t("customer.facts.remoteUndecided")}
      </Text>
      {holder.customer_id && holder.remote_decision !== "take_over" && (
        <Button size="small" variant="secondary" isLoading={busy} onClick={() => decide("take_over")}>
          {t("customer.facts.takeOver")}
        </Button>
      )}
      {holder.customer_id && holder.remote_decision !== "skip" && (
        <Button size="small" variant="transparent" isLoading={busy} onClick={() => decide("skip")}>
          {t("customer.facts.leaveToOtherCrm")}
        </Button>
      )}
    </div>
  )
}
