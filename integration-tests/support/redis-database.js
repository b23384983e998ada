// A Redis database of a run's own, for a test or check that runs Medusa's Redis modules.
// Every store on one Redis database shares its queue names (the event bus's, the workflow
// engine's scheduled jobs): a store left running by an earlier run, or the jobs and events it
// left behind, would take this run's ticks and events. So a run claims an empty database
// (1-15; 0 stays the machine's), marks it taken in the same step, and empties it at the end.
const Redis = require("ioredis")

const CLAIM_KEY = "wallet-pass:claimed-by-a-run"

/**
 * Claims an empty database of the Redis at `redisUrl` and answers its URL, with `release()`
 * to empty it again. Two runs at once never get the same one: the claim is a `SET NX` on a
 * database with nothing else in it.
 */
async function claimRedisDatabase(redisUrl, candidates = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) {
  const refused = []
  for (const db of candidates) {
    const url = new URL(redisUrl)
    url.pathname = `/${db}`
    const client = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 })
    let lastError // ioredis reports why a connection failed as an "error" event, not in connect()'s rejection
    client.on("error", (e) => (lastError = e))
    try {
      await client.connect()
      if ((await client.dbsize()) !== 0) continue
      if ((await client.set(CLAIM_KEY, String(process.pid), "NX")) !== "OK") continue
      return {
        url: url.toString(),
        async release() {
          const c = new Redis(url.toString(), { maxRetriesPerRequest: 1 })
          try {
            await c.flushdb()
          } finally {
            c.disconnect()
          }
        },
      }
    } catch (e) {
      // a Redis with fewer databases, or one that refused: try the next, and say why at the end
      refused.push(`${db}: ${(lastError ?? e).message}`)
    } finally {
      client.disconnect()
    }
  }
  // A database a killed run claimed keeps its claim (its stores may still be running on it):
  // empty one by hand (`redis-cli -n N flushdb`) once nothing uses it.
  throw new Error(
    `no empty Redis database among ${candidates.join(", ")} at ${redisUrl.replace(/\/\/[^@]*@/, "//")}` +
      (refused.length
        ? ` (refused: ${refused.join("; ")})`
        : " (each holds keys: empty one with redis-cli -n N flushdb)")
  )
}

module.exports = { claimRedisDatabase }
