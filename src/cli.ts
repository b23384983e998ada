#!/usr/bin/env node
/**
 * `npx medusa-plugin-wallet-pass check`, run in the merchant's Medusa project: the connection
 * check (docs/operations.md, "Checking the connection") with the store's own configuration,
 * through `medusa exec` of the compiled script beside this file. Exit code 1 when a step fails.
 */
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import path from "node:path"

const USAGE = "usage: npx medusa-plugin-wallet-pass check   (in your Medusa project's folder)"

function main(argv: string[]): number {
  const [command] = argv
  if (command !== "check") {
    process.stderr.write(`${USAGE}\n`)
    return command === "--help" || command === "-h" ? 0 : 2
  }
  const script = path.join(__dirname, "scripts", "wallet-pass-check.js")
  if (!existsSync(script)) {
    process.stderr.write(`the plugin's check script is missing (${script}): build the plugin first\n`)
    return 2
  }
  const run = spawnSync("npx", ["medusa", "exec", script], { stdio: "inherit", cwd: process.cwd(), env: process.env })
  if (run.error) {
    process.stderr.write(`could not run medusa exec: ${run.error.message}\n`)
    return 2
  }
  return run.status ?? 1
}

process.exitCode = main(process.argv.slice(2))
