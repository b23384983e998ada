// The fault suite's second oracle: the model of the loyalty rules (integration-tests/model,
// written from the docs, not from src/). The suite tells it what happened to each holder, in
// the order the store saw it (one holder's operations never overlap: run.mjs serialises them),
// and at the end compares every holder's ledger, balance, level and card rates with what the
// model says. The model is TypeScript; this script is plain Node, so the model is transpiled
// once (TypeScript's transpileModule, no type check) into a temporary module and imported.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import ts from "typescript"

/**
 * Imports integration-tests/model/loyalty-model.ts from a plain .mjs script: every .ts file of
 * the model's folder is transpiled beside the others (the model imports its own parts, such as
 * earning-model.ts, by relative path without an extension, which is rewritten to .mjs).
 */
export async function importModel(root) {
  const dir = path.join(root, "integration-tests/model")
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "loyalty-model-"))
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".ts"))) {
    const { outputText } = ts.transpileModule(fs.readFileSync(path.join(dir, name), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    })
    const linked = outputText.replace(/(from\s+["'])(\.\/[^"']+)(["'])/g, (_, a, spec, b) =>
      spec.endsWith(".mjs") ? `${a}${spec}${b}` : `${a}${spec}.mjs${b}`
    )
    fs.writeFileSync(path.join(out, name.replace(/\.ts$/, ".mjs")), linked)
  }
  return import(pathToFileURL(path.join(out, "loyalty-model.mjs")).href)
}

/** Cents of an amount Medusa or the service answered in units (float noise removed). */
export const cents = (amount) => Math.round(Number(amount) * 100 * 1e4) / 1e4

export class ModelOracle {
  constructor(LoyaltyModel, config) {
    this.model = new LoyaltyModel(config)
    this.clock = 0
    this.events = 0
  }

  /** The history's clock: the wall clock, strictly increasing (two events in one millisecond stay in order). */
  tick() {
    return (this.clock = Math.max(Date.now(), this.clock + 1))
  }

  apply(event) {
    this.model.apply({ at: this.tick(), ...event })
    this.events++
  }

  /**
   * An order as Medusa answered it: its base is its items after discounts, without shipping or
   * tax (`accrual.base` "subtotal", docs/loyalty.md), its spend its total (docs/program.md).
   */
  order(holder, order) {
    const items = order.items.reduce((sum, i) => sum + cents(i.unit_price) * i.quantity, 0)
    this.apply({
      type: "order",
      holder,
      order: order.id,
      base: cents(order.item_total) - cents(order.item_tax_total),
      total: Math.floor(cents(order.total)),
      items,
    })
  }

  /** What the model says of a holder now: its ledger (kind and amount, sorted), balance, level, card rates. */
  expected(holder) {
    const at = this.tick()
    return {
      ledger: this.model
        .ledgerAt(holder, at)
        .map((e) => `${e.kind} ${e.amount}`)
        .sort(),
      balance: this.model.balance(holder, at),
      level: this.model.level(holder),
      cardRates: this.model.cardRates(holder),
    }
  }

  /** What the model says counts toward the holder's level now (cents). */
  spend(holder) {
    return this.model.spend(holder, this.tick())
  }

  holders() {
    return this.model.holderIds()
  }
}

/**
 * Compares one holder's store and service with the model: the problems found, as lines.
 * `store.ledger` are the applied entries' "kind amount"; `card` the service's customer (or null);
 * `judgeRates` false when a setPrivileges the store never took left the card on the service's own.
 */
export function judgeHolder(oracle, holder, store, card, judgeRates) {
  const want = oracle.expected(holder)
  const problems = []
  const got = [...store.ledger].sort()
  if (JSON.stringify(got) !== JSON.stringify(want.ledger)) {
    const missing = difference(want.ledger, got)
    const extra = difference(got, want.ledger)
    problems.push(
      `${holder}: ledger differs from the model: missing [${missing.join(", ")}], extra [${extra.join(", ")}]`
    )
  }
  if (store.balance !== want.balance) problems.push(`${holder}: balance ${store.balance}, the model ${want.balance}`)
  if ((store.level ?? null) !== want.level) problems.push(`${holder}: level ${store.level}, the model ${want.level}`)
  if (card && judgeRates) {
    const shown = { bonus: Number(card.bonus), discount: Number(card.discount) }
    if (shown.bonus !== want.cardRates.bonus || shown.discount !== want.cardRates.discount)
      problems.push(
        `${holder}: card rates ${shown.bonus}/${shown.discount} %, the model ${want.cardRates.bonus}/${want.cardRates.discount} %`
      )
  }
  return problems
}

/** Items of `a` not matched one for one in `b`. */
function difference(a, b) {
  const left = [...b]
  return a.filter((x) => {
    const i = left.indexOf(x)
    if (i < 0) return true
    left.splice(i, 1)
    return false
  })
}
