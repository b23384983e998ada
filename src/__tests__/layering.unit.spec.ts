import { readdirSync, readFileSync, statSync } from "fs"
import path from "path"

/**
 * The layering of src/ (docs/architecture.md), checked from the imports themselves:
 * - src/lib is pure: it imports no other folder of src/ and nothing of Medusa but zod;
 * - the module imports no workflow, route, subscriber, job or the outbound layer;
 * - nothing imports Medusa's route internals (`@medusajs/medusa/api/...`), which are not
 *   public and may change in any release: the framework's public API instead;
 * - no two top-level folders of src/ import each other, directly or around a circle;
 * - no file over 500 lines but generated migrations and the emulator's core, and the
 *   module's facade (service.ts) under 350.
 */
const SRC = path.resolve(__dirname, "..")

type Import = { from: string; spec: string; target: string | null }

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === "__tests__" ? [] : sourceFiles(full)
    return /\.tsx?$/.test(name) ? [full] : []
  })
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, "utf8")
  const found: Import[] = []
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    const spec = match[1]
    const target = spec.startsWith(".") ? path.relative(SRC, path.resolve(path.dirname(file), spec)) : null
    found.push({ from: path.relative(SRC, file), spec, target })
  }
  return found
}

const folder = (relative: string) => relative.split(path.sep)[0]
const imports = sourceFiles(SRC).flatMap(importsOf)

describe("layering of src/", () => {
  it("finds the imports it checks", () => {
    // A broken walk would pass every rule below; make sure it saw the code.
    expect(imports.filter((i) => i.target && folder(i.from) === "api").length).toBeGreaterThan(50)
  })

  it("src/lib imports no other folder of src/ and nothing of Medusa but zod", () => {
    const offending = imports.filter(
      (i) =>
        folder(i.from) === "lib" &&
        ((i.target !== null && folder(i.target) !== "lib") ||
          (i.spec.startsWith("@medusajs/") && i.spec !== "@medusajs/framework/zod"))
    )
    expect(offending).toEqual([])
  })

  it("the module imports no workflow, route, subscriber, job or the outbound layer", () => {
    const above = new Set(["workflows", "api", "subscribers", "jobs", "outbound", "utils", "admin"])
    const offending = imports.filter((i) => folder(i.from) === "modules" && i.target && above.has(folder(i.target)))
    expect(offending).toEqual([])
  })

  it("nothing imports Medusa's route internals (@medusajs/medusa/api/...)", () => {
    const offending = imports.filter((i) => i.spec.startsWith("@medusajs/medusa/api"))
    expect(offending).toEqual([])
  })

  it("the folders of src/ import each other without a circle", () => {
    const edges = new Map<string, Set<string>>()
    for (const i of imports) {
      if (!i.target || i.target.startsWith("..")) continue
      const [a, b] = [folder(i.from), folder(i.target)]
      if (a === b) continue
      edges.set(a, (edges.get(a) ?? new Set()).add(b))
    }
    const circles: string[] = []
    const visit = (node: string, trail: string[]) => {
      for (const next of edges.get(node) ?? []) {
        if (next === trail[0]) circles.push([...trail, next].join(" -> "))
        else if (!trail.includes(next)) visit(next, [...trail, next])
      }
    }
    for (const start of edges.keys()) visit(start, [start])
    expect(circles).toEqual([])
  })

  it("keeps files short enough to read: none over 500 lines, the module's facade under 350", () => {
    const lines = (file: string) => readFileSync(file, "utf8").split("\n").length
    const exempt = (file: string) =>
      /[/\\]migrations[/\\]/.test(file) || file.endsWith(path.join("emulator", "core.ts"))
    const long = sourceFiles(SRC)
      .filter((file) => !exempt(file) && lines(file) > 500)
      .map((file) => `${path.relative(SRC, file)}: ${lines(file)} lines`)
    expect(long).toEqual([])
    expect(lines(path.join(SRC, "modules", "wallet-pass", "service.ts"))).toBeLessThan(350)
  })
})
