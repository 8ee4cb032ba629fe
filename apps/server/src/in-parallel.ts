// Provider calls of a run, a few at a time: each attempt is independent (its own rows, its own
// idempotency key), and waiting on one bank's answer should not hold up the next member's.

/**
 * How many provider calls one worker has in flight. A bank answers a payment in tens to hundreds of
 * milliseconds and a worker's own work per charge is a small share of that, so with 8 in flight a worker
 * mostly waited (issue 27: bench/RESULTS.md, `npm run bench:billing`); 32 keep it busier.
 */
export const SEND_CONCURRENCY = 32;
/** How many mails one worker hands to the mail server at a time. */
export const MAIL_CONCURRENCY = 8;

/** Calls `work` on every item, at most `limit` at once, in the items' order of starting. */
export async function eachInParallel<T>(
  items: readonly T[],
  work: (item: T) => Promise<unknown>,
  limit = SEND_CONCURRENCY,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
