import { Badge, Button, DatePicker, IconButton, Input, Select, Text } from "@medusajs/ui"
import { Trash, XMarkMini } from "@medusajs/icons"
import { useQuery } from "@tanstack/react-query"
import type { AdminWalletPassProgramCampaignsResponse } from "../../api/types"
import { getJson, walletPassKeys } from "../lib/api"
import {
  type CampaignDraft,
  dateToLocal,
  type EarningDraft,
  type FieldProblem,
  formatLocalDateTime,
  localToDate,
  newCampaign,
  problemsAt,
} from "../lib/earning-form"
import type { EarningTarget } from "../lib/earning-targets"
import { useWalletPassFormat } from "../lib/format"
import { FieldProblems } from "./program-earning"

type CampaignStats = AdminWalletPassProgramCampaignsResponse["campaigns"][number]

export const campaignsKey = [...walletPassKeys.all, "program", "campaigns"] as const

const STATE_COLORS = { scheduled: "blue", running: "green", ended: "grey" } as const

/** "Running · 12 orders · cost €3.40" for a saved campaign. */
const StatsLine = ({ stats, currency }: { stats: CampaignStats; currency: string | null }) => {
  const { t, minorMoney } = useWalletPassFormat()
  return (
    <div className="flex items-center gap-2" data-testid="wallet-pass-campaign-stats">
      <Badge size="2xsmall" color={STATE_COLORS[stats.state] ?? "grey"}>
        {t(`earnRules.campaigns.state.${stats.state}`, { defaultValue: stats.state })}
      </Badge>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("earnRules.campaigns.stats", { count: stats.orders, cost: minorMoney(stats.cost, currency) })}
      </Text>
    </div>
  )
}

/**
 * The program page's campaigns (docs/program.md, "Campaigns"): a multiplier for a period in the
 * program's time zone, on every earning item or on some collections; each saved one with its
 * state and what it cost (orders, the bonus it added). Campaigns no longer in the program are
 * listed below with theirs.
 */
