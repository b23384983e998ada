import { defineConfig, loadEnv } from "@medusajs/framework/utils"

// The development/test store: it loads this repository's own src/ (routes, subscribers,
// jobs, workflows, links) as app code and the walletPass module with options from env.
// Not part of the published package.
loadEnv(process.env.NODE_ENV || "development", process.cwd())

const env = process.env

/** Plugin options from WALLET_PASS_* variables; unset ones are left to the plugin's defaults. */
function walletPassOptions() {
  const defined = <T extends Record<string, unknown>>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== "")) as Partial<T>
  const hooks = defined({
    login: env.WALLET_PASS_HOOK_LOGIN,
    password: env.WALLET_PASS_HOOK_PASSWORD,
    crmKey: env.WALLET_PASS_CRM_KEY,
    allowedIp: env.WALLET_PASS_HOOK_ALLOWED_IP,
    trustProxy: env.WALLET_PASS_HOOK_TRUST_PROXY ? env.WALLET_PASS_HOOK_TRUST_PROXY === "true" : undefined,
    organizationId: env.WALLET_PASS_HOOK_ORGANIZATION_ID,
    programId: env.WALLET_PASS_HOOK_PROGRAM_ID,
    walletId: env.WALLET_PASS_HOOK_WALLET_ID,
  })
  return {
    apiUrl: env.WALLET_PASS_API_URL ?? "http://127.0.0.1:9/v2",
    appKey: env.WALLET_PASS_APP_KEY ?? "dev-app-key",
    // WALLET_PASS_PLAN: a plan name, or JSON such as {"perSecond":5,"perHour":1000}
    ...defined({
      plan: env.WALLET_PASS_PLAN?.startsWith("{") ? JSON.parse(env.WALLET_PASS_PLAN) : env.WALLET_PASS_PLAN,
    }),
    ...defined({ revision: env.WALLET_PASS_REVISION }),
    ...defined({ templateUuid: env.WALLET_PASS_TEMPLATE_UUID }),
    // WALLET_PASS_PASS: JSON of the `pass` option (the card's texts and designs, docs/program.md "On the card")
    ...(env.WALLET_PASS_PASS ? { pass: JSON.parse(env.WALLET_PASS_PASS) } : {}),
    ...(env.WALLET_PASS_INSTALL_FORM_URL
      ? {
          installLink: {
            formUrl: env.WALLET_PASS_INSTALL_FORM_URL,
            sms: env.WALLET_PASS_INSTALL_SMS ?? "Your card: %link%",
          },
        }
      : {}),
    ...(env.WALLET_PASS_DISPATCHER_ENABLED ||
    env.WALLET_PASS_ECHO_GRACE_SECONDS ||
    env.WALLET_PASS_SENDING_LEASE_SECONDS ||
    env.WALLET_PASS_COALESCE ||
    env.WALLET_PASS_OPEN_SHARE ||
    env.WALLET_PASS_PROFILE_INTERVAL_SECONDS ||
    env.WALLET_PASS_MAX_RETRY_AFTER_SECONDS
      ? {
          dispatcher: defined({
            enabled: env.WALLET_PASS_DISPATCHER_ENABLED ? env.WALLET_PASS_DISPATCHER_ENABLED === "true" : undefined,
            echoGraceSeconds: env.WALLET_PASS_ECHO_GRACE_SECONDS
              ? Number(env.WALLET_PASS_ECHO_GRACE_SECONDS)
              : undefined,
            sendingLeaseSeconds: env.WALLET_PASS_SENDING_LEASE_SECONDS
              ? Number(env.WALLET_PASS_SENDING_LEASE_SECONDS)
              : undefined,
            // WALLET_PASS_COALESCE=false: every balance change its own request (docs/architecture.md, "Coalescing")
            coalesce: env.WALLET_PASS_COALESCE ? env.WALLET_PASS_COALESCE === "true" : undefined,
            // The queue's classes (docs/architecture.md, "The queue"): class c's hourly share,
            // a holder's profile updates' spacing, the longest Retry-After obeyed.
            openShare: env.WALLET_PASS_OPEN_SHARE ? Number(env.WALLET_PASS_OPEN_SHARE) : undefined,
            profileSpacingSeconds: env.WALLET_PASS_PROFILE_INTERVAL_SECONDS
              ? Number(env.WALLET_PASS_PROFILE_INTERVAL_SECONDS)
              : undefined,
            maxRetryAfterSeconds: env.WALLET_PASS_MAX_RETRY_AFTER_SECONDS
              ? Number(env.WALLET_PASS_MAX_RETRY_AFTER_SECONDS)
              : undefined,
          }),
        }
      : {}),
    ...(Object.keys(hooks).length ? { hooks } : {}),
    ...defined({ currencyCode: env.WALLET_PASS_CURRENCY_CODE }),
    ...(env.WALLET_PASS_BONUS_PERCENT || env.WALLET_PASS_PENDING_DAYS
      ? {
          accrual: {
            ...(env.WALLET_PASS_BONUS_PERCENT ? { bonusPercent: Number(env.WALLET_PASS_BONUS_PERCENT) } : {}),
            // The days an order's bonus waits as pending (docs/loyalty.md, "Pending bonus").
            ...(env.WALLET_PASS_PENDING_DAYS ? { pendingDays: Number(env.WALLET_PASS_PENDING_DAYS) } : {}),
          },
        }
      : {}),
    ...(env.WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT
      ? { redemption: { maxOrderPercent: Number(env.WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT) } }
      : {}),
    ...(env.WALLET_PASS_DISCOUNT_ENABLED ? { discount: { enabled: env.WALLET_PASS_DISCOUNT_ENABLED === "true" } } : {}),
    // WALLET_PASS_SYNC: JSON of the `sync` option, e.g. {"budgetShare":1,"since":"2020-01-01"}
    ...(env.WALLET_PASS_SYNC ? { sync: JSON.parse(env.WALLET_PASS_SYNC) } : {}),
    ...(env.WALLET_PASS_VERIFICATION_SMS ? { verification: { sms: env.WALLET_PASS_VERIFICATION_SMS } } : {}),
    // WALLET_PASS_TEXTS: JSON of the `texts` option (limits on texts store routes cause, docs/security.md)
    ...(env.WALLET_PASS_TEXTS ? { texts: JSON.parse(env.WALLET_PASS_TEXTS) } : {}),
    // WALLET_PASS_PROGRAM: JSON of the `program` option (the loyalty program's first version, docs/program.md)
    ...(env.WALLET_PASS_PROGRAM ? { program: JSON.parse(env.WALLET_PASS_PROGRAM) } : {}),
    // WALLET_PASS_EVENTS: JSON of the `events` option (store events → the service's event keys, docs/store-events.md)
    ...(env.WALLET_PASS_EVENTS ? { events: JSON.parse(env.WALLET_PASS_EVENTS) } : {}),
    ...(env.WALLET_PASS_EVENTS_PER_DAY ? { eventsPerDay: Number(env.WALLET_PASS_EVENTS_PER_DAY) } : {}),
    // WALLET_PASS_SWEEP: JSON of the `sweep` option (the order sweep, docs/operations.md), e.g. {"graceSeconds":5}
    ...(env.WALLET_PASS_SWEEP ? { sweep: JSON.parse(env.WALLET_PASS_SWEEP) } : {}),
  }
}

