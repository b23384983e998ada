import { holderPhone, type OperationHandler } from "./types"

/** `event/send`: fires one of the merchant's triggers for a holder; at most once (a trigger may push). */
export const eventSend: OperationHandler = {
  build: (ctx) => {
    const { payload } = ctx.operation
    const input = {
      phone: holderPhone(ctx),
      event: String(payload.event),
      ...(payload.value ? { value: String(payload.value) } : {}),
    }
    return { atMostOnce: true, call: (c) => c.eventSend(input) }
  },
}
