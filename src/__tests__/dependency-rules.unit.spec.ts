import { spawnSync } from "child_process"
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "fs"
import { tmpdir } from "os"
import path from "path"

/**
 * The import rules of `.dependency-cruiser.cjs` (docs/architecture.md, "The layers") can fail:
 * dependency-cruiser runs with that configuration over a small tree laid out like src/, where
 * each bad file breaks one rule and the good files break none. `npm run check:deps` runs the
 * same configuration over the real tree.
 */
const ROOT = path.resolve(__dirname, "..", "..")
const DEPCRUISE = path.join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs")
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs")

const GOOD: Record<string, string> = {
  "src/lib/money.ts": `import { z } from "@medusajs/framework/zod"\nexport const money = z.number()\n`,
  "src/modules/wallet-pass/index.ts": `import { service } from "./service"\nexport * from "./browser"\nexport { service }\n`,
  "src/modules/wallet-pass/browser.ts": `export * from "./constants"\nexport * from "./rules/program"\n`,
  "src/modules/wallet-pass/constants.ts": `export const LIMIT = 1\n`,
  "src/modules/wallet-pass/types/index.ts": `import type { Knex } from "@medusajs/framework/mikro-orm/knex"\nexport type Row = { knex: Knex | null }\n`,
  "src/modules/wallet-pass/rules/program.ts":
    `import { z } from "@medusajs/framework/zod"\nimport { LIMIT } from "../constants"\nimport type { Row } from "../types"\n` +
    `export const program = z.literal(LIMIT)\nexport type ProgramRow = Row\n`,
  "src/modules/wallet-pass/repositories/program.ts":
    `import type { Knex } from "@medusajs/framework/mikro-orm/knex"\nimport type { ProgramRow } from "../rules/program"\n` +
    `export const read = (knex: Knex): Promise<ProgramRow[]> => knex.raw("SELECT 1")\n`,
  "src/modules/wallet-pass/service.ts": `import { MedusaError } from "@medusajs/framework/utils"\nimport { money } from "../../lib/money"\nexport const service = [MedusaError, money]\n`,
  "src/workflows/step.ts": `import { LIMIT } from "../modules/wallet-pass"\nexport const step = [LIMIT]\n`,
  "src/api/types.ts": `export type Answer = { amount: number }\nexport const answerOf = (amount: number): Answer => ({ amount })\n`,
  "src/api/route.ts": `import { step } from "../workflows/step"\nexport const GET = step\n`,
  "src/jobs/job.ts": `export const job = 1\n`,
  "src/admin/widget.tsx":
    `import { LIMIT } from "../modules/wallet-pass/browser"\nimport type { Answer } from "../api/types"\n` +
    `export const widget = (answer: Answer) => answer.amount < LIMIT\n`,
  "src/storefront/kit.ts": `import type { Answer } from "../api/types"\nexport type Kit = Answer\n`,
  "src/emulator/readings.ts": `export const PATHS = { status: "/status" }\n`,
  "src/emulator/core.ts": `import { z } from "@medusajs/framework/zod"\nimport { PATHS } from "./readings"\nexport const core = [z, PATHS]\n`,
}

