module.exports = async function globalTeardown() {
  await globalThis.__WALLET_PASS_TEST_DB__?.stop()
}
