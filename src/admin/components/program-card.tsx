import { Button, IconButton, Input, Select, Text } from "@medusajs/ui"
import { Trash } from "@medusajs/icons"
import { useState } from "react"
import type { AdminWalletPassCardPreviewResponse } from "../../api/types"
import { CARD_SOURCES, type CardSettings, type CardSource, type ProgramInput } from "../../modules/wallet-pass/browser"
import { postJson } from "../lib/api"
import { useWalletPassFormat } from "../lib/format"
import { CustomerPicker } from "./customer-picker"

/** The card's settings as the form holds them: variables as rows, a design per level name. */
export type CardDraft = { variables: { name: string; source: CardSource }[]; levelTemplates: Record<string, string> }

export const toCardDraft = (pass: CardSettings | undefined): CardDraft => ({
  variables: Object.entries(pass?.variables ?? {}).map(([name, source]) => ({ name, source })),
  levelTemplates: { ...(pass?.levelTemplates ?? {}) },
})

/** The draft as the API takes it, for the levels the program has; the server names what is wrong. */
export const toCardSettings = (draft: CardDraft, levels: string[]): NonNullable<ProgramInput["pass"]> => ({
  variables: Object.fromEntries(draft.variables.map((v) => [v.name.trim(), v.source])),
  levelTemplates: Object.fromEntries(
    levels.flatMap((level) => {
      const uuid = draft.levelTemplates[level]?.trim()
      return uuid ? [[level, uuid]] : []
    })
  ),
})

/**
 * The program page's "On the card" (docs/program.md): the template variables the store fills
 * (name in the service's account → what the store puts there), a design per level, and a
 * preview of exactly what one customer's card gets under the program being edited.
 */
export const ProgramCardFields = ({
  draft,
  levels,
  program,
  onChange,
}: {
  draft: CardDraft
  levels: string[]
  /** The program as it would be saved: the preview reads it. */
  program: () => ProgramInput
  onChange: (draft: CardDraft) => void
}) => {
  const { t, error: describe } = useWalletPassFormat()
  const [customer, setCustomer] = useState<{ id: string; label: string } | null>(null)
  const [preview, setPreview] = useState<AdminWalletPassCardPreviewResponse["card_preview"] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const setVariable = (i: number, change: Partial<CardDraft["variables"][number]>) =>
    onChange({ ...draft, variables: draft.variables.map((v, j) => (j === i ? { ...v, ...change } : v)) })

  const runPreview = async () => {
    setProblem(null)
    setPreview(null)
    try {
      const { card_preview } = await postJson<AdminWalletPassCardPreviewResponse>(
        "/admin/wallet-pass/program/card-preview",
        { customer_id: customer!.id, program: program() }
      )
      setPreview(card_preview)
    } catch (e) {
      setProblem(e instanceof Error ? e.message : describe(e))
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid="wallet-pass-program-card">
      <Text size="small" weight="plus">
        {t("program.card.title")}
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("program.card.hint")}
      </Text>
      {draft.variables.map((variable, i) => (
        <div key={i} className="grid grid-cols-[2fr_2fr_auto] gap-2" data-testid="wallet-pass-card-variable">
          <Input
            size="small"
            aria-label={t("program.card.variable")}
            placeholder={t("program.card.variable")}
            value={variable.name}
            onChange={(e) => setVariable(i, { name: e.target.value })}
          />
          <Select value={variable.source} onValueChange={(v) => setVariable(i, { source: v as CardSource })}>
            <Select.Trigger aria-label={t("program.card.source")}>
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {CARD_SOURCES.map((source) => (
                <Select.Item key={source} value={source}>
                  {t(`program.card.sources.${source}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          <IconButton
            size="small"
            variant="transparent"
            aria-label={t("program.card.remove", { name: variable.name || t("program.card.variable") })}
            onClick={() => onChange({ ...draft, variables: draft.variables.filter((_, j) => j !== i) })}
          >
            <Trash />
          </IconButton>
        </div>
      ))}
      <Button
        size="small"
        variant="secondary"
        className="self-start"
        onClick={() => onChange({ ...draft, variables: [...draft.variables, { name: "", source: "level" }] })}
      >
        {t("program.card.add")}
      </Button>
      {levels.length > 0 && (
        <div className="flex flex-col gap-2">
          <Text size="xsmall" weight="plus" className="text-ui-fg-subtle">
            {t("program.card.designs")}
          </Text>
          {levels.map((level) => (
            <div
              key={level}
              className="grid grid-cols-[1fr_3fr] items-center gap-2"
              data-testid="wallet-pass-card-design"
            >
              <Text size="small">{level}</Text>
              <Input
                size="small"
                aria-label={t("program.card.designOf", { level })}
                placeholder={t("program.card.designId")}
                value={draft.levelTemplates[level] ?? ""}
                onChange={(e) =>
                  onChange({ ...draft, levelTemplates: { ...draft.levelTemplates, [level]: e.target.value } })
                }
              />
            </div>
          ))}
        </div>
      )}
      <div className="grid grid-cols-[3fr_auto] items-start gap-2">
        <CustomerPicker
          onPick={(picked) => {
            setCustomer(picked)
            setPreview(null)
          }}
        />
        <Button size="small" variant="secondary" disabled={!customer} onClick={runPreview}>
          {t("program.card.preview")}
        </Button>
      </div>
      {problem && (
        <Text size="small" className="text-ui-fg-error">
          {problem}
        </Text>
      )}
      {preview && (
        <div className="flex flex-col gap-1 rounded-md border p-3" data-testid="wallet-pass-card-preview">
          {/* The card's own locale, not the admin's: its texts are written the way the card shows them. */}
          <Text size="xsmall" className="text-ui-fg-subtle" data-testid="wallet-pass-card-preview-locale">
            {t("program.card.asTheCardShows", { name: customer?.label ?? "", locale: preview.locale })}
          </Text>
          {Object.entries(preview.texts).map(([name, text]) => (
            <Text key={name} size="small">
              {name}: <b>{text === "" ? t("program.card.empty") : text}</b>
              {preview.changed.includes(name) ? ` (${t("program.card.changed")})` : ""}
            </Text>
          ))}
          {!Object.keys(preview.texts).length && <Text size="small">{t("program.card.noVariables")}</Text>}
          <Text size="small" className="text-ui-fg-subtle">
            {preview.template_uuid
              ? t("program.card.designNext", { uuid: preview.template_uuid, level: preview.level ?? "" })
              : t("program.card.designKept")}
          </Text>
        </div>
      )}
    </div>
  )
}