export const ProgramCampaignsFields = ({
  draft,
  collections,
  timeZone,
  problems,
  onChange,
}: {
  draft: EarningDraft
  collections: EarningTarget[]
  timeZone: string
  problems: FieldProblem[]
  onChange: (draft: EarningDraft) => void
}) => {
  const f = useWalletPassFormat()
  const { t } = f
  const { data } = useQuery({
    queryKey: campaignsKey,
    queryFn: () => getJson<AdminWalletPassProgramCampaignsResponse>("/admin/wallet-pass/program/campaigns"),
  })
  const stats = new Map((data?.campaigns ?? []).map((c) => [c.id, c]))
  const currency = data?.currency_code ?? null
  const zone = timeZone.trim() || "UTC"
  const nameOf = (id: string) => collections.find((c) => c.id === id)?.name ?? id
  const setCampaign = (i: number, change: Partial<CampaignDraft>) =>
    onChange({ ...draft, campaigns: draft.campaigns.map((c, j) => (j === i ? { ...c, ...change } : c)) })
  const inDraft = new Set(draft.campaigns.flatMap((c) => (c.id ? [c.id] : [])))
  const earlier = (data?.campaigns ?? []).filter((c) => !inDraft.has(c.id))

  return (
    <div className="flex flex-col gap-2" data-testid="wallet-pass-earning-campaigns">
      <Text size="small" weight="plus">
        {t("earnRules.campaigns.title")}
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("earnRules.campaigns.hint", { zone })}
      </Text>
      {!draft.campaigns.length && (
        <Text size="small" className="text-ui-fg-subtle">
          {t("earnRules.campaigns.none")}
        </Text>
      )}
      {draft.campaigns.map((campaign, i) => {
        const at = (field: string) => problemsAt(problems, `earning.campaigns.${i}${field}`)
        const saved = campaign.id ? stats.get(campaign.id) : undefined
        const field = (label: string, child: React.ReactNode) => (
          <label className="flex min-w-0 flex-col gap-1">
            <Text size="xsmall" weight="plus" className="text-ui-fg-subtle truncate" title={label}>
              {label}
            </Text>
            {child}
          </label>
        )
        return (
          <div
            key={campaign.id ?? `new-${i}`}
            className="shadow-borders-base flex flex-col gap-2 rounded-md px-3 py-2"
            data-testid="wallet-pass-earning-campaign"
          >
            <div className="grid grid-cols-[minmax(0,2fr)_6rem_minmax(0,1.2fr)_minmax(0,1.2fr)_auto] items-end gap-2">
              {field(
                t("earnRules.campaigns.name"),
                <Input
                  size="small"
                  value={campaign.name}
                  aria-invalid={at(".name").length > 0}
                  onChange={(e) => setCampaign(i, { name: e.target.value })}
                  data-testid="wallet-pass-campaign-name"
                />
              )}
              {field(
                t("earnRules.campaigns.multiplier"),
                <Input
                  size="small"
                  inputMode="decimal"
                  value={campaign.multiplier}
                  aria-invalid={at(".multiplier").length > 0}
                  onChange={(e) => setCampaign(i, { multiplier: e.target.value })}
                  data-testid="wallet-pass-campaign-multiplier"
                />
              )}
              {(["start", "end"] as const).map((edge) => (
                <div key={edge} className="min-w-0">
                  {field(
                    t(`earnRules.campaigns.${edge}`, { zone }),
                    // The dashboard's own picker (its campaigns use it), in the admin's language;
                    // its field's screen-reader name, "Date input", is Medusa's own, in English.
                    <div
                      data-testid={`wallet-pass-campaign-${edge}`}
                      data-wallet-pass-verbatim="Date input"
                      data-value={campaign[edge]}
                      aria-invalid={at(`.${edge}`).length > 0}
                      className="aria-[invalid=true]:[&_div]:shadow-borders-error"
                    >
                      <DatePicker
                        size="small"
                        granularity="minute"
                        shouldCloseOnSelect={false}
                        aria-label={t(`earnRules.campaigns.${edge}`, { zone })}
                        value={localToDate(campaign[edge])}
                        onChange={(date) => setCampaign(i, { [edge]: dateToLocal(date) })}
                      />
                    </div>
                  )}
                </div>
              ))}
              <IconButton
                size="small"
                variant="transparent"
                aria-label={t("earnRules.campaigns.remove", {
                  name: campaign.name.trim() || t("earnRules.campaigns.unnamed"),
                })}
                onClick={() => onChange({ ...draft, campaigns: draft.campaigns.filter((_, j) => j !== i) })}
              >
                <Trash />
              </IconButton>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2" data-testid="wallet-pass-campaign-collections">
                <Text size="xsmall" weight="plus" className="text-ui-fg-subtle">
                  {t("earnRules.campaigns.collections")}:
                </Text>
                {!campaign.collections.length && <Badge size="2xsmall">{t("earnRules.campaigns.allProducts")}</Badge>}
                {campaign.collections.map((id) => (
                  <Badge key={id} size="2xsmall" className="gap-1">
                    {nameOf(id)}
                    <button
                      type="button"
                      aria-label={t("earnRules.campaigns.removeCollection", { name: nameOf(id) })}
                      onClick={() => setCampaign(i, { collections: campaign.collections.filter((c) => c !== id) })}
                    >
                      <XMarkMini />
                    </button>
                  </Badge>
                ))}
                <Select value="" onValueChange={(id) => setCampaign(i, { collections: [...campaign.collections, id] })}>
                  <Select.Trigger className="w-56" data-testid="wallet-pass-campaign-add-collection">
                    <Select.Value placeholder={t("earnRules.campaigns.addCollection")} />
                  </Select.Trigger>
                  <Select.Content>
                    {collections
                      .filter((c) => !campaign.collections.includes(c.id))
                      .map((c) => (
                        <Select.Item key={c.id} value={c.id}>
                          {c.name}
                        </Select.Item>
                      ))}
                  </Select.Content>
                </Select>
              </div>
              {saved && <StatsLine stats={saved} currency={currency} />}
              {!campaign.id && (
                <Text size="xsmall" className="text-ui-fg-muted">
                  {t("earnRules.campaigns.notSaved")}
                </Text>
              )}
            </div>
            <FieldProblems problems={at("")} testId="wallet-pass-earning-campaign-problem" />
          </div>
        )
      })}
      <FieldProblems
        problems={problems.filter((p) => p.path === "earning.campaigns")}
        testId="wallet-pass-earning-campaigns-problem"
      />
      <Button
        size="small"
        variant="secondary"
        className="self-start"
        onClick={() => onChange({ ...draft, campaigns: [...draft.campaigns, newCampaign()] })}
      >
        {t("earnRules.campaigns.add")}
      </Button>
      {!!earlier.length && (
        <div className="flex flex-col gap-1" data-testid="wallet-pass-earning-campaigns-earlier">
          <Text size="xsmall" weight="plus" className="text-ui-fg-subtle">
            {t("earnRules.campaigns.removed")}
          </Text>
          {earlier.map((c) => (
            <div key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <Text size="small">{c.name}</Text>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("earnRules.campaigns.period", {
                  start: formatLocalDateTime(c.start, f.locale),
                  end: formatLocalDateTime(c.end, f.locale),
                })}{" "}
                {t("earnRules.campaigns.times", { multiplier: f.number(c.multiplier) })}
              </Text>
              <StatsLine stats={c} currency={currency} />
            </div>
          ))}
        </div>
      )}
    </div>
  )
}
