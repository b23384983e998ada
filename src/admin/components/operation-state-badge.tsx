import { StatusBadge } from "@medusajs/ui"
import { useWalletPassFormat } from "../lib/format"

const COLOR: Record<string, "green" | "orange" | "red" | "grey" | "blue"> = {
  done: "green",
  resolved: "green",
  pending: "blue",
  sending: "blue",
  unknown: "orange",
  needs_review: "orange",
  failed: "red",
}

/** The state of a request to the service in words, coloured by whether it needs attention. */
export const OperationStateBadge = ({ state }: { state: string }) => {
  const { label } = useWalletPassFormat()
  return <StatusBadge color={COLOR[state] ?? "grey"}>{label("operationState", state)}</StatusBadge>
}
