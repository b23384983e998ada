import { StatusBadge } from "@medusajs/ui"

const COLOR: Record<string, "green" | "orange" | "red" | "grey" | "blue"> = {
  done: "green",
  resolved: "green",
  pending: "blue",
  sending: "blue",
  unknown: "orange",
  needs_review: "orange",
  failed: "red",
}

/** The state of a request to the service, coloured by whether it needs attention. */
export const OperationStateBadge = ({ state }: { state: string }) => (
  <StatusBadge color={COLOR[state] ?? "grey"}>{state.replace("_", " ")}</StatusBadge>
)
