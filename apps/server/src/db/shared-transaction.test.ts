// Works queued together commit in one transaction; one that fails leaves the others written and itself not.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { type Database, queryRows } from './client';
import { inSharedTransaction } from './shared-transaction';

describe('inSharedTransaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table shared_tx_probe (n int primary key, tx text not null)`);
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
});