// Production shape when MEDUSA_REDIS_URL is set: Redis event bus, workflow engine and
// locking, so several instances (MEDUSA_WORKER_MODE=shared|server|worker) share one store.
// (CI's REDIS_URL only says Redis exists; specs opt in by passing MEDUSA_REDIS_URL.)
const redisUrl = env.MEDUSA_REDIS_URL
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            { resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } },
          ],
        },
      },
    ]
  : []

/** Any http://localhost:<port> origin (Medusa reads a `/…/` entry of a CORS list as a regular expression). */
const LOCAL_ORIGINS = "/^http:\\/\\/localhost:\\d+$/"

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    redisUrl,
    workerMode: (env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server" | undefined) ?? "shared",
    http: {
      // Storefronts on this machine, on any port: the Next.js Starter (8000) and the example
      // storefront (`npm run storefront`: 8000, or the next free port), docs/storefront.md.
      storeCors: env.STORE_CORS ?? LOCAL_ORIGINS,
      adminCors: env.ADMIN_CORS ?? "http://localhost:9000,http://localhost:5173",
      authCors: env.AUTH_CORS ?? LOCAL_ORIGINS,
      jwtSecret: env.JWT_SECRET ?? "supersecret",
      cookieSecret: env.COOKIE_SECRET ?? "supersecret",
    },
  },
  // The admin (with this repo's widgets and page) only for `npm run dev`: tests do not need it.
  admin: { disable: env.MEDUSA_ADMIN !== "true" },
  modules: [
    {
      resolve: "./src/modules/wallet-pass",
      options: walletPassOptions(),
    },
    ...redisModules,
  ],
})
