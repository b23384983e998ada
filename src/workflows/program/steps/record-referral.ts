import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { toMinorUnits } from "../../../lib/amounts"

export const recordReferralStepId = "record-wallet-pass-referral"

export type RecordReferralInput = {
  holder_id: string
  /** A referrer's promo code the customer entered (at the store's signup); else the one in the holder's `extra.promo`. */
  promo?: string | null
}

type Previous = { id: string; referrer_phone: string | null; referral_state: null; referred_at: null }

/**
 * Records who brought a customer (docs/program.md, "Referral"), once: the referrer's phone
 * the service sent (`referCustomerPhone`), or the holder whose own promo code the customer
 * entered. Nothing is recorded when the program gives no referral bonus, the holder already
 * has a referral, no referrer is found, or the customer named themselves. Answers whether a
 * referral was recorded.
 */
export const recordReferralStep = createStep(
  recordReferralStepId,
  async ({ holder_id, promo }: RecordReferralInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const { program } = await walletPass.getProgram()
    const { amount, newCustomerAmount } = program.bonuses.referral
    if (!((toMinorUnits(amount) ?? 0) > 0 || (toMinorUnits(newCustomerAmount) ?? 0) > 0))
      return new StepResponse(false, null as Previous | null)
    const holder = await walletPass.retrieveWalletPassHolder(holder_id)
    if (holder.referral_state) return new StepResponse(false, null as Previous | null)

    let referrerPhone = holder.referrer_phone
    const code = (promo ?? promoOf(holder.extra))?.trim()
    if (!referrerPhone && code) {
      const [owner] = await walletPass.listWalletPassHolders(
        { promo: code, phone: { $ne: null } },
        { select: ["phone"] }
      )
      if (!owner) logger.info(`wallet-pass: no referral for ${holder_id}: no customer has the promo code entered`)
      referrerPhone = owner?.phone ?? null
    }
    if (!referrerPhone) return new StepResponse(false, null as Previous | null)
    if (referrerPhone === holder.phone) {
      logger.info(`wallet-pass: no referral for ${holder_id}: the customer named themselves`)
      return new StepResponse(false, null as Previous | null)
    }
    const previous: Previous = {
      id: holder.id,
      referrer_phone: holder.referrer_phone,
      referral_state: null,
      referred_at: null,
    }
    await walletPass.updateWalletPassHolders({
      id: holder.id,
      referrer_phone: referrerPhone,
      referral_state: "pending",
      referred_at: new Date(),
    })
    return new StepResponse(true, previous as Previous | null)
  },
  async (previous: Previous | null | undefined, { container }) => {
    if (previous) await container.resolve(WALLET_PASS_MODULE).updateWalletPassHolders(previous)
  }
)

function promoOf(extra: unknown): string | undefined {
  const promo = (extra as Record<string, unknown> | null)?.promo
  return typeof promo === "string" && promo.trim() ? promo : undefined
}
