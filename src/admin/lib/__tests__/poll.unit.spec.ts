import { onItsWay, POLL_MS, pollWhileOnItsWay } from "../poll"

describe("when the admin's request lists read again", () => {
  const queued = { operations: [{ state: "done" }, { state: "pending" }] }
  const settled = { operations: [{ state: "needs_review" }, { state: "done" }] }

  it("a list polls while a request of its own is on its way, even when the screen around it has stopped", () => {
    // The widget saw the push settle and stopped; its list still shows it queued: it reads again.
    expect(pollWhileOnItsWay(false)(queued)).toBe(POLL_MS)
    expect(pollWhileOnItsWay(false)({ operations: [{ state: "sending" }] })).toBe(POLL_MS)
  })

  it("stops once its own rows have settled and the screen does not poll", () => {
    expect(pollWhileOnItsWay(false)(settled)).toBe(false)
    expect(pollWhileOnItsWay(false)(undefined)).toBe(false)
  })

  it("polls with the screen around it", () => {
    expect(pollWhileOnItsWay(1000)(settled)).toBe(1000)
  })

  it("on its way: queued or being sent, nothing else", () => {
    expect(onItsWay([{ state: "pending" }])).toBe(true)
    expect(onItsWay([{ state: "sending" }])).toBe(true)
    expect(onItsWay([{ state: "unknown" }, { state: "failed" }, { state: "needs_review" }])).toBe(false)
    expect(onItsWay(undefined)).toBe(false)
  })
})
