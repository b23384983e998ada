import { readdirSync, readFileSync, statSync } from "fs"
import path from "path"
import ts from "typescript"
import { QUEUE_CHANNEL } from "../modules/wallet-pass/browser"

/**
 * The module's face holds for data too (docs/architecture.md, "The module's face"): outside
 * src/modules/wallet-pass no code names the module's tables, its database functions or its
 * queue's channel in a string (SQL, raw or built), none takes Medusa's raw connection
 * (`PG_CONNECTION`), and nowhere in src/ does code reach into a module's container
 * (`__container__`) for an internal service. What callers need of the module's data is a
 * method of the module's service. The import rules (`.dependency-cruiser.cjs`) keep the files
 * inside the module out of reach; they cannot see a table's name in a string.
 */
const SRC = path.resolve(__dirname, "..")
const MODULE = path.join(SRC, "modules", "wallet-pass")

/**
 * The allowed exceptions, each with its reason. Tests (`__tests__/`) are left out of the data
 * rules: they set up and inspect rows directly, as the integration tests do.
 */
const RAW_CONNECTION_ALLOWED: Record<string, string> = {
  // appStopped reads whether the app's shutdown closed Medusa's pool (knex drops client.pool on
  // destroy), before any module call: the app's lifecycle, not the module's data; it runs no SQL.
  "utils/background-work.ts": "the app's pool closed by its shutdown, no SQL",
}

function sourceFiles(dir: string, withTests: boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) {
      return name === "__tests__" && !withTests ? [] : sourceFiles(full, withTests)
    }
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : []
  })
}

/** The names the module's database knows: its tables (from its migrations), its functions (db-functions/), its queue's channel. */
function moduleDatabaseNames(): string[] {
  const tables = new Set<string>()
  for (const file of sourceFiles(path.join(MODULE, "migrations"), false)) {
    for (const match of readFileSync(file, "utf8").matchAll(/create table (?:if not exists )?"?(wallet_pass_\w+)/gi)) {
      tables.add(match[1])
    }
  }
  const functions = readdirSync(path.join(MODULE, "db-functions"))
    .filter((name) => /^wallet_pass_\w+\.ts$/.test(name))
    .map((name) => name.replace(/\.ts$/, ""))
  return [...tables, ...functions, QUEUE_CHANNEL]
}

/** Each string of a file (literals and template parts, comments left out) and each identifier, with its line. */
function tokensOf(file: string): {
  strings: { text: string; line: number }[]
  names: { text: string; line: number }[]
} {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const strings: { text: string; line: number }[] = []
  const names: { text: string; line: number }[] = []
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      strings.push({ text: node.text, line: lineOf(node) })
    } else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      names.push({ text: node.text, line: lineOf(node) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { strings, names }
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join("/")
const THIS_FILE = relative(__filename)

describe("the module's face for data", () => {
  const names = moduleDatabaseNames()
  const nameRe = new RegExp(`\\b(${names.join("|")})\\b`)

  it("knows the module's tables and functions (a broken read would pass every rule)", () => {
    expect(names).toEqual(
      expect.arrayContaining(["wallet_pass_api_call", "wallet_pass_ledger_entry", "wallet_pass_apply_entry"])
    )
    expect(names.length).toBeGreaterThan(30)
  })

  it("outside the module, no string names a table, function or channel of the module's database", () => {
    const files = sourceFiles(SRC, false).filter((file) => !file.startsWith(MODULE + path.sep))
    expect(files.length).toBeGreaterThan(150)
    const found = files.flatMap((file) =>
      tokensOf(file)
        .strings.filter((s) => nameRe.test(s.text))
        .map((s) => `${relative(file)}:${s.line}: ${s.text.match(nameRe)![1]}`)
    )
    expect(found).toEqual([])
  })

  it("outside the module, nothing takes Medusa's raw connection (PG_CONNECTION) but the named exceptions", () => {
    const files = sourceFiles(SRC, false).filter((file) => !file.startsWith(MODULE + path.sep))
    const found = files.flatMap((file) => {
      const { strings, names: identifiers } = tokensOf(file)
      const hits = [
        ...identifiers.filter((n) => n.text === "PG_CONNECTION"),
        ...strings.filter((s) => s.text === "__pg_connection__"),
      ]
      return hits.map((hit) => `${relative(file)}:${hit.line}: ${hit.text}`)
    })
    const allowed = (hit: string) => Object.keys(RAW_CONNECTION_ALLOWED).some((file) => hit.startsWith(`${file}:`))
    expect(found.filter((hit) => !allowed(hit))).toEqual([])
  })

  it("nowhere in src/ (tests included) does code reach into a container for a service (__container__)", () => {
    const files = sourceFiles(SRC, true).filter((file) => relative(file) !== THIS_FILE)
    const found = files.flatMap((file) => {
      const { strings, names: identifiers } = tokensOf(file)
      return [...identifiers, ...strings]
        .filter((token) => token.text.includes("__container__"))
        .map((token) => `${relative(file)}:${token.line}`)
    })
    expect(found).toEqual([])
  })
})
