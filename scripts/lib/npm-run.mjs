// Runs an npm script of this repository as a child in its own process group (so
// stopProcessGroup in ./store-app.mjs ends everything it started), its output shown with a
// `[script]` prefix and each line handed to `onLine`. Used by the check scripts.
import { spawn } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import { fileURLToPath } from "node:url"
import path from "node:path"
import { stopProcessGroup } from "./store-app.mjs"

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

/** True when something listens on `port` on this machine. */
export function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "localhost" })
    socket.setTimeout(2_000)
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/**
 * The end of a check's `npm run dev`: Ctrl-C (SIGINT) to it, its data folder removed, the
 * screenshots (kept in memory while it ran: `medusa develop` restarts on any file written in
 * the project) written to `artifacts`. Throws when it did not stop within 30 s, or when
 * something still listens on the store's `port` once it has (a store left running would
 * answer the next `npm run dev` in its place).
 */
export async function endDevRun({ dev, dataDir, shots, artifacts, step, port }) {
  step("Ctrl-C (SIGINT) to npm run dev")
  const stopped = await stopProcessGroup(dev.child, dev.exited, { signal: "SIGINT", timeoutMs: 30_000 })
  fs.rmSync(dataDir, { recursive: true, force: true })
  for (const [name, png] of shots) fs.writeFileSync(path.join(artifacts, `${name}.png`), png)
  if (!stopped) throw new Error("npm run dev did not stop within 30 s of SIGINT")
  if (port && (await listening(port))) throw new Error(`npm run dev stopped, but something still listens on ${port}`)
}
