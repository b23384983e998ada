import { defineRouteConfig } from "@medusajs/admin-sdk"
import {
  Badge,
  Button,
  Container,
  Heading,
  IconButton,
  Input,
  Label,
  Select,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { Trash } from "@medusajs/icons"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { type ReactNode, useEffect, useState } from "react"
import type {
  AdminWalletPassProgramHistoryResponse,
  AdminWalletPassProgramPreviewResponse,
  AdminWalletPassProgramResponse,
  AdminWalletPassProgramSaveResponse,
} from "../../../../api/types"
import type { LevelMoves, ProgramChange, ProgramInput } from "../../../../modules/wallet-pass/browser"
import { getJson, postJson, usePagedList, walletPassKeys } from "../../../lib/api"
import { useWalletPassFormat, type WalletPassFormat } from "../../../lib/format"
import { RowsTable } from "../../../components/rows-table"
import { numberText } from "../../../lib/amount-input"
import {
  type BonusesDraft,
  draftNumber,
  ProgramBonusesFields,
  toBonuses,
  toBonusesDraft,
} from "../../../components/program-bonuses"
import { type CardDraft, ProgramCardFields, toCardDraft, toCardSettings } from "../../../components/program-card"
import { ProgramEarningFields } from "../../../components/program-earning"
import { ProgramCampaignsFields } from "../../../components/program-campaigns"
import {
  type EarningDraft,
  type FieldProblem,
  fieldProblems,
  type TargetKind,
  toEarning,
  toEarningDraft,
} from "../../../lib/earning-form"
import { useEarningTargets } from "../../../lib/earning-targets"
import { describeEarningChange, type EarningHistoryWords } from "../../../lib/earning-history"

type LevelDraft = { name: string; threshold: string; bonusPercent: string; discountPercent: string }
type Draft = {
  ratesOwner: "service" | "program"
  windowDays: string
  timeZone: string
  levels: LevelDraft[]
  bonuses: BonusesDraft
  card: CardDraft
  earning: EarningDraft
}

/** A level's numbers, in the order of the table's columns. */
const NUMBER_FIELDS = ["threshold", "bonusPercent", "discountPercent"] as const

const programKey = [...walletPassKeys.all, "program"] as const
const historyKey = [...walletPassKeys.all, "program", "history"] as const

const toDraft = (program: AdminWalletPassProgramResponse["program"]["program"], locale?: string): Draft => ({
  ratesOwner: program.ratesOwner,
  windowDays: numberText(program.tiers.windowDays, locale),
  timeZone: program.timeZone,
  levels: program.tiers.levels.map((l) => ({
    name: l.name,
    threshold: numberText(l.threshold, locale),
    bonusPercent: numberText(l.bonusPercent, locale),
    discountPercent: numberText(l.discountPercent, locale),
  })),
  bonuses: toBonusesDraft(program.bonuses, locale),
  card: toCardDraft(program.pass),
  earning: toEarningDraft(program.earning, locale),
})

/** The draft as the API takes it; the server names what is wrong with it. */
const toProgram = (draft: Draft, locale?: string): ProgramInput => {
  const number = (value: string) => draftNumber(value, locale)
  return {
    ratesOwner: draft.ratesOwner,
    timeZone: draft.timeZone.trim(),
    tiers: {
      windowDays: draft.windowDays.trim() === "" ? null : number(draft.windowDays),
      levels: draft.levels.map((l) => ({
        name: l.name,
        threshold: number(l.threshold),
        bonusPercent: number(l.bonusPercent),
        discountPercent: number(l.discountPercent),
      })),
    },
    bonuses: toBonuses(draft.bonuses, locale),
    pass: toCardSettings(
      draft.card,
      draft.levels.map((l) => l.name.trim())
    ),
    earning: toEarning(draft.earning, locale),
  }
}

/** Whom a program change moves, in the admin's words: "3 customers change level: Base → Silver (3)." */
const describeMoves = (moved: LevelMoves, { t, number }: WalletPassFormat) =>
  moved.total === 0
    ? t("program.preview.none")
    : t("program.preview.moves", {
        count: moved.total,
        moves: moved.moves
          .map(
            (m) =>
              `${m.from ?? t("program.preview.noLevel")} → ${m.to ?? t("program.preview.noLevel")} (${number(m.count)})`
          )
          .join(", "),
      })

/**
 * What a version changed, one line each: "Silver, From spend: 100 → 150", "Welcome bonus,
 * amount: 0 → 5", "level Platinum added" (the server compares it with the version before).
 */
const describeChanges = (
  changes: ProgramChange[],
  f: WalletPassFormat,
  nameOf: EarningHistoryWords["nameOf"]
): string[] => {
  const { t, number } = f
  if (!changes.length) return [t("program.history.change.none")]
  const value = (field: string, v: string | number | null) => {
    if (field === "ratesOwner")
      return v === "program" ? t("program.history.change.byProgram") : t("program.history.change.byService")
    if (typeof v === "number") return number(v)
    if (v !== null) return String(v)
    return field === "windowDays"
      ? t("program.windowAll")
      : field.endsWith("lifetimeDays")
        ? t("program.history.change.forGood")
        : t("common.none")
  }
  return changes.map((c) => {
    if (c.field === "levelAdded" || c.field === "levelRemoved")
      return t(`program.history.change.${c.field}`, { level: c.level })
    if (c.field.startsWith("pass."))
      return t("program.history.change.line", {
        what: t(`program.history.change.${c.field}`),
        from: c.from ?? t("common.none"),
        to: c.to ?? t("common.none"),
      })
    const earning = describeEarningChange(c, { t, locale: f.locale, numberLocale: f.numberLocale, nameOf })
    if (earning !== null) return earning
    const [bonus, bonusField] = c.field.split(".")
    const what = c.level
      ? t("program.history.change.ofLevel", { level: c.level, field: t(`program.levels.field.${c.field}`) })
      : bonusField
        ? t("program.history.change.ofBonus", {
            bonus: t(`program.bonuses.name.${bonus}`),
            field: t(`program.bonuses.field.${bonusField}`),
          })
        : t(`program.history.change.${c.field}`)
    return t("program.history.change.line", { what, from: value(c.field, c.from), to: value(c.field, c.to) })
  })
}

/**
 * Settings › Wallet pass program (docs/program.md): the levels customers reach by spend,
 * who owns the rates, a preview of whom a change moves before it is saved, and the history.
 */
/** One setting of the program, its name above it. */
const Setting = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex flex-col gap-1">
    <Label size="small" weight="plus">
      {label}
    </Label>
    {children}
  </div>
)

