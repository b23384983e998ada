import http from "http"
import { EmulatorOptions, startEmulator, WalletPassEmulator } from "../../src/emulator"
import type { AxiosInstance } from "axios"
import type { HttpTypes, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE, type WalletPassModuleService } from "../../src/modules/wallet-pass"
import {
  registerCustomer,
  type RegisterCustomerInput,
  type SeededStore,
  seededStoreBeforeAll,
  type SeedStoreOptions,
  type StoreHeaders,
} from "./store"

export const basicAuth = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`

/** POSTs a raw body to the hook route and returns status and parsed answer, whatever the status. */
export async function postHook(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<{ status: number; data: any }> {
  const res = await fetch(`${baseUrl}/hooks/wallet-pass`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let data: unknown = text
  try {
    data = JSON.parse(text)
  } catch {}
  return { status: res.status, data }
}

/** POSTs a hook from a chosen local address (any of 127.0.0.0/8), to test the IP allowlist. */
export function postHookFrom(
  localAddress: string,
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<{ status: number; data: any }> {
  const url = new URL(`${baseUrl.replace("localhost", "127.0.0.1")}/hooks/wallet-pass`)
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        timeout: 10_000,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = ""
        res.on("data", (c) => (text += c))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, data: JSON.parse(text || "null") }))
      }
    )
    req.on("timeout", () => req.destroy(new Error("hook request timed out")))
    req.on("error", reject)
    req.end(payload)
  })
}

/** Counts of everything a hook could write, to prove a rejected one wrote nothing. */
export async function writtenCounts(container: MedusaContainer) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const [holders, cards, entries, customers] = await Promise.all([
    walletPass.listWalletPassHolders({}, { select: ["id"] }),
    walletPass.listWalletPassCards({}, { select: ["id"] }),
    walletPass.listWalletPassLedgerEntries({}, { select: ["id", "amount", "state"] }),
    container.resolve(Modules.CUSTOMER).listCustomers({}, { select: ["id"] }),
  ])
  return {
    holders: holders.length,
    cards: cards.length,
    entries: entries.length,
    balanceSum: entries.reduce((sum, e) => sum + (e.state === "applied" ? e.amount : 0), 0),
    customers: customers.length,
  }
}

/** Waits for a condition (bounded); hook deliveries are logged just after the answer. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 5000
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** A holder as the module lists it. */
export type HolderRow = Awaited<ReturnType<WalletPassModuleService["listWalletPassHolders"]>>[number]

/**
 * Waits (bounded) until the customer's holder passes `ready`, and returns it: the plugin
 * enrols, adopts and levels a customer after the request or event that started it.
 * `relations` are loaded with the holder (`["cards"]`).
 */
export function waitForHolder(
  container: MedusaContainer,
  customerId: string,
  ready: (holder: HolderRow) => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 15_000, relations }: { timeoutMs?: number; relations?: string[] } = {}
): Promise<HolderRow> {
  return waitFor(
    async () => {
      const [holder] = await container
        .resolve(WALLET_PASS_MODULE)
        .listWalletPassHolders({ customer_id: customerId }, relations && { relations })
      return holder && (await ready(holder)) && holder
    },
    what,
    timeoutMs
  )
}

/** The password of the customers the specs sign up. */
export const TEST_PASSWORD = "pw-123456"

/**
 * Signs a customer up (registerCustomer; the password TEST_PASSWORD unless given) and waits
 * until the plugin has enrolled them and `ready` holds for their holder too: returns the
 * customer, their session headers and the holder.
 */
export async function signUpEnrolled(
  api: AxiosInstance,
  store: SeededStore,
  container: MedusaContainer,
  { password = TEST_PASSWORD, ...input }: Omit<RegisterCustomerInput, "password"> & { password?: string },
  {
    ready = () => true,
    what = "enrolment",
    ...wait
  }: {
    ready?: (holder: HolderRow) => boolean | Promise<boolean>
    what?: string
    timeoutMs?: number
    relations?: string[]
  } = {}
): Promise<{ customer: HttpTypes.StoreCustomer; headers: StoreHeaders; holder: HolderRow }> {
  const { customer, headers } = await registerCustomer(api, store, { ...input, password })
  const holder = await waitForHolder(
    container,
    customer.id,
    async (h) => h.enrollment_state === "enrolled" && (await ready(h)),
    what,
    wait
  )
  return { customer, headers, holder }
}

/** The holder's requests to the service, oldest first. */
export function holderOperations(container: MedusaContainer, holderId: string) {
  return container
    .resolve(WALLET_PASS_MODULE)
    .listWalletPassOperations({ holder_id: holderId }, { order: { created_at: "ASC" } })
}

/**
 * The holder's requests once every one has its answer (done, or resolved by hand), and with
 * `method` one of that method among them; else false. Their events run asynchronously: wait
 * for it with waitFor.
 */
export async function requestsAnswered(container: MedusaContainer, holderId: string, method?: string) {
  const ops = await holderOperations(container, holderId)
  const answered = ops.length > 0 && ops.every((o) => ["done", "resolved"].includes(o.state))
  return answered && (!method || ops.some((o) => o.method === method)) && ops
}

/** Credits `balance` (balance unit) to a holder, a manual entry, and waits until the service has it. */
export async function seedBalance(container: MedusaContainer, holderId: string, balance: number) {
  await container.resolve(WALLET_PASS_MODULE).applyLedgerEntryAndEnqueue(
    {
      holder_id: holderId,
      amount: balance * 100,
      kind: "manual",
      dedupe_key: `seed:${holderId}`,
      reason: "test seed",
    },
    { method: "balance_add", payload: {}, dedupe_key: `op:seed:${holderId}`, priority: 0 }
  )
  await waitFor(() => requestsAnswered(container, holderId, "balance_add"), "seed sent", 15_000)
}

/**
 * Sets env for the store a spec boots. medusaIntegrationTestRunner loads medusa-config
 * before it applies its own `env`, so options must be in process.env when the file loads
 * (jest gives each test file its own process.env).
 */
export function storeEnv<T extends Record<string, string>>(vars: T): T {
  Object.assign(process.env, vars)
  return vars
}

/**
 * The service, emulated, for a spec that boots the store: started in a file-level beforeAll
 * (before the test runner loads medusa-config, whose options name its URL) and closed after.
 * `service.emulator` may be replaced by a test (a restart on the same port); the one current
 * at the end is closed.
 */
export function emulatedServiceBeforeStore(options: EmulatorOptions): { emulator: WalletPassEmulator } {
  const service = {} as { emulator: WalletPassEmulator }
  beforeAll(async () => {
    service.emulator = await startEmulator(options)
    storeEnv({ WALLET_PASS_API_URL: service.emulator.url })
  })
  afterAll(async () => {
    await service.emulator?.close()
  })
  return service
}

/**
 * The service, emulated in external-CRM mode, delivering its hooks to the store under test
 * (`storeUrl` is read once the store is up, in the file's beforeAll): started before the
 * file's tests, reset before each, closed after them.
 */
export function emulatedServiceHooking(
  storeUrl: () => string,
  webhook: Omit<NonNullable<EmulatorOptions["webhook"]>, "url">
): { emulator: WalletPassEmulator } {
  const service = {} as { emulator: WalletPassEmulator }
  beforeAll(async () => {
    service.emulator = await startEmulator({
      appKey: "emulator-app-key",
      mode: "external_crm",
      limits: "unlimited",
      webhook: { url: `${storeUrl()}/hooks/wallet-pass`, ...webhook },
    })
  })
  afterAll(async () => {
    await service.emulator?.close()
  })
  beforeEach(() => service.emulator.reset())
  return service
}

/** The fast plan of the purchase-path specs: the rate gate never stands in a test's way. */
export const FAST_PLAN = { perSecond: 50, perHour: 100_000 }

/**
 * A spec's store in front of the emulated service in external-CRM mode on `FAST_PLAN`: the
 * service starts before the store boots and the store's env (set here) names its URL, the
 * app key, the plan and the hook credentials, plus `env`. Inside the suite, `deliverHooksTo`
 * points the service's hooks at the booted store (and with `resetEachTest`, resets it
 * before each test); `storeInFront` also seeds the spec's store first (seededStoreBeforeAll,
 * with `seed`) and gives the plugin's module.
 */
export function externalCrmService(
  appKey: string,
  env: Record<string, string>,
  emulator: Partial<EmulatorOptions> = {}
) {
  const hooks = { login: "svc", password: `hook-pw-${appKey}` }
  const service = emulatedServiceBeforeStore({ appKey, mode: "external_crm", limits: FAST_PLAN, ...emulator })
  const storeVars = storeEnv({
    WALLET_PASS_APP_KEY: appKey,
    WALLET_PASS_PLAN: JSON.stringify(FAST_PLAN),
    WALLET_PASS_HOOK_LOGIN: hooks.login,
    WALLET_PASS_HOOK_PASSWORD: hooks.password,
    ...env,
  })
  const deliverHooksTo = (storeUrl: () => string, { resetEachTest = false } = {}) => {
    const hookUp = () => service.emulator.setWebhook({ url: `${storeUrl()}/hooks/wallet-pass`, ...hooks })
    beforeAll(hookUp)
    if (resetEachTest) {
      beforeEach(() => {
        service.emulator.reset()
        hookUp()
      })
    }
    return hookUp
  }
  const storeInFront = (
    { api, getContainer }: { api: AxiosInstance; getContainer: () => MedusaContainer },
    { seed, resetEachTest = false }: { seed?: SeedStoreOptions; resetEachTest?: boolean } = {}
  ) => {
    const store = seededStoreBeforeAll(getContainer, seed)
    const hookUp = deliverHooksTo(() => api.defaults.baseURL!, { resetEachTest })
    return { store, hookUp, walletPass: () => getContainer().resolve(WALLET_PASS_MODULE) }
  }
  return { service, hooks, env: storeVars, deliverHooksTo, storeInFront }
}
