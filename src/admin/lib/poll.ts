/** When the admin's screens read again on their own. Pure: the queries use it (lib/api.ts). */

/** How often a screen reads again while a request it shows is on its way (they settle within seconds). */
export const POLL_MS = 3000

/** Whether any of `operations` is still on its way to the service (queued or being sent). */
export function onItsWay(operations: ReadonlyArray<{ state: string }> | undefined): boolean {
  return !!operations?.some((op) => op.state === "pending" || op.state === "sending")
}

/**
 * How a list of requests polls: while a request of its own is on its way, or while the screen
 * around it polls. Its own rows decide: a list that stopped with the screen around it could
 * keep showing "Queued" for a request the screen has already seen settle (the two read at
 * different moments).
 */
export function pollWhileOnItsWay(outer: number | false) {
  return (data: { operations?: ReadonlyArray<{ state: string }> } | undefined): number | false =>
    outer || (onItsWay(data?.operations) ? POLL_MS : false)
}
