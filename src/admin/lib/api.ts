import { toast } from "@medusajs/ui"
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query"
import type { Json } from "../../api/types"
import { sdk } from "./sdk"

/** Query keys of the plugin's admin data, so a mutation invalidates exactly what it changes. */
export const walletPassKeys = {
  all: ["wallet-pass"] as const,
  customer: (id: string) => ["wallet-pass", "customer", id] as const,
  order: (id: string) => ["wallet-pass", "order", id] as const,
  status: ["wallet-pass", "status"] as const,
  operations: (state: string) => ["wallet-pass", "operations", state] as const,
  hookDeliveries: ["wallet-pass", "hook-deliveries"] as const,
  hookRefusals: ["wallet-pass", "hook-refusals"] as const,
  campaigns: ["wallet-pass", "campaigns"] as const,
  enrollAll: ["wallet-pass", "enroll-all"] as const,
  import: ["wallet-pass", "import"] as const,
  importItems: (state: string) => ["wallet-pass", "import", "items", state] as const,
  sync: ["wallet-pass", "sync"] as const,
}

/** GET an admin route through the session-authenticated SDK. */
export function getJson<T>(path: string, query?: Record<string, string>): Promise<Json<T>> {
  return sdk.client.fetch<Json<T>>(path, { query })
}

/** POST to an admin route through the session-authenticated SDK. */
export function postJson<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  return sdk.client.fetch<T>(path, { method: "POST", body: body ?? {} })
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * A POST that toasts its outcome and invalidates `invalidate` on success, the way the
 * dashboard's own mutations do.
 */
export function useWalletPassAction<TVars = void, TResult = unknown>(
  request: (vars: TVars) => Promise<TResult>,
  { success, invalidate }: { success: string; invalidate: QueryKey[] }
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      toast.success(success)
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
}

/** "3 min", "2 h" ... for ages in seconds. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return "—"
  if (seconds < 60) return `${Math.round(seconds)} s`
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`
  return `${(seconds / 3600).toFixed(1)} h`
}

/** A ledger amount with its sign: "+12.5" for a credit, "-3" for a debit. */
export function formatSignedAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount)
}

export function formatDate(value: string | null | undefined): string {
  return value ? new Date(value).toLocaleString() : "—"
}
