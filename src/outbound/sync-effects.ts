import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { OperationRow, WalletPassModuleService } from "../modules/wallet-pass"
import { importServiceCustomerWorkflow } from "../workflows/import/import-service-customer"
import { type CountryCode, tryNormalizePhone } from "../lib/phone"
import { type Reason, reason } from "../lib/reasons"
import { phoneCountry, readCustomerPhones } from "../utils/phone-country"
import { announceAdoptedRates, isForeignRemoteId, snapshotOf } from "./service-customer"

/**
 * What the store learns from the service's read_customer and read_customers answers
 * (docs/adoption.md): adoption of an enrolled holder, the import of a customer, the final
 * refresh, the drift check, the install-flag sweep and a holder's cards. Each is safe to
 * repeat (an answer recorded twice after a restart adds nothing).
 */

const runOf = (operation: OperationRow) =>
  typeof operation.payload.run_id === "string" ? operation.payload.run_id : null
const holderOf = (operation: OperationRow) =>
  operation.holder_id ?? (typeof operation.payload.holder_id === "string" ? operation.payload.holder_id : null)

export async function readCustomerEffects(
  container: MedusaContainer,
  walletPass: WalletPassModuleService,
  operation: OperationRow,
  customer: Record<string, unknown>
): Promise<void> {
  const type = operation.payload.type
  if (type === "import") {
    await importCustomer(container, walletPass, operation, customer)
    return
  }
  const holderId = holderOf(operation)
  if (!holderId) return
  let snapshot
  try {
    snapshot = await snapshotOf(container, customer)
  } catch (e) {
    await recordUnreadable(container, walletPass, operation, (e as Error).message)
    return
  }
  if (type === "import_refresh") {
    await walletPass.recordImportRefresh({
      item_id: String(operation.payload.item_id),
      holder_id: holderId,
      service_balance: snapshot.balance,
      operation_id: operation.id,
    })
    return
  }
  // The other CRM's id the service links the pass to, kept on the holder with the merchant's
  // decision about it (docs/adoption.md, "A pass linked to another CRM").
  const [holder] = await walletPass.listWalletPassHolders(
    { id: holderId },
    { select: ["id", "customer_id", "remote_id", "remote_decision"] }
  )
  const foreign = isForeignRemoteId(snapshot.remote_id ?? null, [holder?.customer_id])
  const remote_id = foreign ? snapshot.remote_id! : null
  if (holder && holder.remote_id !== remote_id) {
    await walletPass.updateWalletPassHolders({ id: holderId, remote_id })
  }
  const leftToOtherCrm = foreign && holder?.remote_decision !== "take_over"
  // adopt (an enrolment), refresh (the admin), cards, drift: the holder takes what it may
  // (its balance only while it is not adopted; cards, referrer and invites every time).
  const adopted = await walletPass.adoptHolder({ holder_id: holderId, snapshot })
  await announceAdoptedRates(container, adopted)
  const runId = runOf(operation)
  if (type === "drift" && runId && leftToOtherCrm) {
    // Not healed: until the merchant takes the pass over, the other CRM's balance is not drift.
    await walletPass.settleSyncRun(runId, operation.id)
  } else if (type === "drift" && runId) {
    await walletPass.recordDrift({
      run_id: runId,
      holder_id: holderId,
      operation_id: operation.id,
      service_balance: snapshot.balance,
    })
  } else if (runId) {
    await walletPass.settleSyncRun(runId, operation.id)
  }
}

/** read_customer answered that the service has no customer with the phone. */
export async function readCustomerNotFound(
  container: MedusaContainer,
  walletPass: WalletPassModuleService,
  operation: OperationRow
): Promise<void> {
  const type = operation.payload.type
  const holderId = holderOf(operation)
  if (type === "import") {
    await walletPass.finishImportItem({
      item_id: String(operation.payload.item_id),
      state: "skipped",
      reason: reason("import_unknown_phone"),
      operation_id: operation.id,
    })
    return
  }
  if (type === "import_refresh" && holderId) {
    await walletPass.recordImportRefresh({
      item_id: String(operation.payload.item_id),
      holder_id: holderId,
      service_balance: null,
      operation_id: operation.id,
    })
    return
  }
  if (holderId && type === "adopt") {
    await walletPass.adoptHolder({ holder_id: holderId, snapshot: null })
  } else {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `wallet-pass: read_customer ${operation.id}: the service does not know the holder ${holderId ?? "?"}'s phone`
      )
  }
  const runId = runOf(operation)
  if (runId) await walletPass.settleSyncRun(runId, operation.id)
}

/** A run's request that failed for good: an import item is skipped with the error; the run moves on. */
export async function runRequestFailed(walletPass: WalletPassModuleService, operation: OperationRow): Promise<void> {
  const runId = runOf(operation)
  if (!runId) return
  if (operation.payload.type === "import" && operation.payload.item_id) {
    await walletPass.finishImportItem({
      item_id: String(operation.payload.item_id),
      state: "skipped",
      reason: reason("import_read_failed", { error: operation.last_error ?? "failed" }),
      operation_id: operation.id,
    })
    return
  }
  await walletPass.settleSyncRun(runId, operation.id)
}

