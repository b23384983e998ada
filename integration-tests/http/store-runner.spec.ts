import { retryWhileInUse, TEMPLATE_MODULE } from "../support/store-runner"

// The support's retry of Medusa's template copy (integration-tests/support/store-runner.ts):
// no store is booted here, only the wrapper and its place in Medusa's runner are checked.
jest.setTimeout(10_000)

const inUse = () => Object.assign(new Error('source database "x" is being accessed by other users'), { code: "55006" })
const input = { databaseName: "x", templateName: "x-template" }

it("a copy refused because the source is in use is tried again, within a bound; another error at once", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {})
  try {
    let calls = 0
    const onceBusy = retryWhileInUse(async () => {
      if (++calls === 1) throw inUse()
    })
    await expect(onceBusy(input)).resolves.toBeUndefined()
    expect(calls).toBe(2)

    calls = 0
    const alwaysBusy = retryWhileInUse(async () => {
      calls++
      throw inUse()
    }, 3)
    await expect(alwaysBusy(input)).rejects.toMatchObject({ code: "55006" })
    expect(calls).toBe(3)

    calls = 0
    const other = retryWhileInUse(async () => {
      calls++
      throw Object.assign(new Error("permission denied"), { code: "42501" })
    })
    await expect(other(input)).rejects.toThrow("permission denied")
    expect(calls).toBe(1)
  } finally {
    warn.mockRestore()
  }
})

it("Medusa's runner takes its snapshot through the retry once the support is loaded", () => {
  const runnerUtils = require("@medusajs/test-utils/dist/medusa-test-runner-utils")
  const copy = require(TEMPLATE_MODULE).createPostgresDatabaseTemplate
  expect(copy.retries).toBe(true)
  // The runner reads it through its index's getter: the wrapper is what it calls.
  expect(runnerUtils.createPostgresDatabaseTemplate).toBe(copy)
})
