// Loaded into every process of `npm test` (package.json's test script puts it in NODE_OPTIONS
// with --require): jest's own and its worker, where the specs run.
require("./medusa-warnings").dropMedusaProductWarnings()
