import { checkJsonValue, nestsDeeperThan, storableCopy, unstorableCharacter } from "../safe-json"

describe("safe JSON", () => {
  it("measures nesting on the raw text, ignoring brackets inside strings", () => {
    expect(nestsDeeperThan('{"a":{"b":[1,2]}}', 3)).toBe(false)
    expect(nestsDeeperThan('{"a":{"b":[[1]]}}', 3)).toBe(true)
    expect(nestsDeeperThan('{"a":"{{{{[[[["}', 1)).toBe(false)
    expect(nestsDeeperThan('{"a":"\\"{{{{"}', 1)).toBe(false) // an escaped quote does not end the string
    expect(nestsDeeperThan("[".repeat(100_000), 32)).toBe(true)
  })

  it.each([
    ["plain", null],
    ["tab\tand newline\n", null],
    ["emoji 😀", null],
    ["nul \u0000", "a NUL character (U+0000)"],
    ["high \ud800 alone", "an unpaired surrogate (U+D800)"],
    ["low \udc01 alone", "an unpaired surrogate (U+DC01)"],
    ["reversed \ude00\ud83d", "an unpaired surrogate (U+DE00)"],
  ])("%j: %s", (text, problem) => {
    expect(unstorableCharacter(text)).toBe(problem)
  })

  it("names where the first unstorable string or key is, and counts values", () => {
    expect(checkJsonValue({ a: [1, { b: "x\u0000" }] })).toBe(
      "a[1].b contains a NUL character (U+0000), which the store cannot keep"
    )
    expect(checkJsonValue({ "odd key": { "\ud800": 1 } })).toBe(
      '["odd key"]["\\ud800"] (a key) contains an unpaired surrogate (U+D800), which the store cannot keep'
    )
    expect(checkJsonValue("\u0000")).toBe("body contains a NUL character (U+0000), which the store cannot keep")
    expect(checkJsonValue({ a: Array(1000).fill(0) })).toBe("body has more than 1000 values (keys and array items)")
    expect(checkJsonValue({ a: Array(999).fill(0) })).toBeNull()
  })

  it("copies a refused body for the log with U+FFFD in place of what Postgres cannot keep", () => {
    expect(storableCopy({ "k\u0000": ["a\ud800b", 1, null, true] })).toEqual({ "k\ufffd": ["a\ufffdb", 1, null, true] })
  })
})
