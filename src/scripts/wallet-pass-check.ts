import type { ExecArgs } from "@medusajs/framework/types"
import { runConnectionCheck } from "../outbound/connection-check"

const MARK = { ok: "ok  ", warn: "WARN", fail: "FAIL", skipped: "--  " } as const

/**
 * `npx medusa-plugin-wallet-pass check` runs this inside the merchant's store
 * (`medusa exec`): the connection check with the store's own configuration, printed step by
 * step; the exit code is 1 when a step failed. The JSON report follows a line
 * `--- wallet-pass check (json) ---` for support.
 */
export default async function walletPassCheck({ container }: ExecArgs): Promise<void> {
  const result = await runConnectionCheck(container)
  const lines = [`wallet-pass connection check: ${result.ok ? "passed" : `failed at "${result.failed_step}"`}`]
  for (const step of result.steps) {
    lines.push(`[${MARK[step.status]}] ${step.id}: ${step.found}`)
    if (step.unknown_fields?.length) lines.push(`       unknown fields: ${step.unknown_fields.join(", ")}`)
    if (step.missing_fields?.length) lines.push(`       missing fields: ${step.missing_fields.join(", ")}`)
    if (step.todo) lines.push(`       to do: ${step.todo}`)
  }
  lines.push(
    `requests spent: ${result.requests.length} (${result.requests.map((r) => `${r.path} ${r.status ?? "-"}`).join(", ")})`
  )
  lines.push("--- wallet-pass check (json) ---", JSON.stringify(result))
  process.stdout.write(`${lines.join("\n")}\n`)
  if (!result.ok) process.exitCode = 1
}
