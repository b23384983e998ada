import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readCustomerPhones } from "../../../utils/phone-country"
import { phoneProblemText } from "../../../lib/reasons"
import { type EnrollmentUndo as Undo, OPERATION_PRIORITY, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

const PAGE = 200

export type EnrollExistingCustomersOutput = {
  examined: number
  enrolled: number
  not_enrolled: number
  already: number
}
export const enrollExistingCustomersStepId = "enroll-existing-customers"

/**
 * Records every store customer without a pass as a holder and queues their enrolment at the
 * lowest priority (after all other work), page by page; a holder recorded earlier without a
 * usable phone is enrolled now that the customer has one. Idempotent: customers with a pass
 * are left alone. Compensation takes back what this run did.
 */
export const enrollExistingCustomersStep = createStep(
  enrollExistingCustomersStepId,
  async (_: void, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const output: EnrollExistingCustomersOutput = { examined: 0, enrolled: 0, not_enrolled: 0, already: 0 }
    const done: Undo[] = []
    // Keyset paging on the id (unique): offsets over a non-unique order (customers imported
    // with one created_at) showed some customers twice and skipped others.
    for (let after = ""; ;) {
      const { data } = await query.graph({
        entity: "customer",
        fields: ["id", "phone", "first_name", "last_name", "email"],
        filters: { phone: { $ne: null }, ...(after ? { id: { $gt: after } } : {}) },
        pagination: { take: PAGE, order: { id: "ASC" } },
      })
      if (data.length) after = data[data.length - 1].id
      const phones = await readCustomerPhones(container, data)
      // The plugin's own marks, never the customers' metadata (a store route writes that: docs/security.md).
      const marked = new Set(
        (
          await walletPass.listWalletPassCustomerSources(
            { customer_id: data.map((c) => c.id) },
            { select: ["customer_id"] }
          )
        ).map((m) => m.customer_id)
      )
      for (const customer of data) {
        output.examined++
        if (marked.has(customer.id)) {
          output.already++ // created from a pass install: the service knows them
          continue
        }
        const phone = phones.get(customer.id) ?? { ok: false as const, reason: "empty" as const, country: null }
        const result = await walletPass.createHolderForEnrollment({
          customer_id: customer.id,
          source: "backfill",
          phone: phone.ok ? phone.phone : null,
          phone_problem: phone.ok ? null : phoneProblemText(phone),
          profile: { name: customer.first_name, surname: customer.last_name, email: customer.email },
          priority: OPERATION_PRIORITY.bulk,
          retry: "phone_added",
        })
        if (!result) continue // only with existing_only, not asked for here
        if (!result.created && !result.previous) {
          output.already++
          continue
        }
        done.push({
          holder_id: result.holder_id,
          created: result.created,
          previous: result.previous,
          operation_id: result.operation?.id ?? null,
        })
        result.state === "pending" ? output.enrolled++ : output.not_enrolled++
      }
      if (data.length < PAGE) break
    }
    return new StepResponse(output, done)
  },
  async (done: Undo[] | undefined, { container }) => {
    if (!done?.length) return
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    for (const undo of done) await walletPass.undoEnrollment(undo)
  }
)
