#!/usr/bin/env node
/** `wallet-pass-emulator`: starts the emulator from the command line and prints its URL. */
import { parseArgs } from "node:util"
import { EMULATOR_MODES, type EmulatorMode, type EmulatorOptions } from "./options"
import {
  ERROR_BODY_SHAPES,
  type ErrorBodyShape,
  OVER_LIMIT_ANSWERS,
  type OverLimitAnswer,
  PLAN_NAMES,
  type PlanName,
  REVISIONS,
  type Revision,
} from "./readings"
import { startEmulator } from "./server"

const USAGE = `Usage: wallet-pass-emulator [options]

  --port <n>             port to listen on (default 4010; 0 = any free port)
  --host <host>          interface (default 127.0.0.1)
  --app-key <key>        the account key requests must carry (default: $WALLET_PASS_APP_KEY, else "emulator-app-key")
  --mode <mode>          builtin | external_crm (default builtin)
  --plan <plan>          ${PLAN_NAMES.join(" | ")} (default basic)
  --per-second <n>       explicit limit per second (with --per-hour; replaces --plan)
  --per-hour <n>         explicit limit per hour
  --unlimited            no rate limits
  --revision <rev>       ${REVISIONS.join(" | ")} (default 2.8.2)
  --over-limit <answer>  ${OVER_LIMIT_ANSWERS.join(" | ")} (default 429, with Retry-After)
  --error-body <shape>   ${ERROR_BODY_SHAPES.join(" | ")} (default error)
  --float-noise          float noise in the amounts hooks carry
  --card-start <number>  first card number issued (default 1000000001)
  --form-url <url>       pass issue form used for personalised links
  --webhook-url <url>    where hooks go (the store's /hooks/wallet-pass)
  --hook-login <login>   HTTP Basic login for hooks
  --hook-password <pw>   HTTP Basic password for hooks
  --crm-key <key>        crm_key auth for hooks (empty login, key as password and in the body)
  --organization-id <id> X-organization-id header (default 1)
  --program-id <id>      X-program-id header (default 1)
  --wallet-id <id>       X-wallet-id header (default 1)
  --help                 this text
`

function fail(message: string): never {
  process.stderr.write(`wallet-pass-emulator: ${message}\n\n${USAGE}`)
  process.exit(2)
}

function int(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) fail(`--${name} must be a non-negative integer`)
  return Number(value)
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined
  if (!(allowed as readonly string[]).includes(value)) fail(`--${name} must be one of ${allowed.join(", ")}`)
  return value as T
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "app-key": { type: "string" },
        mode: { type: "string" },
        plan: { type: "string" },
        "per-second": { type: "string" },
        "per-hour": { type: "string" },
        unlimited: { type: "boolean" },
        revision: { type: "string" },
        "over-limit": { type: "string" },
        "error-body": { type: "string" },
        "float-noise": { type: "boolean" },
        "card-start": { type: "string" },
        "form-url": { type: "string" },
        "webhook-url": { type: "string" },
        "hook-login": { type: "string" },
        "hook-password": { type: "string" },
        "crm-key": { type: "string" },
        "organization-id": { type: "string" },
        "program-id": { type: "string" },
        "wallet-id": { type: "string" },
        help: { type: "boolean" },
      },
      strict: true,
    }).values
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const str = (name: string) => {
    const v = values[name]
    return typeof v === "string" ? v : undefined
  }

  const perSecond = int("per-second", str("per-second"))
  const perHour = int("per-hour", str("per-hour"))
  if ((perSecond === undefined) !== (perHour === undefined)) fail("--per-second and --per-hour go together")
  const plan = oneOf<PlanName>("plan", str("plan"), PLAN_NAMES)
  if (plan && perSecond !== undefined) fail("give --plan or --per-second/--per-hour, not both")
  if (values.unlimited && (plan || perSecond !== undefined))
    fail("--unlimited excludes --plan and --per-second/--per-hour")

  const webhookUrl = str("webhook-url")
  const options: EmulatorOptions = {
    port: int("port", str("port")) ?? 4010,
    host: str("host") ?? "127.0.0.1",
    appKey: str("app-key") ?? process.env.WALLET_PASS_APP_KEY ?? "emulator-app-key",
    mode: oneOf<EmulatorMode>("mode", str("mode"), EMULATOR_MODES),
    revision: oneOf<Revision>("revision", str("revision"), REVISIONS),
    overLimit: oneOf<OverLimitAnswer>("over-limit", str("over-limit"), OVER_LIMIT_ANSWERS),
    errorBody: oneOf<ErrorBodyShape>("error-body", str("error-body"), ERROR_BODY_SHAPES),
    ...(values["float-noise"] && { floatNoise: true }),
    ...(plan && { plan }),
    ...(perSecond !== undefined && perHour !== undefined && { limits: { perSecond, perHour } }),
    ...(values.unlimited && { limits: "unlimited" as const }),
    ...(str("card-start") && { cardNumberStart: str("card-start") }),
    ...(str("form-url") && { formUrl: str("form-url") }),
    ...(webhookUrl && {
      webhook: {
        url: webhookUrl,
        login: str("hook-login"),
        password: str("hook-password"),
        crmKey: str("crm-key"),
        organizationId: str("organization-id"),
        programId: str("program-id"),
        walletId: str("wallet-id"),
      },
    }),
  }
  if (!webhookUrl && (str("hook-login") || str("hook-password") || str("crm-key")))
    fail("hook credentials need --webhook-url")

  let emulator: Awaited<ReturnType<typeof startEmulator>>
  try {
    emulator = await startEmulator(options)
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  const limits = emulator.limits()
  process.stdout.write(
    [
      `wallet-pass emulator listening`,
      `  API:      ${emulator.url}`,
      `  control:  ${emulator.controlUrl}`,
      `  mode:     ${options.mode ?? "builtin"}, revision ${options.revision ?? "2.8.2"}`,
      `  limits:   ${limits === "unlimited" ? "unlimited" : `${limits.perSecond}/s, ${limits.perHour}/h`}`,
      `  webhook:  ${webhookUrl ?? "none"}`,
      "",
    ].join("\n")
  )

  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`wallet-pass-emulator: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
