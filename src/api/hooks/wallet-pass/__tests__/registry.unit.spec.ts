import { readFileSync } from "fs"
import { join } from "path"
import { HOOK_METHODS } from "../../../../lib/constants"
import { HOOKS } from "../hooks"

// docs/architecture.md, "Hooks" and "Adding an inbound hook": a hook is its entry, and the
// route's files know none by name.
describe("the inbound hooks registry", () => {
  it("has one entry per method of HOOK_METHODS, under its own name", () => {
    expect(Object.keys(HOOKS).sort()).toEqual([...HOOK_METHODS].sort())
    for (const [key, hook] of Object.entries(HOOKS)) expect(hook.method).toBe(key)
  })

  it.each(["route.ts", "parse-hook.ts", "handle-hook.ts", "answers.ts"])("%s names no hook method", (file) => {
    const source = readFileSync(join(__dirname, "..", file), "utf8")
    const named = HOOK_METHODS.filter((m) => source.includes(`"${m}"`) || source.includes(`'${m}'`))
    expect(named).toEqual([])
  })
})
