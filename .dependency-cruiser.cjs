/**
 * The import rules of src/ (docs/architecture.md, "The layers"), checked by dependency-cruiser:
 * `npm run check:deps` (CI runs it after the type check). `src/__tests__/dependency-rules.unit.spec.ts`
 * shows each rule catching a bad import (the floor rules, made by one function, on five folders).
 *
 * Test files (`__tests__/`) keep the face rules but may cross layers: a test of src/lib may run
 * the emulator, a route's test may read a validator.
 */

/** The module's face: outside src/modules/wallet-pass, code imports the module from these files only. */
const FACE = "^src/modules/wallet-pass/(index|browser)[.]ts$"

/**
 * The floors of src/, lowest first: a folder imports only folders on lower floors, never one
 * beside or above it, so no two folders import each other, around any circle. A new folder gets
 * its floor here (the rule `every-folder-has-a-floor` fails until it does).
 */
const FLOORS = [
  ["lib"], // pure: the API client, phones, money and percents, the plan's arithmetic
  ["modules", "emulator", "storefront"], // the module; the service played for tests; the storefront kit
  ["links", "utils"], // module links; application helpers that read the container
  ["workflows"], // the store's actions
  ["outbound"], // the dispatcher
  ["api", "jobs", "subscribers", "admin", "scripts", "migration-scripts", "cli.ts"], // Medusa's edges
]
const ALL = FLOORS.flat()
const at = (names) => `^src/(${names.map((n) => n.replace(".", "[.]")).join("|")})(/|$)`

/** Medusa's packages, and its zod (the one part src/lib and the rules may use), as resolved. */
const MEDUSA = "(^|/)node_modules/@medusajs/"
const ZOD = "(^|/)node_modules/@medusajs/framework/dist/deps/zod[.]"

/** Types every client reads: the routes' answers (src/api/types.ts), type-only imports of them are allowed from any floor. */
const ROUTE_TYPES = "^src/api/types[.]ts$"

const floorRules = FLOORS.flatMap((floor, level) =>
  floor.map((folder) => {
    const higher = FLOORS.slice(level + 1).flat()
    const beside = floor.filter((other) => other !== folder)
    return {
      name: `layer-${folder.replace(".ts", "")}`,
      comment: `src/${folder} imports only the floors below it: not ${[...beside, ...higher].join(", ") || "-"}`,
      severity: "error",
      from: { path: at([folder]), pathNot: "/__tests__/" },
      to: {
        path: [...beside, ...higher].length ? at([...beside, ...higher]) : "^$",
        pathNot: ROUTE_TYPES,
      },
    }
  })
)

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "only-the-face",
      comment:
        "Outside src/modules/wallet-pass, import the module from its face (index.ts, or browser.ts), never a file inside it.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/modules/wallet-pass/" },
      to: { path: "^src/modules/wallet-pass/", pathNot: FACE },
    },
    {
      name: "face-hands-out-no-internals",
      comment:
        "The face (index.ts, browser.ts) hands out no internal service, repository or helper that runs them on a caller's connection: what a caller needs of the module's data is a method of its service (docs/architecture.md, \"The module's face\"). Of utils/ only the balance errors are the face's; types are erased, so type-only imports may.",
      severity: "error",
      from: { path: FACE },
      to: {
        path: "^src/modules/wallet-pass/(services|repositories|utils|db-functions|migrations)/",
        pathNot: "^src/modules/wallet-pass/utils/balance-errors[.]ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "admin-browser-face",
      comment:
        "The admin is bundled for the browser: it imports the module's browser face (browser.ts), never index.ts, which brings Module(), the service and mikro-orm (its tests are not bundled).",
      severity: "error",
      from: { path: "^src/admin/", pathNot: "/__tests__/" },
      to: { path: "^src/modules/wallet-pass/index[.]ts$" },
    },
    {
      name: "browser-face-no-server",
      comment:
        "What the browser face reaches (browser.ts, constants.ts, rules/) imports no server part of the module (service, services, repositories, models, migrations, loaders, the server face) and nothing of Medusa but zod; types are erased, so type-only imports may.",
      severity: "error",
      from: { path: "^src/modules/wallet-pass/((browser|constants)[.]ts$|rules/)" },
      to: {
        path: [
          "^src/modules/wallet-pass/(index[.]ts$|service[.]ts$|services/|repositories/|models/|migrations/|loaders/|utils/)",
          MEDUSA,
        ],
        pathNot: ZOD,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "repositories-sql-only",
      comment:
        "The repositories hold the SQL and nothing else: they import nothing of rules/ (the internal services decide by the rules, then read and write through the repositories); types are erased, so type-only imports may.",
      severity: "error",
      from: { path: "^src/modules/wallet-pass/repositories/" },
      to: { path: "^src/modules/wallet-pass/rules/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "emulator-own-reading",
      comment:
        "The emulator plays the service from docs/service-api.md alone (its readings: src/emulator/readings.ts): it imports nothing of the plugin outside src/emulator, not even types, so a misreading of the client, the dispatcher or the module is not shared by the emulator the tests run against.",
      severity: "error",
      from: { path: "^src/emulator/", pathNot: "/__tests__/" },
      to: { path: "^src/", pathNot: "^src/emulator/" },
    },
    {
      name: "lib-pure",
      comment:
        "src/lib is the part a storefront or a script can use alone (the ./client export): nothing of Medusa but zod (the floors keep it from the rest of src/).",
      severity: "error",
      from: { path: "^src/lib/", pathNot: "/__tests__/" },
      to: { path: MEDUSA, pathNot: ZOD },
    },
    {
      name: "no-medusa-route-internals",
      comment:
        "Medusa's route internals (@medusajs/medusa/api/...) are exported but not public and may change in any release: use the framework's public API.",
      severity: "error",
      from: {},
      to: { path: "(^|/)node_modules/@medusajs/[^/]+/dist/api/" },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "Every import resolves through the packages' exports maps: a non-public path (@medusajs/*/dist/...) does not.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "route-types-type-only",
      comment:
        "The floors let any folder read the routes' answer types (src/api/types.ts): as types only, so nothing of the routes comes with them.",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/api/", "/__tests__/"] },
      to: { path: ROUTE_TYPES, dependencyTypesNot: ["type-only"] },
    },
    ...floorRules,
    {
      name: "every-folder-has-a-floor",
      comment: "A folder of src/ without a floor in FLOORS is not checked: give it one.",
      severity: "error",
      from: { path: "^src/", pathNot: [at(ALL), "^src/__tests__/"] },
      to: {},
    },
    {
      name: "no-circular",
      comment:
        "No file imports itself around a circle (the module's face included). Medusa's data models refer to each other by design (relations, lazily resolved): models/ is left out.",
      severity: "error",
      from: { pathNot: "^src/modules/wallet-pass/models/" },
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require("path").join(__dirname, "tsconfig.test.json") },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
}
