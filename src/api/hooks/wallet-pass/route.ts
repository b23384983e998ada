import { HOOK_ANSWERS } from "./answers"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { HOOK_METHODS } from "../../../lib/constants"
import { authenticateHook, plainIpv4 } from "./authenticate"
import { handleHook } from "./handle-hook"
import { hookOf } from "./hooks"
import { parseHook, type ParseHookOptions } from "./parse-hook"
import { readJsonBody } from "./read-body"
import { phoneCountry } from "../../../utils/phone-country"
import { storableCopy } from "../../../lib/safe-json"
import { currencyStep, MINOR_PER_UNIT } from "../../../lib/amounts"
import { balanceCurrency } from "../../../utils/currency"
import { type HookOutcome, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

/** Client mistakes and unknown holders answer 400 `{ error }` (answers.ts; docs/service-api.md, "Hook answers"), never 500. */
const CLIENT_ERRORS: string[] = [
  MedusaError.Types.INVALID_DATA,
  MedusaError.Types.NOT_FOUND,
  MedusaError.Types.NOT_ALLOWED,
  MedusaError.Types.DUPLICATE_ERROR,
  MedusaError.Types.CONFLICT,
]

function withoutSecrets(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body
  const { crm_key: _omitted, ...rest } = body as Record<string, unknown>
  return rest
}

type Delivery = {
  status: number
  answer: Record<string, unknown>
  outcome: HookOutcome
  method?: string
  holder_id?: string
  phone?: string
  transaction_id?: string
  request?: unknown
  error?: string
  /** Optional fields of a createCustomer left out, and the amounts and percents rounded. */
  dropped?: { field: string; reason: string }[]
  /** Where a refused delivery came from (the address the allowlist checks). */
  address?: string | null
}

/**
 * POST /hooks/wallet-pass — every hook of the service (the registry, hooks/index.ts:
 * createCustomer, readBalance, addBalance, setPrivileges). Medusa's body parser is off for this route (middlewares.ts):
 * the body is read here with a limit so bad JSON and oversized bodies get `{ error }`.
 * Authentication comes first; a rejected delivery writes nothing but its log line, and one
 * refused before it was authenticated not even that (it is counted per minute).
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const started = performance.now()
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const options = walletPass.getOptions()

  const delivery = await (async (): Promise<Delivery> => {
    const body = await readJsonBody(req)
    const json = body.json as Record<string, unknown> | null | undefined
    const auth = authenticateHook(options.hooks, {
      authorization: req.headers.authorization,
      socketAddress: req.socket.remoteAddress,
      forwardedAddress: req.ip,
      headers: req.headers,
      bodyCrmKey: json && typeof json === "object" ? json.crm_key : undefined,
    })
    if (!auth.ok) {
      const address = plainIpv4(options.hooks?.trustProxy ? req.ip : req.socket.remoteAddress)?.slice(0, 100) ?? null
      return { status: auth.status, answer: { error: auth.error }, outcome: "unauthorized", error: auth.error, address }
    }
    if (!body.ok) {
      // What parsed is logged, with the characters the log cannot keep replaced.
      const request = body.json === undefined ? undefined : storableCopy(withoutSecrets(body.json))
      const method = HOOK_METHODS.find((m) => m === json?.method)
      return {
        status: body.status,
        answer: { error: body.error },
        outcome: "rejected",
        error: body.error,
        method,
        request,
      }
    }
    const request = withoutSecrets(body.json)
    const parsed = await parseInCurrency(req.scope, body.json, {
      revision: options.revision,
      lifetimeUnit: options.lifetimeUnit,
      defaultCountry: (await phoneCountry(req.scope)).country,
    })
    if (!parsed.ok) {
      return {
        status: HOOK_ANSWERS.body_refused,
        answer: { error: parsed.error },
        outcome: "rejected",
        method: parsed.method,
        request,
        error: parsed.error,
      }
    }
    const { command } = parsed
    const logged = hookOf(command.method).logged?.(command) ?? {}
    const about = {
      method: command.method,
      phone: command.phone,
      transaction_id: logged.transaction_id,
      // Both shown in the hook log; only the dropped fields stay on the holder (hooks/create-customer.ts).
      dropped: [...(logged.dropped ?? []), ...command.rounded],
      request,
    }
    try {
      const handled = await handleHook(req.scope, command)
      const error = handled.status === 400 ? String(handled.body.error) : undefined
      return {
        status: handled.status ?? HOOK_ANSWERS.ok,
        answer: handled.body,
        outcome: handled.outcome,
        holder_id: handled.holder_id,
        error,
        ...about,
      }
    } catch (e) {
      if (MedusaError.isMedusaError(e) && CLIENT_ERRORS.includes((e as MedusaError).type)) {
        const error = (e as MedusaError).message
        return { status: HOOK_ANSWERS.holder_refused, answer: { error }, outcome: "rejected", error, ...about }
      }
      logger.error(`wallet-pass: ${command.method} hook failed`, e as Error)
      const error = "internal error while handling the hook; the store's logs have the details"
      // A 5xx, so the service may send it again (see answers.ts); the receiver is idempotent.
      return { status: HOOK_ANSWERS.internal, answer: { error }, outcome: "error", error, ...about }
    }
  })()

  res.status(delivery.status).json(delivery.answer)

  if (delivery.outcome === "unauthorized") {
    // Counted per minute, not a row each: anyone can send these (see recordHookRefusal).
    walletPass.recordHookRefusal({
      status: delivery.status,
      reason: delivery.error ?? "",
      address: delivery.address ?? null,
    })
    return
  }
  try {
    await walletPass.recordHookDelivery({
      method: delivery.method ?? null,
      holder_id: delivery.holder_id ?? null,
      phone: delivery.phone ?? null,
      transaction_id: delivery.transaction_id ?? null,
      status_code: delivery.status,
      outcome: delivery.outcome,
      error: delivery.error ?? null,
      duration_ms: Math.round(performance.now() - started),
      request: (delivery.request as Record<string, unknown>) ?? null,
      response: delivery.answer,
      dropped: delivery.dropped?.length ? delivery.dropped : null,
    })
  } catch (e) {
    logger.warn(`wallet-pass: could not record a hook delivery: ${(e as Error).message}`)
  }
}

/**
 * parseHook with amounts rounded to the balance currency's smallest unit (docs/service-api.md,
 * "Amounts and percents in hooks"). The currency is read only when an amount has cents: a
 * currency without them (JPY) rounds those away, every other keeps them, and a whole amount
 * is the same in all (so a hook of whole amounts costs no query).
 */
async function parseInCurrency(scope: MedusaRequest["scope"], body: unknown, options: ParseHookOptions) {
  const parsed = parseHook(body, options)
  const amount = parsed.ok ? hookOf(parsed.command.method).amount?.(parsed.command) : undefined
  if (amount === undefined || amount % MINOR_PER_UNIT === 0) return parsed
  const currency = await balanceCurrency(scope)
  const step = currency ? currencyStep(currency) : 1
  return step > 1 ? parseHook(body, { ...options, amountStep: step }) : parsed
}
