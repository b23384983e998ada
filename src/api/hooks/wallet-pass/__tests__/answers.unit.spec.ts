import { readFileSync } from "fs"
import path from "path"
import { HOOK_ANSWERS } from "../answers"

const docs = path.join(__dirname, "..", "..", "..", "..", "..", "docs")

/** `status case` rows of the hook answers table in a document. */
function tableRows(file: string): string[] {
  const text = readFileSync(path.join(docs, file), "utf8")
  return [...text.matchAll(/^\s*\| (\d{3}) \| `(\w+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`)
}

describe("one table of hook answers (issue 29 item 5)", () => {
  const code = Object.entries(HOOK_ANSWERS).map(([name, status]) => `${status} ${name}`)

  it.each(["service-api.md", "routes.md"])("docs/%s lists exactly the answers the code gives", (file) => {
    expect(tableRows(file).sort()).toEqual(code.sort())
  })

  it("every failure is a 400 but access control (401, 403) and the store's own failure (500)", () => {
    const failures = Object.entries(HOOK_ANSWERS).filter(([, s]) => s !== 200)
    expect(
      failures
        .filter(([, s]) => s !== 400)
        .map(([n]) => n)
        .sort()
    ).toEqual(["forbidden", "internal", "unauthenticated"].sort())
    expect(HOOK_ANSWERS.too_large).toBe(400)
  })
})
