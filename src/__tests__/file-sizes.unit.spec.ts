import { readdirSync, readFileSync, statSync } from "fs"
import path from "path"

/**
 * Files short enough to read (docs/architecture.md, "The layers"): none over 500 lines but
 * generated migrations and the emulator's core. The module's facade (service.ts) has no cap
 * of its own: it lists what the module offers, one line a method ("The module's face"). The
 * import rules are dependency-cruiser's (`.dependency-cruiser.cjs`,
 * dependency-rules.unit.spec.ts); it cannot count lines.
 */
const SRC = path.resolve(__dirname, "..")

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === "__tests__" ? [] : sourceFiles(full)
    return /\.tsx?$/.test(name) ? [full] : []
  })
}

describe("file sizes of src/", () => {
  it("keeps files short enough to read: none over 500 lines", () => {
    const files = sourceFiles(SRC)
    // A broken walk would pass the rule; make sure it saw the code.
    expect(files.length).toBeGreaterThan(200)
    const lines = (file: string) => readFileSync(file, "utf8").split("\n").length
    const exempt = (file: string) =>
      /[/\\]migrations[/\\]/.test(file) || file.endsWith(path.join("emulator", "core.ts"))
    const long = files
      .filter((file) => !exempt(file) && lines(file) > 500)
      .map((file) => `${path.relative(SRC, file)}: ${lines(file)} lines`)
    expect(long).toEqual([])
  })
})
