import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import type { LoyaltyModel } from "../model/loyalty-model"
import { holderOperations, waitFor } from "./hooks"
import { tick, type Ctx, type World } from "./model-history"

// The random histories' judge (docs/development.md, "The model of the rules"): after a history
// the store, the service and the card must be what the model of the rules says.
/** Money as docs/program.md writes it on a card: the balance currency, whole amounts without decimals. */
export function money(hundredths: number | null): string {
  if (hundredths === null) return ""
  const whole = hundredths % 100 === 0
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(hundredths / 100)
}

/** The card's variables the model says the holder's card shows. */
export function modelCard(model: LoyaltyModel, holder: string, at: number) {
  const t = model.cardTexts(holder, at)
  return {
    tier: t.level,
    next_tier: t.nextLevel,
    to_next: t.nextLevel ? money(t.toNextLevel) : "",
    spent: money(t.spend),
    lapsing: money(t.expiringAmount),
  }
}

/** After a history: every holder's ledger is the model's, the service holds the ledger's balance, nothing waits. */
export async function judge(ctx: Ctx, w: World) {
  for (const h of w.holders) {
    const ops = await waitFor(
      async () => {
        const all = await holderOperations(ctx.container(), h.holderId)
        return all.every((o) => ["done", "resolved"].includes(o.state)) && all
      },
      `${h.key}'s requests answered`,
      60_000
    )
    const entries = (
      await ctx.container().resolve(WALLET_PASS_MODULE).listWalletPassLedgerEntries({ holder_id: h.holderId })
    ).filter((e) => e.state === "applied")
    const store = entries.map((e) => `${e.kind} ${e.amount} ${e.expires_at ? "lapses" : "for good"}`).sort()
    const now = tick(w)
    const expected = w.model
      .ledgerAt(h.key, now)
      .map((e) => `${e.kind} ${e.amount} ${e.lapsesAt ? "lapses" : "for good"}`)
      .sort()
    expect({ holder: h.key, ledger: store }).toEqual({ holder: h.key, ledger: expected })
    for (const e of entries.filter((x) => x.expires_at)) {
      const modelEntry = w.model.ledger(h.key).find((m) => m.key === e.transaction_id)
      expect({ entry: e.transaction_id, lapses: !!modelEntry?.lapsesAt }).toEqual({
        entry: e.transaction_id,
        lapses: true,
      })
      // The lapse date is the credit's lifetime after it was made (a few seconds of the history's own time).
      expect(Math.abs(new Date(e.expires_at!).getTime() - modelEntry!.lapsesAt!)).toBeLessThan(120_000)
    }
    const ledgerBalance = entries.reduce((s, e) => s + e.amount, 0)
    expect(ledgerBalance).toBe(w.model.balance(h.key, now))
    expect(Math.round(ctx.service.emulator.getCustomer(h.phone)!.balance * 100)).toBe(ledgerBalance)
    expect(ops.filter((o) => !["done", "resolved"].includes(o.state))).toEqual([])
    // The store's own level and spend (the admin's view of the customer's pass) are the model's.
    const { data } = await (ctx.api as any).get(`/admin/customers/${h.customerId}/wallet-pass`, ctx.admin)
    const spend = w.model.spend(h.key, now)
    expect({ holder: h.key, level: data.wallet_pass?.level?.name, spend: data.wallet_pass?.level?.spend }).toEqual({
      holder: h.key,
      level: w.model.level(h.key),
      spend: spend / 100,
    })
    // The card converges on the model's texts within seconds (docs/program.md, "When texts go").
    const texts = modelCard(w.model, h.key, now)
    const card = await waitFor(
      async () => {
        const vars = ctx.service.emulator.getCustomer(h.phone)?.variables ?? {}
        const shown = Object.fromEntries(Object.keys(texts).map((k) => [k, vars[k] ?? null]))
        return JSON.stringify(shown) === JSON.stringify(texts) ? shown : false
      },
      `${h.key}'s card texts`,
      60_000
    ).catch(() => ctx.service.emulator.getCustomer(h.phone)?.variables)
    expect({ holder: h.key, card }).toEqual({ holder: h.key, card: expect.objectContaining(texts) })
  }
}