/** One read_customers page of a sweep (the import or the install sync). */
export async function readCustomersEffects(
  _container: MedusaContainer,
  walletPass: WalletPassModuleService,
  operation: OperationRow,
  phones: string[]
): Promise<void> {
  const runId = runOf(operation)
  if (!runId) return
  const { country } = await phoneCountry(_container)
  await walletPass.recordSyncPage({
    run_id: runId,
    window: Number(operation.payload.window),
    offset: Number(operation.payload.offset),
    phones: phones.map((raw) => {
      const normalized = tryNormalizePhone(String(raw), country)
      return normalized.ok
        ? { phone: normalized.phone, raw: String(raw), problem: null }
        : { phone: null, raw: String(raw), problem: normalized.reason.replace(/_/g, " ") }
    }),
    operation_id: operation.id,
  })
}

/**
 * An imported customer's read: adopted into a holder linked to the store customer with that
 * phone, or to a new store customer. One bad record never stops the import: any failure
 * skips the item with its reason.
 */
async function importCustomer(
  container: MedusaContainer,
  walletPass: WalletPassModuleService,
  operation: OperationRow,
  customer: Record<string, unknown>
): Promise<void> {
  const itemId = String(operation.payload.item_id)
  const phone = String(operation.payload.phone)
  let remoteId: string | null = null
  const skip = (why: Reason) =>
    walletPass.finishImportItem({
      item_id: itemId,
      state: "skipped",
      reason: why,
      remote_id: remoteId,
      operation_id: operation.id,
    })
  let snapshot
  try {
    snapshot = await snapshotOf(container, customer)
  } catch (e) {
    await skip(reason("import_unreadable", { error: (e as Error).message }))
    return
  }
  try {
    const index = await storeCustomerPhones(container, walletPass, String(operation.payload.run_id))
    const candidates = index.get(phone) ?? []
    // A pass the service links to another CRM is not taken as ours unless the merchant said
    // so for that customer (remote_decision "take_over", docs/adoption.md): skipped, showing the id.
    const [own] = await walletPass.listWalletPassHolders(
      { phone },
      { select: ["id", "customer_id", "remote_decision"] }
    )
    if (isForeignRemoteId(snapshot.remote_id ?? null, [...candidates, own?.customer_id])) {
      remoteId = snapshot.remote_id ?? null
      if (own?.remote_decision !== "take_over" && operation.payload.take_over !== true) {
        await skip(reason("import_remote_crm", { remote_id: snapshot.remote_id! }))
        return
      }
    }
    const { result } = await importServiceCustomerWorkflow(container).run({
      input: { phone, snapshot, candidate_customer_ids: candidates },
    })
    if (result.skip) {
      await skip(result.skip)
      return
    }
    // Taken over from the import's list: the holder is the store's from now on, as the
    // customer's own "take over" makes it (the drift check sets its balance right).
    if (remoteId && operation.payload.take_over === true && result.holder_id) {
      await walletPass.updateWalletPassHolders({
        id: result.holder_id,
        remote_id: remoteId,
        remote_decision: "take_over",
      })
    }
    await walletPass.finishImportItem({
      item_id: itemId,
      state: "adopted",
      outcome: result.outcome,
      holder_id: result.holder_id,
      customer_id: result.customer_id,
      service_balance: snapshot.balance,
      remote_id: remoteId,
      operation_id: operation.id,
    })
    if (result.adoption) await announceAdoptedRates(container, result.adoption)
  } catch (e) {
    await skip(reason("import_failed", { error: (e as Error).message }))
  }
}

/**
 * The store customers by normalised phone (E.164, read as their enrolment reads it), registered
 * accounts first, for the import to link to; built once per run and process. Customers who
 * sign up meanwhile get holders of their own, which the import finds by phone.
 */
const phoneIndexes = new Map<string, Promise<Map<string, string[]>>>()

function storeCustomerPhones(container: MedusaContainer, walletPass: WalletPassModuleService, runId: string) {
  let index = phoneIndexes.get(runId)
  if (!index) {
    phoneIndexes.clear()
    index = buildPhoneIndex(container)
    index.catch(() => phoneIndexes.delete(runId))
    phoneIndexes.set(runId, index)
  }
  return index
}

async function buildPhoneIndex(container: MedusaContainer): Promise<Map<string, string[]>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const found: { id: string; phone: string; has_account: boolean; created_at: string }[] = []
  const read = new Map<string, string>()
  for (let after = ""; ;) {
    const { data } = await query.graph({
      entity: "customer",
      fields: ["id", "phone", "has_account", "created_at"],
      filters: { phone: { $ne: null }, ...(after ? { id: { $gt: after } } : {}) },
      pagination: { take: 1000, order: { id: "ASC" } },
    })
    found.push(...(data as typeof found))
    // Each phone read as its customer's enrolment reads it (their own country first).
    for (const [id, phone] of await readCustomerPhones(container, data as typeof found)) {
      if (phone?.ok) read.set(id, phone.phone)
    }
    if (data.length < 1000) break
    after = data[data.length - 1].id
  }
  found.sort(
    (a, b) => Number(b.has_account) - Number(a.has_account) || Date.parse(a.created_at) - Date.parse(b.created_at)
  )
  const index = new Map<string, string[]>()
  for (const customer of found) {
    const phone = read.get(customer.id)
    if (phone) index.set(phone, [...(index.get(phone) ?? []), customer.id])
  }
  return index
}

async function recordUnreadable(
  container: MedusaContainer,
  walletPass: WalletPassModuleService,
  operation: OperationRow,
  why: string
): Promise<void> {
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(`wallet-pass: read_customer ${operation.id} not taken: ${why}`)
  const runId = runOf(operation)
  if (runId) await walletPass.settleSyncRun(runId, operation.id)
}
