import { readdirSync } from "fs"
import path from "path"

/** `CREATE [OR REPLACE] FUNCTION|TRIGGER name`, wherever it stands in a statement. */
export const CREATES = /CREATE (?:OR REPLACE )?(FUNCTION|TRIGGER) (\w+)/

export type DbFunction = {
  /** The function or trigger, as its file under db-functions/ is named. */
  name: string
  /** What the module exports, by name: v1, v2, …, latest. */
  exports: string[]
  /** The texts of v1, v2, … in order. */
  versions: string[]
  latest: string
}

/** Every module of db-functions/ (db-functions/README.md), by name. */
export function dbFunctions(): DbFunction[] {
  const folder = path.resolve(__dirname, "..", "db-functions")
  return readdirSync(folder)
    .filter((file) => file.endsWith(".ts"))
    .sort()
    .map((file) => {
      const exported = require(path.join(folder, file)) as Record<string, string>
      const versions = Object.keys(exported)
        .filter((key) => /^v\d+$/.test(key))
        .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
        .map((key) => exported[key])
      return { name: file.replace(/\.ts$/, ""), exports: Object.keys(exported), versions, latest: exported.latest }
    })
}
