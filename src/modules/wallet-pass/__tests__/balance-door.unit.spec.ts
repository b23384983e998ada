import { readdirSync, readFileSync, statSync } from "fs"
import path from "path"
import ts from "typescript"

/**
 * One door for a balance change (docs/architecture.md): the source of src/ is read, and the
 * writers of ledger rows and of what follows a change are listed. Each list must be exactly
 * the one below: a second writer (a repository's write called from another file, a new SQL
 * statement writing entries, a request queued for an entry elsewhere, another emitter of
 * wallet_pass.balance_changed, another writer of the card's catch-up mark or another caller of
 * its one consumer) fails here and names itself. A new kind of change goes through the door (services/balance-door.ts `BalanceChange`).
 */
const SRC = path.resolve(__dirname, "../../..")
const MODULE = path.join(SRC, "modules", "wallet-pass")
const DOOR = "modules/wallet-pass/services/balance-door.ts"

/** The database functions that write ledger rows (db-functions/), called from SQL the module's code runs. */
const LEDGER_WRITING_FUNCTIONS = [
  "wallet_pass_apply_entry",
  "wallet_pass_consume_credits",
  "wallet_pass_expire_credit",
  "wallet_pass_cancel_entry",
  "wallet_pass_hook_batch",
  "wallet_pass_hook_add",
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) {
      return ["__tests__", "migrations", "db-functions"].includes(name) ? [] : sourceFiles(full)
    }
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : []
  })
}

type Found = { file: string; where: string }

/** Walks a file's syntax: strings (with the method or function they are in), calls by the called name. */
function scan(file: string): {
  strings: { text: string; where: string }[]
  calls: { name: string; node: ts.CallExpression; where: string }[]
  names: Set<string>
} {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const strings: { text: string; where: string }[] = []
  const calls: { name: string; node: ts.CallExpression; where: string }[] = []
  const names = new Set<string>()
  const visit = (node: ts.Node, where: string) => {
    let inside = where
    if ((ts.isMethodDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name)
      inside = node.name.getText(source)
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push({ text: node.text, where })
    if (ts.isTemplateExpression(node)) {
      strings.push({ text: [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" "), where })
    }
    if (ts.isIdentifier(node)) names.add(node.text)
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : ""
      if (name) calls.push({ name, node, where })
    }
    ts.forEachChild(node, (child) => visit(child, inside))
  }
  visit(source, "")
  return { strings, calls, names }
}

const files = sourceFiles(SRC).map((full) => ({
  rel: path.relative(SRC, full).split(path.sep).join("/"),
  ...scan(full),
}))

const writesLedger = (sql: string) =>
  /\b(insert\s+into|update|delete\s+from)\s+wallet_pass_ledger_entry\b/i.test(sql) ||
  LEDGER_WRITING_FUNCTIONS.some((name) => new RegExp(`\\b${name}\\s*\\(`).test(sql))

/** SQL the module's code runs that writes ledger rows: file and method. */
function ledgerSql(): Found[] {
  return files.flatMap((f) =>
    f.strings.filter((s) => writesLedger(s.text)).map((s) => ({ file: f.rel, where: s.where }))
  )
}

const sorted = (found: Found[]) =>
  [...new Set(found.map((f) => `${f.file} ${f.where}`.trim()))].sort((a, b) => a.localeCompare(b))

/** Calls of any of `names`, outside the files that define them; `only`: the calls a test keeps. */
function callers(names: string[], except: string[] = [], only?: (node: ts.CallExpression) => boolean): Found[] {
  return files
    .filter((f) => !except.includes(f.rel))
    .flatMap((f) =>
      f.calls
        .filter((c) => names.includes(c.name) && (!only || only(c.node)))
        .map((c) => ({ file: f.rel, where: c.where }))
    )
}

