/**
 * Medusa 2.21.2's product module reads a product's variants and its options at once on one
 * transaction's connection (ProductModuleService.createVariants_, reached by every store
 * that creates a product, as the specs' seed does), and pg warns that it queued the second
 * query behind the first. The warning is about Medusa's code, printed once per spec file; it
 * is dropped here only when Medusa's product module is on the stack, so the same warning
 * from this plugin's code would still be printed.
 *
 * Installed in every process of `npm test` by preload.js (the specs run in jest's worker;
 * pg's warning goes through the worker's real `process`, not a spec's sandbox).
 */
const PG_QUEUED_QUERY = "Calling client.query() when the client is already executing a query"
const MEDUSA_PRODUCT_MODULE = `${require("path").sep}@medusajs${require("path").sep}product${require("path").sep}`

function isMedusaProductWarning(warning) {
  const text = typeof warning === "string" ? warning : warning?.message
  if (typeof text !== "string" || !text.startsWith(PG_QUEUED_QUERY)) return false
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 80
  const stack = new Error().stack ?? ""
  Error.stackTraceLimit = limit
  return stack.includes(MEDUSA_PRODUCT_MODULE)
}

function dropMedusaProductWarnings() {
  const emitWarning = process.emitWarning
  process.emitWarning = function (warning, ...rest) {
    if (isMedusaProductWarning(warning)) return
    return emitWarning.call(this, warning, ...rest)
  }
}

module.exports = { dropMedusaProductWarnings }
