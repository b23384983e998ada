/**
 * Medusa's ids are a prefix and a ULID (`order_01KAB…`): the ULID's first ten characters are
 * the time it was made, in milliseconds, in Crockford's base 32, so ids of one prefix sort by
 * when they were made. The lowest id made at or after a time is therefore a bound on the
 * primary key: a range over it reads only the rows made since, without an index on their
 * date (docs/operations.md, "The order sweep").
 */

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const TIME_LENGTH = 10
const RANDOM_LENGTH = 16

/** The lowest id with `prefix` that a ULID made at `at` (or later) can have. */
export function lowestIdSince(prefix: string, at: Date): string {
  let ms = Math.max(0, Math.floor(at.getTime()))
  let time = ""
  for (let i = 0; i < TIME_LENGTH; i++) {
    time = CROCKFORD[ms % 32] + time
    ms = Math.floor(ms / 32)
  }
  return `${prefix}_${time}${"0".repeat(RANDOM_LENGTH)}`
}
