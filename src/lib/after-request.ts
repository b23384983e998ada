/**
 * How long the plugin's work for an order event waits before it starts. Medusa's local and
 * (in shared mode) Redis event buses run subscribers in the process that emitted the event,
 * right after the workflow releases it: at checkout, while the store route is still
 * reading the new order for its response. Starting a moment later lets the customer's
 * checkout answer first; the work itself is the same and is not lost (a Redis event bus
 * retries a job whose process died meanwhile).
 */
export const AFTER_REQUEST_MS = 150

export const afterRequest = () => new Promise<void>((resolve) => setTimeout(resolve, AFTER_REQUEST_MS))
