// Many small transactions committed as one (a group commit): what arrives while one batch is being written
// goes in the next, one after the other in a single transaction, so that a burst of provider answers (a
// bank's webhooks for a day's payments) costs one commit, and the summary rows every payment's triggers
// update (payment_day_totals, daily_gym_figures…) are locked by one transaction of this process at a time
// instead of by each answer's, which otherwise wait on each other (issue 27). A lone call waits for
// nothing: it starts at once, as its own transaction.
//
// Each work runs as it would alone, after the ones before it in the batch, except that works given different
// keys (the members whose records they change) run side by side: their statements queue on the transaction's
// one connection, which then goes from one to the next without waiting for this process to come back to each
// work in turn (with a day's webhooks arriving, a work's ten statements took 12 ms one after the other,
// mostly waiting; issue 27). On a PostgreSQL server that connection is pipelined (the database's twin,
// db/client.ts): each statement is sent as soon as its work makes it, without waiting for the answers to
// those before it, so the server works on while this process is busy with something else; node-postgres
// refuses a statement handed to a busy connection that is not pipelined (pg 9; pg 8 warns). PGlite's client
// takes the statements in turn itself. The database still runs one statement at a time, and the works of one
// key, and those with none, keep their order. If any of them fails, the whole batch is rolled back and each
// work runs again in a transaction of its own, so one failing answer neither loses the others nor leaves part
// of itself written; a work must therefore only write to the database (no provider call, no mail), as a
// transaction's body should anyway. A keyed work must not open a savepoint (a nested transaction): rolling it
// back would take the other lanes' statements made since with it.
import { type Db, pipelinedTwin, type Tx } from './client';

/** At most this many works in one transaction (its locks are held until all are done). */
const MAX_BATCH = 50;

interface Waiting {
  work: (tx: Tx) => Promise<unknown>;
  key: string | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  waiting: Waiting[];
  running: boolean;
}

const queues = new WeakMap<Db, Queue>();

/**
 * Runs `work` in a transaction, shared with the other works queued beside it on this database. Works
 * with different `key`s may run side by side; one with the same key as another, or with none, runs after
 * the works queued before it.
 */
export function inSharedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, key?: string): Promise<T> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], running: false };
    queues.set(db, queue);
  }
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.waiting.push({ work, key, resolve: resolve as (value: unknown) => void, reject });
    if (!q.running) void drain(db, q);
  });
}

async function drain(db: Db, q: Queue): Promise<void> {
  q.running = true;
  try {
    while (q.waiting.length > 0) {
      const batch = q.waiting.splice(0, MAX_BATCH);
      if (batch.length > 1) {
        const results = await (pipelinedTwin(db) ?? db)
          .transaction((tx) => runTogether(tx, batch))
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

/**
 * A batch's works in one transaction: each run of keyed works side by side, one lane a key, each lane's
 * works in their order; a work without a key alone. Every lane is waited for before it answers or throws,
 * so that no statement of a work still running reaches the connection once the transaction has ended.
 */
async function runTogether(tx: Tx, batch: Waiting[]): Promise<unknown[]> {
  const out: unknown[] = new Array(batch.length);
  let i = 0;
  while (i < batch.length) {
    const lanes = new Map<string, number[]>();
    for (let key = batch[i]!.key; key !== undefined; key = batch[i]?.key) {
      const lane = lanes.get(key);
      if (lane) lane.push(i);
      else lanes.set(key, [i]);
      i++;
    }
    if (lanes.size === 0) {
      out[i] = await batch[i]!.work(tx);
      i++;
      continue;
    }
    const ran = await Promise.allSettled(
      [...lanes.values()].map(async (lane) => {
        for (const j of lane) out[j] = await batch[j]!.work(tx);
      }),
    );
    const failed = ran.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return out;
}
