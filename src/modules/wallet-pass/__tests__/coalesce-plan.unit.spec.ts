import { coalescingPlan, type WaitingRequest } from "../rules/coalescing"

// The decision table of coalescing (docs/architecture.md, "Coalescing"): which waiting
// requests the request about to go carries.

const change = (id: string, amount: number, over: Partial<WaitingRequest> = {}): WaitingRequest => ({
  id,
  method: amount < 0 ? "balance_deduct" : "balance_add",
  due: true,
  amount,
  ...over,
})
const head = (method: string, type?: string) =>
  ({ method, payload: type ? { type } : {} }) as Parameters<typeof coalescingPlan>[0]

describe("coalescing plan", () => {
  it("a balance change carries the changes right behind it, with their signed sum", () => {
    expect(coalescingPlan(head("balance_add"), [change("b", 250), change("c", -50)])).toEqual({
      operation_ids: ["b", "c"],
      amount: 200,
    })
  })

  it("a lone balance change carries nothing (it goes as balance/add or deduct)", () => {
    expect(coalescingPlan(head("balance_deduct"), [])).toBeNull()
  })

  it.each(["enroll", "profile", "balance_sync"])("a %s request carries even one change", (type) => {
    expect(coalescingPlan(head("user_create_or_update", type), [change("b", 100)])).toEqual({
      operation_ids: ["b"],
      amount: 100,
    })
  })

  it.each(["push", "verify", "install_link"])("a %s never shares its request with a balance change", (type) => {
    expect(coalescingPlan(head("user_create_or_update", type), [change("b", 100)])).toBeNull()
  })

  it.each(["read_customer", "event_send", "push_send", "status"])("a %s request carries nothing", (method) => {
    expect(coalescingPlan(head(method), [change("b", 100), change("c", 100)])).toBeNull()
  })

  it("the run ends at the first request that is not a due change with an applied entry", () => {
    const push: WaitingRequest = { id: "p", method: "user_create_or_update", due: true, amount: null }
    expect(coalescingPlan(head("balance_add"), [change("b", 1), push, change("c", 1)])?.operation_ids).toEqual(["b"])
    expect(
      coalescingPlan(head("balance_add"), [change("b", 1), change("held", -5, { due: false }), change("c", 1)])
        ?.operation_ids
    ).toEqual(["b"])
    expect(coalescingPlan(head("balance_add"), [change("gone", 1, { amount: null }), change("c", 1)])).toBeNull()
  })
})
