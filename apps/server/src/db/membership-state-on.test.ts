// The dashboard's membership counts (migration 0022) read a membership's state with the database function
// membership_state_on; queries read it with subscriptionStateSql (the domain's mirror, checked against the
// domain by members-state.test.ts). The two must agree on every combination of the state's inputs.
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { type Database, queryRows } from './client';
import { subscriptionStateSql } from './subscription-state-sql';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

const today = '2026-03-01' as CalendarDate;
const days = [-1, 0, 1].map((n) => addDays(today, n));

describe('membership_state_on', () => {
  it('reads every combination of inputs as subscriptionStateSql does', async () => {
    const rows: ReturnType<typeof sql>[] = [];
    for (const cancelled of [null, startOfDayInstant(addDays(today, -3)).toISOString()])
      for (const paused of [null, ...days.map((d) => startOfDayInstant(d).toISOString())])
        for (const grace of [null, addDays(today, 5)])
          for (const upcoming of [null, '', 'upcoming', 'failed'])
            for (const start of days)
              rows.push(
                sql`(${rows.length}::int, ${start}::date, ${paused}::timestamptz, ${cancelled}::timestamptz, ${grace}::date, ${upcoming}::text)`,
              );
    const found = await queryRows<{ i: number; mirror: string; kept: string }>(
      database.db,
      sql`select s.id as i, ${subscriptionStateSql(today)} as mirror,
            membership_state_on(s.cancelled_at, (s.paused_at at time zone 'Pacific/Auckland')::date,
              s.grace_period_ends_at, s.upcoming_state, s.start_date, ${today}::date) as kept
          from (values ${sql.join(rows, sql`, `)})
            as s(id, start_date, paused_at, cancelled_at, grace_period_ends_at, upcoming_state)`,
    );
    expect(found).toHaveLength(rows.length);
    for (const row of found) expect(row.kept, `combination ${row.i}`).toBe(row.mirror);
  });
});
