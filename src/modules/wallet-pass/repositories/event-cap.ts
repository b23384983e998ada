// SQL of the store events' daily cap (docs/store-events.md, "The daily cap"), which the
// queue's pick (queue.ts pickNextOperation) applies.

/**
 * The start of today in UTC, on the database clock, whatever the session's time zone: the
 * day of the store events' daily cap (docs/store-events.md, "The daily cap").
 */
export const UTC_DAY_START = "(date_trunc('day', clock_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')"

/**
 * How many store events' requests were sent today (UTC): operations with the keys of
 * keys.ts `operationKeys.storeEvent` whose latest attempt (`sending_at`) is today, each
 * counted once however many attempts it took; the Wallet pass page counts the same
 * (src/api/utils/store-events.ts). Operations are never pruned, so the candidates come from
 * the call log's index on `started_at`: every attempt writes its call row with the attempt
 * (reserveSend), whose `started_at` only moves later, and today's rows are within the log's
 * retention (at least a day).
 */
export const STORE_EVENTS_SENT_TODAY = `SELECT count(*) FROM wallet_pass_operation e
          WHERE e.method = 'event_send' AND e.dedupe_key LIKE 'event:%' AND e.deleted_at IS NULL
            AND e.sending_at >= ${UTC_DAY_START}
            AND e.id IN (SELECT c.operation_id FROM wallet_pass_api_call c
                          WHERE c.started_at >= ${UTC_DAY_START} - interval '1 minute')`