describe("one door for a balance change", () => {
  it("reads the module's source (the scan sees files)", () => {
    expect(files.some((f) => f.rel === DOOR)).toBe(true)
    expect(files.length).toBeGreaterThan(100)
  })

  it("ledger rows are written by five repository methods, each its SQL once", () => {
    expect(sorted(ledgerSql())).toEqual([
      "modules/wallet-pass/repositories/hooks.ts runHookBatch",
      "modules/wallet-pass/repositories/ledger.ts applyEntry",
      "modules/wallet-pass/repositories/ledger.ts attachOrder",
      "modules/wallet-pass/repositories/ledger.ts cancelEntry",
      "modules/wallet-pass/repositories/ledger.ts expireCredit",
    ])
  })

  it("and those methods are called by the door alone", () => {
    const writers = ["applyEntry", "attachOrder", "cancelEntry", "expireCredit", "runHookBatch"]
    const repositories = ["modules/wallet-pass/repositories/ledger.ts", "modules/wallet-pass/repositories/hooks.ts"]
    expect([...new Set(callers(writers, repositories).map((c) => c.file))]).toEqual([DOOR])
  })

  it("the database functions that write entries are the ones the door's SQL reaches", () => {
    const dir = path.join(MODULE, "db-functions")
    const writing = readdirSync(dir)
      .filter((name) => /^wallet_pass_\w+\.ts$/.test(name))
      .filter((name) =>
        /\b(insert\s+into|update)\s+wallet_pass_ledger_entry\b/i.test(readFileSync(path.join(dir, name), "utf8"))
      )
      .map((name) => name.replace(/\.ts$/, ""))
      .sort()
    // Each is reached only through one of the five methods above (the hook batch calls hook_add,
    // apply_entry calls consume_credits, expire_credit and cancel_entry call apply_entry).
    expect(writing).toEqual([
      "wallet_pass_apply_entry",
      "wallet_pass_cancel_entry",
      "wallet_pass_consume_credits",
      "wallet_pass_expire_credit",
      "wallet_pass_hook_add",
    ])
  })

  it("a request for a ledger entry is queued by the door alone", () => {
    // Any argument that names the entry (an object literal, cast or not, a variable built with it).
    const forEntry = (node: ts.CallExpression) =>
      node.arguments.some((arg) => /\bledger_entry_id\b/.test(arg.getText()))
    const queued = callers(["insertOperation", "enqueueOperation", "enqueue"], [], forEntry)
    expect([...new Set(queued.map((c) => c.file))]).toEqual([DOOR])
    // The class promotion that goes with a change of a customer who ordered is the door's; the
    // others are a verification's (a code asked for, a phone proven: services/trust.ts).
    expect(sorted(callers(["promoteHolder"]))).toEqual([
      `${DOOR} entry_`,
      "modules/wallet-pass/services/trust.ts confirmVerification",
      "modules/wallet-pass/services/trust.ts createVerification",
    ])
  })

  it("wallet_pass.balance_changed is emitted by the door alone", () => {
    const emitters = files
      .filter((f) => f.calls.some((c) => c.name === "emit"))
      .filter((f) => f.names.has("BALANCE_CHANGED") || f.strings.some((s) => s.text === "wallet_pass.balance_changed"))
      .map((f) => f.rel)
    expect(emitters).toEqual([DOOR])
  })

  it("the card's catch-up mark is written by the door alone, and read by one consumer", () => {
    const CARD_TEXTS_REPOSITORY = "modules/wallet-pass/repositories/card-texts.ts"
    const CONSUMER = "modules/wallet-pass/services/card-texts.ts catchUpDueCards"
    // The SQL that sets or clears the mark: the door's mark, the consumer's clear and deferral.
    const markSql = files.flatMap((f) =>
      f.strings.filter((s) => /\bcard_due_at\s*=/i.test(s.text)).map((s) => ({ file: f.rel, where: s.where }))
    )
    expect(sorted(markSql)).toEqual([
      `${CARD_TEXTS_REPOSITORY} clearDue`,
      `${CARD_TEXTS_REPOSITORY} deferDue`,
      `${CARD_TEXTS_REPOSITORY} markDue`,
    ])
    // The mark is set by the door, with every kind of change (the card-only kind included).
    expect(sorted(callers(["markDue"]))).toEqual([`${DOOR} cardDue_`, `${DOOR} hookBatch_`])
    expect(sorted(callers(["cardDue_"])).filter((c) => c.startsWith(DOOR))).toEqual([
      `${DOOR} apply_`,
      `${DOOR} cancel_`,
      `${DOOR} entry_`,
      `${DOOR} expire_`,
    ])
    // ... and read, cleared or kept by the one consumer.
    expect(sorted(callers(["lockDue", "clearDue", "deferDue"]))).toEqual([CONSUMER])
  })

  it("the card's texts are queued by the one consumer, called from one app place (the drain)", () => {
    // The module's comparison of the texts: the consumer, and the method the tests call.
    expect(sorted(callers(["queueChanged_"]))).toEqual([
      "modules/wallet-pass/services/card-texts.ts catchUpDueCards",
      "modules/wallet-pass/services/card-texts.ts queueChangedCards",
    ])
    expect(sorted(callers(["queueChangedCards", "queueChangedCardTexts"]))).toEqual([])
    // The consumer is called by the app's one function, which the drain calls.
    expect(sorted(callers(["catchUpDueCards"]))).toEqual(["outbound/operations/card-catch-up.ts catchUpDueCardTexts"])
    expect(sorted(callers(["catchUpDueCardTexts"]))).toEqual(["outbound/drain.ts drain"])
  })
})
