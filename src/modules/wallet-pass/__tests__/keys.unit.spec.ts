import { ledgerKeys, operationKeys, sweepItemKey, voidedKey } from "../keys"

// Keys are stored in unique columns: the text of an existing cause's key must never change,
// or its change could happen a second time. This pins every key's text.

describe("dedupe keys", () => {
  it("ledger keys keep their text", () => {
    expect(ledgerKeys.orderAccrual("order_1")).toBe("order:order_1:accrual")
    expect(ledgerKeys.orderCanceled("order_1")).toBe("order:order_1:reversal:cancel")
    expect(ledgerKeys.orderReturned("order_1", "ret_1")).toBe("order:order_1:reversal:return:ret_1")
    expect(ledgerKeys.orderRefunded("order_1", "pay_1", 1500)).toBe("order:order_1:reversal:refund:pay_1:1500")
    expect(ledgerKeys.cartRedemption("cart_1")).toBe("cart:cart_1:redeem")
    expect(ledgerKeys.redemptionRefund("order_1")).toBe("order:order_1:redeem:refund")
    expect(ledgerKeys.serviceCredit("tx-9")).toBe("hook:addBalance:tx-9")
    expect(ledgerKeys.opening("wph_1")).toBe("adopt:wph_1")
    expect(ledgerKeys.expiry("wple_1")).toBe("expiry:wple_1")
    expect(ledgerKeys.expiryCanceled("wple_1", "wple_2")).toBe("expiry:wple_1:canceled:wple_2")
    expect(ledgerKeys.programBonus("welcome", "wph_1")).toBe("bonus:welcome:wph_1")
    expect(ledgerKeys.programBonus("birthday", "wph_1", 2027)).toBe("bonus:birthday:wph_1:2027")
    expect(ledgerKeys.importRefresh("run_1", "wph_1")).toBe("import-refresh:run_1:wph_1")
  })

  it("operation keys keep their text", () => {
    expect(operationKeys.forEntry(ledgerKeys.orderAccrual("order_1"))).toBe("op:order:order_1:accrual")
    expect(operationKeys.adoptionRead("wph_1")).toBe("adopt:wph_1")
    expect(operationKeys.enrollment("wph_1")).toBe("enroll:wph_1")
    expect(operationKeys.cards("wpop_1")).toBe("cards:wpop_1")
    expect(operationKeys.balanceSync("wpop_1")).toBe("sync:wpop_1")
    expect(operationKeys.expirySync("wple_1")).toBe("sync:expiry:wple_1")
    expect(operationKeys.coalescedSet("wpop_1")).toBe("sync:coalesced:wpop_1")
    expect(operationKeys.balanceResync("wpop_1")).toBe("sync:again:wpop_1")
    expect(operationKeys.verification("ver_1")).toBe("verify:ver_1")
    expect(operationKeys.campaignCreate("cmp_1")).toBe("campaign:cmp_1:create")
    expect(operationKeys.campaignSend("cmp_1")).toBe("campaign:cmp_1:send")
    expect(operationKeys.syncPage("run_1", 2, 100)).toBe("sync:run_1:page:2:100")
    expect(operationKeys.syncRead("run_1", "item_1")).toBe("sync:run_1:read:item_1")
    expect(operationKeys.syncCards("run_1", "wph_1")).toBe("sync:run_1:cards:wph_1")
    expect(operationKeys.syncDrift("run_1", "wph_1")).toBe("sync:run_1:drift:wph_1")
    expect(operationKeys.syncHeal("run_1", "wph_1")).toBe("sync:run_1:heal:wph_1")
    expect(operationKeys.importRefreshRead("run_1", "item_1")).toBe("sync:run_1:refresh:item_1")
    expect(voidedKey("cart:cart_1:redeem", "wple_1")).toBe("cart:cart_1:redeem:void:wple_1")
  })

  it("the order sweep's item keys keep their text", () => {
    expect(sweepItemKey("placed", "order_1")).toBe("placed:order_1")
    expect(sweepItemKey("canceled", "order_1", null)).toBe("canceled:order_1")
    expect(sweepItemKey("returned", "order_1", "ret_1")).toBe("returned:order_1:ret_1")
  })

  it("keys of causes that may repeat on purpose are new each time, under their cause's prefix", () => {
    const made = [
      ledgerKeys.manual(),
      ledgerKeys.manual(),
      operationKeys.profile("wph_1"),
      operationKeys.profile("wph_1"),
      operationKeys.enrollmentAgain("wph_1"),
      operationKeys.adoptionReadAgain("wph_1"),
      operationKeys.statusCheck(),
      operationKeys.adminRequest("read_customer"),
      operationKeys.syncPageAgain("run_1", 0, 0),
      operationKeys.profileAfterMove("wph_1"),
      operationKeys.profileAfterProof("wph_1"),
    ]
    expect(new Set(made).size).toBe(made.length)
    expect(made[0]).toMatch(/^manual:/)
    expect(made[2]).toMatch(/^profile:wph_1:/)
    expect(made[4]).toMatch(/^enroll:wph_1:/)
    expect(made[5]).toMatch(/^adopt:wph_1:/)
    expect(made[7]).toMatch(/^admin:read_customer:/)
    expect(made[8]).toMatch(/^sync:run_1:page:0:0:/)
    expect(made[10]).toMatch(/^profile:wph_1:proven:/)
  })
})
