/** Sending hooks to the store's receiver the way the service does (docs/service-api.md, "Hooks"). */
import { performance } from "node:perf_hooks"
import { Agent, request } from "undici"
import type { EmulatorWebhookOptions } from "./options"
import { type HookMethod, REDACTED, hookBody, redact } from "./readings"
import type { HookRecord } from "./state"

export type HookSendResult = { record: HookRecord; rawBody: string }

/**
 * Builds the headers and body of one hook. crm_key auth is Basic with an empty login and the key
 * as password; Basic auth uses the login and password. Every body carries `crm_key` first
 * (readings.ts `hookBody`: the settings' password, empty when none).
 */
export function buildHook(
  webhook: EmulatorWebhookOptions,
  method: HookMethod,
  customer: Record<string, unknown>
): { headers: Record<string, string>; body: Record<string, unknown>; auth: HookRecord["auth"] } {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-organization-id": webhook.organizationId ?? "1",
    "X-program-id": webhook.programId ?? "1",
    "X-wallet-id": webhook.walletId ?? "1",
  }
  let auth: HookRecord["auth"] = "none"
  if (webhook.crmKey !== undefined) {
    auth = "crm_key"
    headers.Authorization = basic("", webhook.crmKey)
  } else if (webhook.login) {
    auth = "basic"
    headers.Authorization = basic(webhook.login, webhook.password ?? "")
  }
  return { headers, body: hookBody(method, customer, webhook.crmKey ?? webhook.password), auth }
}

function basic(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`
}

export class HookSender {
  private readonly agent = new Agent({ connect: { timeout: 5_000 } })

  /** Sends one hook body as-is (a replay sends a recorded body again). Never throws for HTTP or network failures. */
  async send(
    webhook: EmulatorWebhookOptions,
    method: HookMethod,
    rawBody: string,
    headers: Record<string, string>,
    auth: HookRecord["auth"],
    seq: number
  ): Promise<HookSendResult> {
    const secrets = webhook.crmKey ? [webhook.crmKey] : webhook.password ? [webhook.password] : []
    const started = performance.now()
    const record: HookRecord = {
      seq,
      method,
      url: webhook.url,
      auth,
      headers: { ...headers, ...(headers.Authorization && { Authorization: REDACTED }) },
      body: redact(JSON.parse(rawBody), secrets),
      sentAt: new Date().toISOString(),
      durationMs: 0,
      ok: false,
    }
    const timeout = webhook.timeoutMs ?? 10_000
    try {
      const response = await request(webhook.url, {
        method: "POST",
        headers,
        body: rawBody,
        dispatcher: this.agent,
        headersTimeout: timeout,
        bodyTimeout: timeout,
      })
      const text = await response.body.text()
      record.status = response.statusCode
      record.ok = response.statusCode >= 200 && response.statusCode < 300
      try {
        record.response = redact(JSON.parse(text), secrets)
      } catch {
        record.response = text
      }
    } catch (error) {
      record.error =
        error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error)
    }
    record.durationMs = Math.round((performance.now() - started) * 1000) / 1000
    return { record, rawBody }
  }

  async close(): Promise<void> {
    await this.agent.close()
  }
}
