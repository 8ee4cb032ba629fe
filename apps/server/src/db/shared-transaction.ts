// Many small transactions committed as one (a group commit): what arrives while one batch is being written
// goes in the next, one after the other in a single transaction, so that a burst of provider answers (a
// bank's webhooks for a day's payments) costs one commit, and the summary rows every payment's triggers
// update (payment_day_totals, daily_gym_figures…) are locked by one transaction of this process at a time
// instead of by each answer's, which otherwise wait on each other (issue 27). A lone call waits for
// nothing: it starts at once, as its own transaction.
//
// Each work runs as it would alone, after the ones before it in the batch. If any of them fails, the whole
// batch is rolled back and each work runs again in a transaction of its own, so one failing answer
// neither loses the others nor leaves part of itself written; a work must therefore only write to the
// database (no provider call, no mail), as a transaction's body should anyway.
import type { Db, Tx } from './client';

/** At most this many works in one transaction (its locks are held until all are done). */
const MAX_BATCH = 50;

interface Waiting {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  waiting: Waiting[];
  running: boolean;
}

const queues = new WeakMap<Db, Queue>();

/** Runs `work` in a transaction, shared with the other works queued beside it on this database. */
export function inSharedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], running: false };
    queues.set(db, queue);
  }
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (!q.running) void drain(db, q);
  });
}

async function drain(db: Db, q: Queue): Promise<void> {
  q.running = true;
  try {
    while (q.waiting.length > 0) {
      const batch = q.waiting.splice(0, MAX_BATCH);
      if (batch.length > 1) {
        const results = await db
          .transaction(async (tx) => {
            const out: unknown[] = [];
            for (const w of batch) out.push(await w.work(tx));
            return out;
          })
          .catch(() => null);
        if (results) {
          for (const [i, w] of batch.entries()) w.resolve(results[i]);
          continue;
        }
      }
      // Alone, or again one by one after the batch failed.
      for (const w of batch) await db.transaction((tx) => w.work(tx)).then(w.resolve, w.reject);
    }
  } finally {
    q.running = false;
  }
}