/** Each bad file, the rule it breaks, what it imports. */
const BAD: { rule: string; file: string; text: string }[] = [
  {
    rule: "only-the-face",
    file: "src/workflows/inside.ts",
    text: `import { LIMIT } from "../modules/wallet-pass/constants"`,
  },
  {
    rule: "admin-browser-face",
    file: "src/admin/server-face.tsx",
    text: `import { LIMIT } from "../modules/wallet-pass"`,
  },
  {
    rule: "browser-face-no-server",
    file: "src/modules/wallet-pass/rules/uses-service.ts",
    text: `import { service } from "../service"`,
  },
  {
    rule: "browser-face-no-server",
    file: "src/modules/wallet-pass/rules/medusa.ts",
    text: `import { MedusaError } from "@medusajs/framework/utils"`,
  },
  {
    rule: "repositories-sql-only",
    file: "src/modules/wallet-pass/repositories/decides.ts",
    text: `import { program } from "../rules/program"\nexport const decides = program`,
  },
  { rule: "lib-pure", file: "src/lib/medusa.ts", text: `import { MedusaError } from "@medusajs/framework/utils"` },
  {
    rule: "emulator-own-reading",
    file: "src/emulator/client-reading.ts",
    text: `import { money } from "../lib/money"\nexport const amount = money`,
  },
  {
    rule: "emulator-own-reading",
    file: "src/emulator/client-types.ts",
    text: `import type { money } from "../lib/money"\nexport type Amount = typeof money`,
  },
  { rule: "layer-lib", file: "src/lib/upward.ts", text: `import { LIMIT } from "../modules/wallet-pass"` },
  {
    rule: "layer-modules",
    file: "src/modules/wallet-pass/upward.ts",
    text: `import { step } from "../../workflows/step"`,
  },
  { rule: "layer-workflows", file: "src/workflows/to-route.ts", text: `import { GET } from "../api/route"` },
  { rule: "layer-api", file: "src/api/to-job.ts", text: `import { job } from "../jobs/job"` },
  { rule: "layer-admin", file: "src/admin/to-route.tsx", text: `import { GET } from "../api/route"` },
  {
    rule: "route-types-type-only",
    file: "src/storefront/route-types.ts",
    text: `import { answerOf } from "../api/types"\nexport const kit = answerOf`,
  },
  {
    rule: "no-medusa-route-internals",
    file: "src/api/internals.ts",
    text: `import { refetchCart } from "@medusajs/medusa/api/store/carts/helpers"`,
  },
  {
    rule: "not-to-unresolvable",
    file: "src/api/dist-path.ts",
    text: `import { MedusaError } from "@medusajs/framework/dist/utils"`,
  },
  {
    rule: "face-hands-out-no-internals",
    file: "src/modules/wallet-pass/index.ts",
    text: `import { service } from "./service"\nexport * from "./browser"\nexport { service }\nexport { runOnYourKnex } from "./utils/helper"`,
  },
  { rule: "every-folder-has-a-floor", file: "src/newcomer/thing.ts", text: `import { money } from "../lib/money"` },
  { rule: "no-circular", file: "src/utils/a.ts", text: `import { b } from "./b"\nexport const a = () => b` },
]
/** The other end of the circle (reported once, at a.ts), and the internal helper the bad face hands out. */
const BAD_SUPPORT = {
  "src/utils/b.ts": `import { a } from "./a"\nexport const b = a\n`,
  "src/modules/wallet-pass/utils/helper.ts": `export const runOnYourKnex = 1\n`,
}

type Violation = { rule: { name: string }; from: string }

function cruise(files: Record<string, string>): Violation[] {
  const dir = mkdtempSync(path.join(tmpdir(), "dependency-rules-"))
  try {
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir")
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), text)
    }
    const run = spawnSync(process.execPath, [DEPCRUISE, "src", "--config", CONFIG, "--output-type", "json"], {
      cwd: dir,
      // Jest's NODE_OPTIONS preload a file relative to the repository: not the fixture's.
      env: { ...process.env, NODE_OPTIONS: "" },
      encoding: "utf8",
      timeout: 60_000,
    })
    if (!run.stdout) throw new Error(`dependency-cruiser gave no answer: ${run.stderr || run.error}`)
    return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const pairs = (violations: Violation[]) => [...new Set(violations.map((v) => `${v.rule.name} ${v.from}`))].sort()

describe("the import rules (.dependency-cruiser.cjs)", () => {
  it("let the good files be and catch each bad one with its rule, and only with it", () => {
    expect(cruise(GOOD)).toEqual([])
    const bad = Object.fromEntries(BAD.map((b) => [b.file, `${b.text}\n`]))
    const expected = [...new Set(BAD.map((b) => `${b.rule} ${b.file}`))].sort()
    expect(pairs(cruise({ ...GOOD, ...BAD_SUPPORT, ...bad }))).toEqual(expected)
  })
})
