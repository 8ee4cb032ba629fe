// `in` lists on a real database: short lists as one parameter per id, long ones (past the 65,535
// parameters a statement may carry) as one array parameter, with the same answers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { type Database, queryRows } from './client';
import { idList } from './id-list';

describe('idList', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const matching = async (ids: number[]) => {
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from generate_series(1, 100000) as g(id) where g.id in ${idList(ids)}`,
    );
    return rows[0]!.n;
  };

  it('matches nothing for an empty list, and each id of a short one', async () => {
    expect(await matching([])).toBe(0);
    expect(await matching([1, 2, 3, 200_000])).toBe(3);
  });

  it('takes 100,000 ids in one statement', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => i + 1);
    expect(await matching(ids)).toBe(100_000);
    expect(await matching(ids.filter((id) => id % 3 === 0))).toBe(33_333);
  });
});
