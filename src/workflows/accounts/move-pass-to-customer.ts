import { emitEventStep } from "@medusajs/medusa/core-flows"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_EVENTS, WALLET_PASS_MODULE } from "../../modules/wallet-pass"

export type MovePassToCustomerInput = {
  holder_id: string
  to_customer_id: string
  actor: string | null
  note?: string | null
  /** The customer the admin saw holding the pass (409 when it moved meanwhile). */
  expected_from_customer_id?: string | null
}

export const movePassToCustomerStepId = "move-wallet-pass-to-customer"

/** Moves the holder (the module's services/trust.ts moveHolder); compensation moves it back to the customer it came from. */
const movePassToCustomerStep = createStep(
  movePassToCustomerStepId,
  async (input: MovePassToCustomerInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const moved = await walletPass.moveHolder({ ...input, via: "admin" })
    const result = {
      holder_id: input.holder_id,
      from_customer_id: moved.from_customer_id,
      to_customer_id: input.to_customer_id,
    }
    return new StepResponse(result, result)
  },
  async (moved, { container }) => {
    if (!moved?.from_customer_id) return
    await container.resolve(WALLET_PASS_MODULE).moveHolder({
      holder_id: moved.holder_id,
      to_customer_id: moved.from_customer_id,
      via: "admin",
      actor: null,
      note: "move taken back",
    })
  }
)

export const movePassToCustomerWorkflowId = "move-wallet-pass-to-customer"

/**
 * An admin moves a pass another store customer holds to this customer (docs/adoption.md): the
 * holder with its ledger and cards, once, audited; refused for a customer who has a pass.
 * Pricing follows (wallet_pass.holder_moved); the service learns the new customerId.
 */
export const movePassToCustomerWorkflow = createWorkflow(
  movePassToCustomerWorkflowId,
  (input: WorkflowData<MovePassToCustomerInput>) => {
    const moved = movePassToCustomerStep(input)
    const data = transform({ moved }, ({ moved }) => ({ ...moved, via: "admin" }))
    emitEventStep({ eventName: WALLET_PASS_EVENTS.HOLDER_MOVED, data })
    return new WorkflowResponse(moved)
  }
)
