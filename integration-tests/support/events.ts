import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * Drops `names` from Medusa's event bus until the returned function is called: emitted events
 * of those names reach no subscriber, as when a process dies before its subscribers run or
 * Redis loses the event (the order sweep's case, docs/operations.md). The returned function
 * restores the bus and checks that the act did emit what the test drops.
 */
export function dropEvents(container: MedusaContainer, names: string[]): () => void {
  const bus = container.resolve(Modules.EVENT_BUS) as unknown as {
    emit: (events: unknown, options?: unknown) => unknown
  }
  const emit = bus.emit
  const dropped: string[] = []
  bus.emit = async function (events: unknown, options?: unknown) {
    const list = (Array.isArray(events) ? events : [events]) as { name: string }[]
    const kept = list.filter((e) => !names.includes(e.name) || !dropped.push(e.name))
    return kept.length ? emit.call(this, kept, options) : undefined
  }
  return () => {
    bus.emit = emit
    expect(dropped).toEqual(expect.arrayContaining(names))
  }
}
