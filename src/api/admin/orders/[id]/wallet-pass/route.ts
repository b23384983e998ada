import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { fromMinorUnits } from "../../../../../modules/wallet-pass/utils/amounts"

/** GET /admin/orders/:id/wallet-pass — the bonus of one order: credited, redeemed, reversed, and the state of each request. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  await req.scope.resolve(Modules.ORDER).retrieveOrder(req.params.id, { select: ["id"] })
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const entries = await walletPass.listWalletPassLedgerEntries(
    { order_id: req.params.id },
    { order: { created_at: "ASC" } }
  )
  const operations = entries.length
    ? await walletPass.listWalletPassOperations({ ledger_entry_id: entries.map((e) => e.id) })
    : []
  const opOf = new Map(operations.map((o) => [o.ledger_entry_id, o]))
  const sum = (kinds: string[]) =>
    fromMinorUnits(
      entries.filter((e) => e.state === "applied" && kinds.includes(e.kind)).reduce((s, e) => s + e.amount, 0)
    )
  res.json({
    wallet_pass: {
      credited: sum(["accrual"]),
      reversed: -sum(["accrual_reversal"]),
      redeemed: -sum(["redemption"]),
      redemption_refunded: sum(["redemption_refund"]),
      entries: entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        amount: fromMinorUnits(e.amount),
        state: e.state,
        reason: e.reason,
        created_at: e.created_at,
        operation: opOf.get(e.id)
          ? {
              id: opOf.get(e.id)!.id,
              method: opOf.get(e.id)!.method,
              state: opOf.get(e.id)!.state,
              last_error: opOf.get(e.id)!.last_error,
            }
          : null,
      })),
    },
  })
}
