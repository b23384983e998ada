import type { MedusaContainer } from "@medusajs/framework/types"
import { type HookCommand, type HookHandled, hookOf } from "./hooks"

export type { HookHandled } from "./hooks"

/**
 * Carries out a checked hook with its entry of the registry (hooks/index.ts), through the
 * module and workflows, and builds the service's answer (docs/service-api.md, "Hooks").
 * Unknown holders and foreign cards throw MedusaErrors that the route turns into 400 `{ error }`.
 */
export async function handleHook(scope: MedusaContainer, command: HookCommand): Promise<HookHandled> {
  return hookOf(command.method).handle(scope, command)
}
