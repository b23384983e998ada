/** The store's message of a failed call, as an Error (the dtc-starter's `medusaError`, reduced). */
export default function medusaError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error)
  throw new Error(message.charAt(0).toUpperCase() + message.slice(1))
}
