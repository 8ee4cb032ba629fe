// The SQL mirrors of the domain's monthlyAmount (reports.repository.ts's monthlyAmountSql and migration
// 0029's monthly_amount, which the recurring revenue summaries use) give the same cents for every
// frequency over many amounts, the rounding edges among them, on a real database.
import { BILLING_FREQUENCIES } from '@gym/domain/billing-frequency';
import { monthlyAmount } from '@gym/domain/report-rules';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { monthlyAmountSql } from './reports.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

it('agrees with monthlyAmount', async () => {
  const amounts = [
    0,
    1,
    2,
    3,
    5,
    6,
    100,
    101,
    200,
    1001,
    2500,
    6000,
    9999,
    10_000_000,
    ...fc.sample(fc.integer({ min: 0, max: 10_000_000 }), { numRuns: 200, seed: 29 }),
  ];
  const cases = BILLING_FREQUENCIES.flatMap((frequency) => amounts.map((amount) => ({ amount, frequency })));
  const rows = await queryRows<{ amount: number; frequency: string; monthly: string; kept: string }>(
    database.db,
    sql`select c.amount, c.frequency, ${monthlyAmountSql(sql`c.amount`, sql`c.frequency`)}::text as monthly,
          monthly_amount(c.amount, c.frequency)::text as kept
        from unnest(${`{${cases.map((c) => c.amount).join(',')}}`}::int[], ${`{${cases.map((c) => c.frequency).join(',')}}`}::text[])
          as c(amount, frequency)`,
  );
  expect(rows).toHaveLength(cases.length);
  const got = rows.map((r) => [Number(r.amount), r.frequency, Number(r.monthly)]);
  expect(got).toEqual(cases.map((c) => [c.amount, c.frequency, monthlyAmount(c.amount, c.frequency)]));
  expect(rows.map((r) => r.kept)).toEqual(rows.map((r) => r.monthly));
});
