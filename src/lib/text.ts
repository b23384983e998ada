/**
 * Text lengths as the service counts them (docs/service-api.md, "Requests"): in characters,
 * that is Unicode code points, so an emoji or any letter outside the BMP is one character and
 * a cut never splits a surrogate pair. The client, the admin validator and the store-event
 * cut all use these, with the one limit `EVENT_VALUE_MAX_LENGTH`.
 */
import { EVENT_VALUE_MAX_LENGTH } from "./constants"

export { EVENT_VALUE_MAX_LENGTH }

/** Unicode characters (code points) in `text`, not UTF-16 units. */
export function codePointLength(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** `text` cut to at most `max` code points, ending with "…" when it was cut. */
export function cutToCodePoints(text: string, max: number): string {
  if (codePointLength(text) <= max) return text
  return `${[...text].slice(0, Math.max(0, max - 1)).join("")}…`
}

/** True when an event/send `value` fits the service's limit. */
export function fitsEventValue(value: string): boolean {
  return codePointLength(value) <= EVENT_VALUE_MAX_LENGTH
}
