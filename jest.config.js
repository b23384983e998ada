const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())
// Medusa logs every migration at info level; keep test output to what matters.
process.env.LOG_LEVEL ??= "error"

// TEST_TYPE narrows the run to one layer; unset runs all of them (what `npm test` does).
const MATCH = {
  unit: ["**/src/**/__tests__/**/*.unit.spec.[jt]s", "**/integration-tests/model/**/*.unit.spec.[jt]s"],
  "integration:modules": ["**/src/modules/*/__tests__/**/*.spec.[jt]s"],
  "integration:http": ["**/integration-tests/http/**/*.spec.[jt]s"],
}

const type = process.env.TEST_TYPE
if (type && !MATCH[type]) {
  throw new Error(`TEST_TYPE must be one of ${Object.keys(MATCH).join(", ")}; got "${type}"`)
}

module.exports = {
  transform: {
    // The storefront's React pieces (src/storefront/react): TSX, React's automatic runtime.
    "^.+\\.tsx$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", tsx: true },
          transform: { react: { runtime: "automatic" } },
          target: "es2021",
        },
      },
    ],
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true },
          target: "es2021",
        },
      },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/", "<rootDir>/.cache/"],
  testMatch: type ? MATCH[type] : Object.values(MATCH).flat(),
  // Module tests also match the unit glob: keep unit specs out of the module layer.
  testPathIgnorePatterns: type === "integration:modules" ? ["/node_modules/", "\\.unit\\.spec\\."] : ["/node_modules/"],
  setupFiles: ["./integration-tests/setup.js"],
  globalSetup: "./integration-tests/global-setup.js",
  globalTeardown: "./integration-tests/global-teardown.js",
  reporters: ["default", "./integration-tests/support/summary-reporter.js"],
  // Two spec files at a time (--maxWorkers=2; most of a store spec's time is waiting on the
  // service's pace, not the CPU). They share the database server but no database (a store
  // spec's is named by Medusa's runner per file, a module spec's by the run and the worker:
  // integration-tests/support/database.js) and no port (each server takes a free one). Each
  // worker process is replaced once it holds more than this after a file: a process that
  // boots a Medusa store per file keeps some of each, and one process for the whole suite ran
  // out of heap (4 GB) after ~40 files.
  workerIdleMemoryLimit: "1.5GB",
}
