/**
 * The module's face for the browser (docs/architecture.md, "The module's face"): the enums,
 * rules and types the admin's widgets and pages bundle. No server code is behind it (no
 * `Module()`, service, models, SQL or mikro-orm): `.dependency-cruiser.cjs` holds the files it
 * reaches to that, and the admin imports the module through this file only. The server face,
 * `index.ts`, re-exports all of it, and the values of the program's rules, which the admin reads
 * only as types (the program's zod schema stays out of its bundle).
 */
export * from "./constants"
export * from "./rules/overview"
export * from "./rules/card-texts"
export type * from "./rules/program"
export * from "./rules/store-events"
export * from "./rules/earning"
export type * from "./types"
export type * from "./types/admin"
export type { RefusalMinute } from "./utils/refusal-tally"
export type { ForecastCounts, QueueForecast } from "./rules/plan"
