import { acquireLockStep, createCustomersWorkflow, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { CUSTOMER_SOURCE_METADATA_KEY, WALLET_PASS_EVENTS } from "../../modules/wallet-pass"
import { addPassCardsStep } from "./steps/add-pass-cards"
import { recordCustomerSourceStep } from "./steps/record-customer-source"
import { adoptHolderStep } from "../import/steps/adopt-holder"
import { checkPassCardsStep } from "./steps/check-pass-cards"
import { findPassCustomerStep } from "./steps/find-pass-customer"
import { PassHolderFields, upsertPassHolderStep } from "./steps/upsert-pass-holder"

export type LinkPassCustomerWorkflowInput = {
  /** E.164 */
  phone: string
  fields: PassHolderFields
  cards: { number: string; track?: string }[]
  bonus_percent_bp?: number
  discount_percent_bp?: number
  /** The service's balance for the phone (minor units): adopted when the store has no history for it. */
  balance?: number
}

export type LinkPassCustomerWorkflowOutput = { customer_id: string; holder_id: string; created_customer: boolean }

export const linkPassCustomerWorkflowId = "link-pass-customer"

/**
 * A customer installed a pass (createCustomer hook): link it to the store customer with
 * that phone, or create one (marked so it is never enrolled back into the service), store
 * the holder's profile and cards, and adopt the service's balance when the store has none
 * of its own for the phone yet. A card of another phone's holder refuses the install.
 * Deliveries for one phone are serialised by a lock, so concurrent ones end with one
 * customer and one holder.
 */
export const linkPassCustomerWorkflow = createWorkflow(
  linkPassCustomerWorkflowId,
  (input: WorkflowData<LinkPassCustomerWorkflowInput>) => {
    const lockKey = transform({ input }, ({ input }) => `wallet-pass:phone:${input.phone}`)
    acquireLockStep({ key: lockKey, timeout: 20, ttl: 60, retryInterval: 0.05 })

    checkPassCardsStep({ phone: input.phone, cards: input.cards })
    const found = findPassCustomerStep({ phone: input.phone, email: input.fields.email })

    const created = when({ found }, ({ found }) => !found.customer_id).then(() => {
      const customersData = transform({ input, found }, ({ input, found }) => [
        {
          first_name: input.fields.name ?? null,
          last_name: input.fields.surname ?? null,
          email: found.email_available ? (input.fields.email ?? null) : null,
          phone: input.phone,
          metadata: { [CUSTOMER_SOURCE_METADATA_KEY]: "hook" },
        },
      ])
      const customers = createCustomersWorkflow.runAsStep({ input: { customersData } })
      recordCustomerSourceStep(
        transform({ customers }, ({ customers }) => ({ customer_id: customers[0].id, source: "hook" as const }))
      )
      return customers
    })

    const customerId = transform({ found, created }, ({ found, created }) => found.customer_id ?? created![0].id)

    const holder = upsertPassHolderStep({
      phone: input.phone,
      customer_id: customerId,
      fields: input.fields,
      bonus_percent_bp: input.bonus_percent_bp,
      discount_percent_bp: input.discount_percent_bp,
    })
    addPassCardsStep({ holder_id: holder.holder_id, cards: input.cards, installed: true })
    // The service's balance, taken once (docs/adoption.md): a pass installed for a phone the
    // store meets for the first time, or has no ledger history for, keeps its balance.
    const snapshot = transform({ input }, ({ input }) => ({
      balance: input.balance ?? 0,
      bonus_percent_bp: null,
      discount_percent_bp: null,
      cards: [],
      referrer_phone: null,
      invites: null,
      profile: {},
    }))
    adoptHolderStep({ holder_id: holder.holder_id, snapshot, balance_only: true })

    const result = transform({ holder, customerId, found }, ({ holder, customerId, found }) => ({
      customer_id: customerId,
      holder_id: holder.holder_id,
      created_customer: !found.customer_id,
    }))
    emitEventStep({ eventName: WALLET_PASS_EVENTS.HOLDER_LINKED, data: result })
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse<LinkPassCustomerWorkflowOutput>(result)
  }
)
