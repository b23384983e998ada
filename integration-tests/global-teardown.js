/** How long the run may stay alive after its last test before it is ended with a list of what held it. */
const LINGER_LIMIT_MS = 30_000

module.exports = async function globalTeardown() {
  await globalThis.__WALLET_PASS_TEST_DB__?.stop()
  // Every spec closes what it opens, so jest exits by itself (no --forceExit). Should a
  // change leave a handle open, the run says so and ends after LINGER_LIMIT_MS instead of
  // hanging CI; the timer is unref'd, so it never holds a run that ends on its own.
  setTimeout(() => {
    const held = process
      ._getActiveHandles()
      .map((h) => h?.constructor?.name ?? typeof h)
      .join(", ")
    console.error(
      `\n[tests] still running ${LINGER_LIMIT_MS / 1000} s after the last test, held by: ${held}; a spec left it open`
    )
    process.exit(process.exitCode || 1)
  }, LINGER_LIMIT_MS).unref()
}
