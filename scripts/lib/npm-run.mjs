// Runs an npm script of this repository as a child in its own process group (so
// stopProcessGroup in ./store-app.mjs ends everything it started), its output shown with a
// `[script]` prefix and each line handed to `onLine`. Used by the check scripts.
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import path from "node:path"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")

/** Answers `{ child, exited }`; `exited` resolves to the exit code (or the signal). */
export function npmRun(script, env, { onLine } = {}) {
  const child = spawn("npm", ["run", "--silent", script], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  const relay = (stream, out) => {
    let rest = ""
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n")
      rest = lines.pop()
      for (const line of lines) {
        out.write(`[${script}] ${line}\n`)
        onLine?.(line)
      }
    })
  }
  relay(child.stdout, process.stdout)
  relay(child.stderr, process.stderr)
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)))
  return { child, exited }
}
