import { MedusaError } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { PushType } from "../../lib/constants"
import { OPERATION_PRIORITY, operationKeys, WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { enqueueOperationStep } from "./steps/enqueue-operation"

export type CreateCampaignInput = {
  name?: string
  message: string
  type: PushType
  segment_uuid?: string
  created_by?: string | null
}

const createCampaignRowStep = createStep(
  "create-wallet-pass-campaign-row",
  async (input: CreateCampaignInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const campaign = await walletPass.createWalletPassCampaigns({ ...input, state: "draft" })
    return new StepResponse(campaign, campaign.id)
  },
  async (id: string | undefined, { container }) => {
    if (id) await container.resolve(WALLET_PASS_MODULE).deleteWalletPassCampaigns([id])
  }
)

export const createCampaignWorkflowId = "create-wallet-pass-campaign"

/** A push campaign for the whole base or a segment: recorded, and push/create queued (sent later with push/send). */
export const createCampaignWorkflow = createWorkflow(
  createCampaignWorkflowId,
  (input: WorkflowData<CreateCampaignInput>) => {
    const campaign = createCampaignRowStep(input)
    const operation = transform({ campaign }, ({ campaign }) => ({
      method: "push_create" as const,
      holder_id: null,
      payload: { campaign_id: campaign.id },
      dedupe_key: operationKeys.campaignCreate(campaign.id),
      priority: OPERATION_PRIORITY.interactive,
    }))
    enqueueOperationStep(operation)
    return new WorkflowResponse(campaign)
  }
)

const checkCampaignSendableStep = createStep(
  "check-wallet-pass-campaign-sendable",
  async ({ id }: { id: string }, { container }) => {
    const campaign = await container.resolve(WALLET_PASS_MODULE).retrieveWalletPassCampaign(id)
    if (!campaign.remote_uuid || !["created", "failed"].includes(campaign.state)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Campaign ${id} can be sent once the service has created it and before it is sent (it is ${campaign.state})`
      )
    }
    return new StepResponse(campaign)
  }
)

export const sendCampaignWorkflowId = "send-wallet-pass-campaign"

/** Runs a created campaign (push/send), once. */
export const sendCampaignWorkflow = createWorkflow(sendCampaignWorkflowId, (input: WorkflowData<{ id: string }>) => {
  const campaign = checkCampaignSendableStep(input)
  const operation = transform({ campaign }, ({ campaign }) => ({
    method: "push_send" as const,
    holder_id: null,
    payload: { campaign_id: campaign.id },
    dedupe_key: operationKeys.campaignSend(campaign.id),
    priority: OPERATION_PRIORITY.interactive,
  }))
  return new WorkflowResponse(enqueueOperationStep(operation))
})
