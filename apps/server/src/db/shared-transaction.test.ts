// Works queued together commit in one transaction; one that fails leaves the others written and itself not.
// Works of different keys run side by side in it, those of one key (or none) in their order.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { type Database, queryRows } from './client';
import { inSharedTransaction } from './shared-transaction';

describe('inSharedTransaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table shared_tx_probe (n int primary key, tx text not null)`);
    await database.db.execute(sql`create table shared_tx_lanes (seq serial primary key, n int not null)`);
  });
  afterAll(() => database.close());

  const rows = () =>
    queryRows<{ n: number; tx: string }>(database.db, sql`select n, tx from shared_tx_probe order by n`);
  const write = (n: number) =>
    inSharedTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into shared_tx_probe values (${n}, txid_current()::text)`);
      return n * 10;
    });

  it('answers each work its own result, the ones queued meanwhile in one transaction', async () => {
    await database.db.execute(sql`delete from shared_tx_probe`);
    expect(await Promise.all([1, 2, 3, 4, 5].map(write))).toEqual([10, 20, 30, 40, 50]);
    const written = await rows();
    expect(written.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    // The first starts at once, alone; the four queued behind it share the next transaction.
    expect(new Set(written.slice(1).map((r) => r.tx)).size).toBe(1);
    expect(written[0]!.tx).not.toBe(written[1]!.tx);
  });

  it('runs the others again alone when one fails: they are written, the failing one is not', async () => {
    await database.db.execute(sql`delete from shared_tx_probe`);
    const failing = inSharedTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into shared_tx_probe values (99, 'x')`);
      throw new Error('refused');
    });
    const answers = await Promise.allSettled([write(1), write(2), failing, write(3), write(3)]);
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect((answers[2] as PromiseRejectedResult).reason.message).toBe('refused');
    expect((await rows()).map((r) => r.n)).toEqual([1, 2, 3]);
  });

  /** Writes n, waits for `gate`, writes n + 100, in a shared transaction under `key`. */
  const twoWrites = (key: string | undefined, n: number, gate?: Promise<unknown>, after?: () => void) =>
    inSharedTransaction(
      database.db,
      async (tx) => {
        await tx.execute(sql`insert into shared_tx_lanes (n) values (${n})`);
        await gate;
        await tx.execute(sql`insert into shared_tx_lanes (n) values (${n + 100})`);
        after?.();
        if (n < 0) throw new Error('refused');
        return n;
      },
      key,
    );
  const lanes = async () => {
    const written = await queryRows<{ n: number }>(
      database.db,
      sql`select n from shared_tx_lanes order by seq`,
    );
    return written.map((r) => r.n);
  };
  /** Resolves when `done` is called, or after two seconds (so a wrong order fails instead of hanging). */
  const gate = () => {
    let done = () => {};
    const opened = new Promise<void>((resolve) => {
      done = resolve;
      setTimeout(resolve, 2_000).unref();
    });
    return { opened, done };
  };

  it('runs works of different keys side by side, and those of one key in their order', async () => {
    await database.db.execute(sql`delete from shared_tx_lanes`);
    const bDone = gate();
    const answers = await Promise.all([
      twoWrites(undefined, 0), // alone, at once: the others queue behind it
      twoWrites('member a', 1, bDone.opened), // waits for member b's work, queued after it
      twoWrites('member b', 2, undefined, bDone.done),
      twoWrites('member a', 3),
    ]);
    expect(answers).toEqual([0, 1, 2, 3]);
    // Member a's first work let member b's run while it waited; a's second came after a's first.
    expect(await lanes()).toEqual([0, 100, 1, 2, 102, 101, 3, 103]);
  });

  it('runs a work without a key after the works before it, and before those after it', async () => {
    await database.db.execute(sql`delete from shared_tx_lanes`);
    const slow = gate();
    setTimeout(slow.done, 50);
    await Promise.all([
      twoWrites(undefined, 0),
      twoWrites('member a', 1, slow.opened),
      twoWrites(undefined, 2),
      twoWrites('member b', 3),
    ]);
    expect(await lanes()).toEqual([0, 100, 1, 101, 2, 102, 3, 103]);
  });

  it('when a work fails beside others, writes none of the batch and runs the others again alone', async () => {
    await database.db.execute(sql`delete from shared_tx_lanes`);
    const failed = gate();
    const answers = await Promise.allSettled([
      twoWrites(undefined, 0),
      twoWrites('member a', 1, failed.opened),
      twoWrites('member f', -5, undefined, failed.done),
      twoWrites('member b', 3),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // The batch's first try was rolled back whole: member a's second write, made after the failure, too.
    expect(await lanes()).toEqual([0, 100, 1, 101, 3, 103]);
  });

  it('sends lanes side by side only on a pipelined connection', async () => {
    await database.db.execute(sql`delete from shared_tx_lanes`);
    // node-postgres refuses (pg 9) or warns about (pg 8) a statement handed to a connection still running
    // one, unless the connection is pipelined. On PGlite the statements take turns in its client; there
    // the test checks the lanes' writes alone.
    const running = new Map<pg.Client, number>();
    const seen = { statements: 0, pipelinedAtOnce: 0, unpipelinedAtOnce: 0 };
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (!(answer instanceof Promise)) return answer;
      const before = running.get(this) ?? 0;
      seen.statements++;
      if (before > 0 && this.pipeline) seen.pipelinedAtOnce++;
      if (before > 0 && !this.pipeline) seen.unpipelinedAtOnce++;
      running.set(this, before + 1);
      return answer.finally(() => running.set(this, (running.get(this) ?? 1) - 1));
    } as typeof query;
    try {
      await Promise.all([
        twoWrites(undefined, 0),
        ...[1, 2, 3, 4, 5].map((n) => twoWrites(`member ${n}`, n, Promise.resolve())),
      ]);
    } finally {
      pg.Client.prototype.query = query;
    }
    expect((await lanes()).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 100, 101, 102, 103, 104, 105]);
    if (database.kind === 'postgres') {
      expect(seen.statements).toBeGreaterThanOrEqual(12);
      expect(seen.pipelinedAtOnce).toBeGreaterThan(0);
      expect(seen.unpipelinedAtOnce).toBe(0);
    }
  });
});
