import { Button, IconButton, Input, Label, Select, Switch, Text } from "@medusajs/ui"
import { Trash } from "@medusajs/icons"
import {
  EARN_CHOICES,
  type EarningDraft,
  type FieldProblem,
  newRule,
  problemsAt,
  REDEEM_CHOICES,
  type RuleDraft,
  TARGET_KINDS,
  type TargetKind,
} from "../lib/earning-form"
import type { EarningTarget } from "../lib/earning-targets"
import { useWalletPassFormat } from "../lib/format"

const COLUMNS = "grid-cols-[9rem_minmax(0,2fr)_minmax(0,2fr)_6rem_10rem_auto]"

/** The server's words for one field, under it. */
export const FieldProblems = ({ problems, testId }: { problems: FieldProblem[]; testId?: string }) =>
  problems.length ? (
    <div className="flex flex-col" data-testid={testId}>
      {problems.map((p, i) => (
        <Text key={i} size="xsmall" className="text-ui-fg-error">
          {p.text}
        </Text>
      ))}
    </div>
  ) : null

/** One of a few fixed choices, each in words. */
function ChoiceSelect<C extends string>({
  value,
  choices,
  text,
  label,
  placeholder,
  invalid,
  testId,
  onChange,
}: {
  value: C | ""
  choices: readonly C[]
  text: (choice: C) => string
  label: string
  placeholder?: string
  invalid: boolean
  testId: string
  onChange: (choice: C) => void
}) {
  return (
    <Select value={value || undefined} onValueChange={(choice) => onChange(choice as C)}>
      <Select.Trigger aria-label={label} aria-invalid={invalid} data-testid={testId}>
        <Select.Value placeholder={placeholder} />
      </Select.Trigger>
      <Select.Content>
        {choices.map((choice) => (
          <Select.Item key={choice} value={choice}>
            {text(choice)}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  )
}

/** A store's collection, category, type or tag as a choice: its name and its id (the store's own). */
const TargetSelect = ({
  rule,
  targets,
  loading,
  invalid,
  onChange,
}: {
  rule: RuleDraft
  targets: EarningTarget[]
  loading: boolean
  invalid: boolean
  onChange: (id: string) => void
}) => {
  const { t } = useWalletPassFormat()
  const known = targets.some((target) => target.id === rule.target)
  return (
    <Select value={rule.target || undefined} onValueChange={onChange} disabled={!rule.kind}>
      <Select.Trigger
        aria-label={t("earnRules.rules.target")}
        aria-invalid={invalid}
        data-testid="wallet-pass-rule-target"
      >
        <Select.Value placeholder={t("earnRules.rules.pickTarget")} />
      </Select.Trigger>
      <Select.Content>
        {rule.target && !known && (
          // While the store's lists load, the id alone; once loaded, said to be missing.
          <Select.Item value={rule.target}>
            {loading ? rule.target : t("earnRules.rules.unknownTarget", { id: rule.target })}
          </Select.Item>
        )}
        {targets.map((target) => (
          <Select.Item key={target.id} value={target.id}>
            <span className="block truncate text-left" title={`${target.name} · ${target.id}`}>
              {target.name} <span className="text-ui-fg-muted">· {target.id}</span>
            </span>
          </Select.Item>
        ))}
        {!targets.length && !rule.target && (
          <Text size="small" className="text-ui-fg-subtle px-2 py-1.5">
            {t("earnRules.rules.noTargets")}
          </Text>
        )}
      </Select.Content>
    </Select>
  )
}

/**
 * The program page's earn rules (docs/program.md, "Earn rules"): one row per rule (what it
 * applies to, how it earns, whether it can be paid with bonus), and gift cards' two switches.
 * The server's words for a refused field show under its row.
 */
export const ProgramEarningFields = ({
  draft,
  targets,
  problems,
  onChange,
}: {
  draft: EarningDraft
  targets: Record<TargetKind, EarningTarget[]> & { loading: boolean }
  problems: FieldProblem[]
  onChange: (draft: EarningDraft) => void
}) => {
  const { t } = useWalletPassFormat()
  const setRule = (i: number, change: Partial<RuleDraft>) =>
    onChange({ ...draft, rules: draft.rules.map((r, j) => (j === i ? { ...r, ...change } : r)) })
  const setGiftCards = (change: Partial<EarningDraft["giftCards"]>) =>
    onChange({ ...draft, giftCards: { ...draft.giftCards, ...change } })
  const atRules = problems.filter((p) => p.path === "earning.rules" || p.path === "earning")

  return (
    <div className="flex flex-col gap-2" data-testid="wallet-pass-earning-rules">
      <Text size="small" weight="plus">
        {t("earnRules.rules.title")}
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("earnRules.rules.hint")}
      </Text>
      {!draft.rules.length && (
        <Text size="small" className="text-ui-fg-subtle">
          {t("earnRules.rules.none")}
        </Text>
      )}
      {!!draft.rules.length && (
        <div className={`grid ${COLUMNS} gap-2`}>
          {["kind", "target", "earn", "value", "redeem"].map((h) => (
            <Text key={h} size="xsmall" weight="plus" className="text-ui-fg-subtle">
              {t(`earnRules.rules.${h}`)}
            </Text>
          ))}
        </div>
      )}
      {draft.rules.map((rule, i) => {
        const at = (field: string) => problemsAt(problems, `earning.rules.${i}${field}`)
        const rowProblems = at("")
        return (
          <div key={i} className="flex flex-col gap-1" data-testid="wallet-pass-earning-rule">
            <div className={`grid ${COLUMNS} items-center gap-2`}>
              <ChoiceSelect
                value={rule.kind}
                choices={TARGET_KINDS}
                text={(kind) => t(`earnRules.rules.kinds.${kind}`)}
                label={t("earnRules.rules.kind")}
                placeholder={t("earnRules.rules.pickKind")}
                invalid={at(".target").length > 0 && !rule.kind}
                testId="wallet-pass-rule-kind"
                onChange={(kind) => setRule(i, { kind, target: "" })}
              />
              <TargetSelect
                rule={rule}
                targets={rule.kind ? targets[rule.kind] : []}
                loading={targets.loading}
                invalid={at(".target").length > 0}
                onChange={(target) => setRule(i, { target })}
              />
              <ChoiceSelect
                value={rule.earn}
                choices={EARN_CHOICES}
                text={(choice) => t(`earnRules.rules.earnChoice.${choice}`)}
                label={t("earnRules.rules.earn")}
                invalid={at(".earn").length > 0}
                testId="wallet-pass-rule-earn"
                onChange={(earn) => setRule(i, { earn })}
              />
              <Input
                size="small"
                inputMode="decimal"
                aria-label={t("earnRules.rules.value")}
                aria-invalid={at(".earn").length > 0}
                placeholder={
                  rule.earn === "multiplier" || rule.earn === "percent"
                    ? t(`earnRules.rules.valueHint.${rule.earn}`)
                    : ""
                }
                title={
                  rule.earn === "multiplier" || rule.earn === "percent"
                    ? t(`earnRules.rules.valueHint.${rule.earn}`)
                    : ""
                }
                disabled={rule.earn !== "multiplier" && rule.earn !== "percent"}
                value={rule.earn === "multiplier" || rule.earn === "percent" ? rule.value : ""}
                onChange={(e) => setRule(i, { value: e.target.value })}
                data-testid="wallet-pass-rule-value"
              />
              <ChoiceSelect
                value={rule.redeem}
                choices={REDEEM_CHOICES}
                text={(choice) => t(`earnRules.rules.redeemChoice.${choice}`)}
                label={t("earnRules.rules.redeem")}
                invalid={at(".redeem").length > 0}
                testId="wallet-pass-rule-redeem"
                onChange={(redeem) => setRule(i, { redeem })}
              />
              <IconButton
                size="small"
                variant="transparent"
                aria-label={t("earnRules.rules.remove", { number: i + 1 })}
                onClick={() => onChange({ ...draft, rules: draft.rules.filter((_, j) => j !== i) })}
              >
                <Trash />
              </IconButton>
            </div>
            <FieldProblems problems={rowProblems} testId="wallet-pass-earning-rule-problem" />
          </div>
        )
      })}
      <FieldProblems problems={atRules} testId="wallet-pass-earning-rules-problem" />
      <Button
        size="small"
        variant="secondary"
        className="self-start"
        onClick={() => onChange({ ...draft, rules: [...draft.rules, newRule()] })}
      >
        {t("earnRules.rules.add")}
      </Button>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2" data-testid="wallet-pass-earning-gift-cards">
        <Text size="small" weight="plus">
          {t("earnRules.rules.giftCards")}
        </Text>
        {(["earn", "redeem"] as const).map((field) => (
          <div key={field} className="flex items-center gap-2">
            <Switch
              id={`wallet-pass-gift-cards-${field}`}
              checked={draft.giftCards[field]}
              onCheckedChange={(checked) => setGiftCards({ [field]: checked })}
            />
            <Label size="small" htmlFor={`wallet-pass-gift-cards-${field}`}>
              {t(field === "earn" ? "earnRules.rules.giftCardsEarn" : "earnRules.rules.giftCardsRedeem")}
            </Label>
          </div>
        ))}
      </div>
      <FieldProblems problems={problemsAt(problems, "earning.giftCards")} />
    </div>
  )
}