const WalletPassProgramPage = () => {
  const f = useWalletPassFormat()
  const { t } = f
  const prompt = usePrompt()
  const queryClient = useQueryClient()
  const { data } = useQuery({
    queryKey: programKey,
    queryFn: () => getJson<AdminWalletPassProgramResponse>("/admin/wallet-pass/program"),
  })
  const history = usePagedList<AdminWalletPassProgramHistoryResponse>(
    historyKey,
    "/admin/wallet-pass/program/history",
    {},
    { pageSize: 10 }
  )
  const [draft, setDraft] = useState<Draft | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  // The server's problems with the earn rules and campaigns, shown at their fields.
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const targets = useEarningTargets()
  const nameOf = (kind: string, id: string) =>
    targets[kind as TargetKind]?.find((target) => target.id === id)?.name ?? id
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    if (data && !draft) setDraft(toDraft(data.program.program, f.numberLocale))
  }, [data, draft])

  if (!data || !draft) return <Container className="px-6 py-4">{t("common.loading")}</Container>

  const serviceRates = draft?.ratesOwner === "service"
  const setLevel = (i: number, field: keyof LevelDraft, value: string) =>
    setDraft({ ...draft, levels: draft.levels.map((l, j) => (j === i ? { ...l, [field]: value } : l)) })

  const save = async () => {
    setProblem(null)
    setProblems([])
    setSaving(true)
    try {
      const program = toProgram(draft, f.numberLocale)
      const { moved } = await postJson<AdminWalletPassProgramPreviewResponse>(
        "/admin/wallet-pass/program/preview",
        program
      )
      const ok = await prompt({
        title: t("program.save.title"),
        description: `${describeMoves(moved, f)} ${t("program.save.ratesFollow")}`,
        confirmText: t("common.actions.save"),
        cancelText: t("common.actions.cancel"),
      })
      if (!ok) return
      const saved = await postJson<AdminWalletPassProgramSaveResponse>("/admin/wallet-pass/program", program)
      toast.success(t("program.save.saved", { version: saved.program.version, count: saved.levels.changed }))
      // The saved version holds the ids the server gave new rules and campaigns: edited further from it.
      setDraft(toDraft(saved.program.program, f.numberLocale))
      await queryClient.invalidateQueries({ queryKey: walletPassKeys.all })
    } catch (error) {
      // The server names each field it refuses ("tiers.levels.1.threshold: …"): the earn rules'
      // and campaigns' at their fields, the rest shown whole.
      const message = error instanceof Error ? error.message : f.error(error)
      const found = (error as { status?: number } | null)?.status === 400 ? fieldProblems(message) : []
      const atFields = found.filter((p) => p.path.startsWith("earning"))
      setProblems(atFields)
      setProblem(
        atFields.length && atFields.length === found.length
          ? t("earnRules.problems.atFields")
          : t("program.save.refused", { reason: message })
      )
    } finally {
      setSaving(false)
    }
  }

  const current = data.program
  return (
    <div className="flex flex-col gap-y-3">
      <Container className="flex flex-col gap-4 px-6 py-4" data-testid="wallet-pass-program">
        <div className="flex items-center justify-between">
          <div>
            <Heading level="h1">{t("program.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {t("program.subtitle")}
            </Text>
          </div>
          <Badge size="small" color={current.source === "admin" ? "green" : "grey"}>
            {current.source === "admin"
              ? t("program.version", { version: current.version, date: f.dateTime(current.saved_at) })
              : t("program.fromOptions")}
          </Badge>
        </div>
        <div className="grid grid-cols-3 gap-4">
          <Setting label={t("program.owner")}>
            <Select
              value={draft.ratesOwner}
              onValueChange={(v) => setDraft({ ...draft, ratesOwner: v as Draft["ratesOwner"] })}
            >
              <Select.Trigger data-testid="wallet-pass-program-owner">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="service">{t("program.ownerService")}</Select.Item>
                <Select.Item value="program">{t("program.ownerProgram")}</Select.Item>
              </Select.Content>
            </Select>
          </Setting>
          <Setting label={t("program.timeZone")}>
            <Input
              size="small"
              placeholder="Europe/Moscow"
              value={draft.timeZone}
              onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}
            />
          </Setting>
          <Setting label={t("program.window")}>
            <Input
              size="small"
              inputMode="numeric"
              placeholder={t("program.windowAll")}
              value={draft.windowDays}
              onChange={(e) => setDraft({ ...draft, windowDays: e.target.value })}
              data-testid="wallet-pass-program-window"
            />
          </Setting>
        </div>
        <div className="flex flex-col gap-2">
          {serviceRates && (
            <Text size="small" className="text-ui-fg-subtle" data-testid="wallet-pass-program-rates-locked">
              {t("program.levels.ratesLocked")}
            </Text>
          )}
          <div className="grid grid-cols-[2fr_1fr_1fr_1fr_auto] gap-2">
            {[
              t("program.levels.level"),
              t("program.levels.from"),
              t("program.levels.bonus"),
              t("program.levels.discount"),
              "",
            ].map((h, i) => (
              <Text key={i} size="xsmall" weight="plus" className="text-ui-fg-subtle">
                {h}
              </Text>
            ))}
          </div>
          {draft.levels.map((level, i) => (
            <div
              key={i}
              className="grid grid-cols-[2fr_1fr_1fr_1fr_auto] gap-2"
              data-testid="wallet-pass-program-level"
            >
              <Input
                size="small"
                aria-label={t("program.levels.level")}
                value={level.name}
                onChange={(e) => setLevel(i, "name", e.target.value)}
              />
              {NUMBER_FIELDS.map((field) => (
                <Input
                  key={field}
                  size="small"
                  inputMode="decimal"
                  aria-label={t(`program.levels.field.${field}`)}
                  value={level[field]}
                  // The service owns the rates: a level's percents do not apply, so they are not edited here.
                  disabled={serviceRates && field !== "threshold"}
                  onChange={(e) => setLevel(i, field, e.target.value)}
                />
              ))}
              <IconButton
                size="small"
                variant="transparent"
                aria-label={t("program.levels.remove", { name: level.name || t("program.levels.level") })}
                onClick={() => setDraft({ ...draft, levels: draft.levels.filter((_, j) => j !== i) })}
              >
                <Trash />
              </IconButton>
            </div>
          ))}
          <Button
            size="small"
            variant="secondary"
            className="self-start"
            onClick={() =>
              setDraft({
                ...draft,
                levels: [...draft.levels, { name: "", threshold: "", bonusPercent: "0", discountPercent: "0" }],
              })
            }
          >
            {t("program.levels.add")}
          </Button>
        </div>
        <ProgramBonusesFields draft={draft.bonuses} onChange={(bonuses) => setDraft({ ...draft, bonuses })} />
        <ProgramEarningFields
          draft={draft.earning}
          targets={targets}
          problems={problems}
          onChange={(earning) => setDraft({ ...draft, earning })}
        />
        <ProgramCampaignsFields
          draft={draft.earning}
          collections={targets.collection}
          timeZone={draft.timeZone}
          problems={problems}
          onChange={(earning) => setDraft({ ...draft, earning })}
        />
        <ProgramCardFields
          draft={draft.card}
          levels={draft.levels.map((l) => l.name.trim()).filter(Boolean)}
          program={() => toProgram(draft)}
          onChange={(card) => setDraft({ ...draft, card })}
        />
        {problem && (
          <Text size="small" className="text-ui-fg-error" data-testid="wallet-pass-program-problem">
            {problem}
          </Text>
        )}
        <div className="flex justify-end gap-2">
          <Button
            size="small"
            variant="secondary"
            onClick={() => {
              setDraft(toDraft(current.program, f.numberLocale))
              setProblems([])
            }}
          >
            {t("common.actions.reset")}
          </Button>
          <Button size="small" isLoading={saving} onClick={save} data-testid="wallet-pass-program-save">
            {t("common.actions.save")}
          </Button>
        </div>
      </Container>
      <Container className="flex flex-col gap-2 p-0" data-testid="wallet-pass-program-history">
        <Heading level="h2" className="px-6 pt-4">
          {t("program.history.title")}
        </Heading>
        {!history.data?.count && (
          <Text size="small" className="px-6 pb-4 text-ui-fg-subtle">
            {t("program.history.none")}
          </Text>
        )}
        {/* No empty table under the line above: the history shows once a version is saved. */}
        {!!history.data?.count && (
          <RowsTable
            rows={history.data?.versions ?? []}
            paging={history.paging}
            columns={[
              { header: t("program.history.version"), cell: (v) => v.version },
              { header: t("program.history.saved"), cell: (v) => f.dateTime(v.saved_at) },
              { header: t("program.history.by"), cell: (v) => v.actor ?? t("common.none") },
              {
                header: t("program.history.levels"),
                cell: (v) => v.program.tiers.levels.map((l) => l.name).join(", ") || t("common.none"),
              },
              {
                header: t("program.history.changes"),
                cell: (v) => (
                  <div
                    className="flex min-w-[24rem] flex-col whitespace-normal"
                    data-testid="wallet-pass-program-changes"
                  >
                    {describeChanges(v.changes ?? [], f, nameOf).map((line, i) => (
                      <span key={i}>{line}</span>
                    ))}
                  </div>
                ),
              },
              { header: t("program.history.moved"), cell: (v) => v.moved?.total ?? t("common.none") },
            ]}
          />
        )}
      </Container>
    </div>
  )
}

// translationNs must be a string literal: the admin bundler reads it from the source.
export const config = defineRouteConfig({ label: "program.menu", translationNs: "wallet-pass" })

export default WalletPassProgramPage
