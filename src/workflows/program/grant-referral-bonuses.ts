import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { type FirstOrder, referralDecision, WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { grantProgramBonusWorkflow } from "./grant-program-bonus"

/** How many pending referrals one pass reads at a time. */
const BATCH = 500

export type ReferralRun = { paid: number; void: number; waiting: number }

/**
 * Settles the pending referrals whose referred customer's first order has stood the
 * program's `afterDays` (docs/program.md, "Referral"): the referrer's bonus (keyed by the
 * referred customer, so once whoever runs it and however often) and the new customer's, then
 * the referral is marked paid; a referral whose first order came before it, or was canceled
 * or returned within those days (by the cancel's or the return's own time, however late the
 * job runs), is marked void and pays nothing.
 */
export async function grantReferralBonuses(container: MedusaContainer, now = new Date()): Promise<ReferralRun> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { program } = await walletPass.getProgram()
  const run: ReferralRun = { paid: 0, void: 0, waiting: 0 }
  let after = ""
  for (;;) {
    const pending = await walletPass.listWalletPassHolders(
      { referral_state: "pending", customer_id: { $ne: null }, id: { $gt: after } },
      { select: ["id", "customer_id", "referrer_phone", "referred_at"], order: { id: "ASC" }, take: BATCH }
    )
    for (const holder of pending) {
      const { data } = await query.graph({
        entity: "order",
        fields: [
          "id",
          "created_at",
          "status",
          "canceled_at",
          "returns.status",
          "returns.created_at",
          "returns.requested_at",
        ],
        filters: { customer_id: holder.customer_id!, is_draft_order: false },
        pagination: { order: { created_at: "ASC" }, take: 1 },
      })
      let decision = referralDecision(
        data[0] as FirstOrder | undefined,
        holder.referred_at!,
        program.bonuses.referral.afterDays,
        now
      )
      if (decision.kind === "wait") {
        run.waiting++
        continue
      }
      const [referrer] =
        decision.kind === "pay"
          ? await walletPass.listWalletPassHolders({ phone: holder.referrer_phone! }, { select: ["id"] })
          : []
      if (decision.kind === "pay" && !referrer) decision = { kind: "void", reason: "the referrer is not in the store" }
      if (decision.kind === "pay") {
        await grantProgramBonusWorkflow(container).run({
          input: { holder_id: referrer.id, bonus: "referral", referee_id: holder.id },
        })
        await grantProgramBonusWorkflow(container).run({ input: { holder_id: holder.id, bonus: "referred" } })
        run.paid++
      } else {
        logger.info(`wallet-pass: referral of ${holder.id} pays nothing: ${decision.reason}`)
        run.void++
      }
      await walletPass.updateWalletPassHolders({
        id: holder.id,
        referral_state: decision.kind === "pay" ? "paid" : "void",
      })
    }
    if (pending.length < BATCH) return run
    after = pending[pending.length - 1].id
  }
}
