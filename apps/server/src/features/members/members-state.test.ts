// The list's state filter is SQL; the answer's state is the domain's subscriptionState. They must agree
// on every row, or a member filtered as 'paused' would show another badge: checked on random rows.
import { addDays, type CalendarDate, startOfDayInstant, toCalendarDate } from '@gym/domain/calendar-date';
import { subscriptionState } from '@gym/domain/subscription-state';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { stateIsSql, stateSql } from '../../db/subscription-state-sql';
import { createTestDatabase } from '../../test/test-database';
import { stateInput } from './members.presenter';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const base = '2026-03-01' as CalendarDate;
const day = fc.integer({ min: -60, max: 60 }).map((n) => addDays(base, n));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const row = fc.record({
  start_date: day,
  current_period_start: maybe(day),
  current_period_end: maybe(day),
  ends_at: maybe(day),
  paused_at: maybe(day.map((d) => startOfDayInstant(d))),
  cancelled_at: maybe(day.map((d) => startOfDayInstant(d))),
  grace_period_ends_at: maybe(day),
  upcoming_state: fc.constantFrom(null, 'upcoming', 'failed', ''),
});
// Instants around Auckland midnights and daylight-saving changes, not only at noon.
const now = fc
  .integer({ min: -60 * 24, max: 60 * 24 })
  .map((h) => new Date(startOfDayInstant(base).getTime() + h * 3_600_000 + 1));

const STATES = ['cancelled', 'paused', 'grace', 'upcoming', 'active'] as const;

describe('the state filter', () => {
  it('reads a subscription as subscriptionState does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 20 }), now, async (rows, at) => {
        const today = toCalendarDate(at);
        const values = sql.join(
          rows.map(
            (r, i) =>
              sql`(${i}::int, 1::bigint, ${r.start_date}::date, ${r.paused_at?.toISOString() ?? null}::timestamptz,
                ${r.cancelled_at?.toISOString() ?? null}::timestamptz, ${r.grace_period_ends_at}::date, ${r.upcoming_state}::text)`,
          ),
          sql`, `,
        );
        const is = (state: (typeof STATES)[number]) =>
          sql`${sql.raw(`'${state}'`)}, ${stateIsSql(state, today)}`;
        const got = await queryRows<{ i: number; state: string; states: string[] }>(
          database.db,
          sql`select s.i, ${stateSql(today)} as state,
                (select array_agg(name) from (values (${sql.join(STATES.map(is), sql`), (`)})) as t(name, holds) where holds) as states
              from (values ${values}) as s(i, id, start_date, paused_at, cancelled_at, grace_period_ends_at, upcoming_state)
              order by s.i`,
        );
        const expected = rows.map((r) => subscriptionState(stateInput(r), at));
        expect(got.map((g) => g.state)).toEqual(expected);
        // The filter's form of each state (stateIsSql) holds for that state alone.
        expect(got.map((g) => g.states)).toEqual(expected.map((state) => [state]));
      }),
      { numRuns: 60 },
    );
  });
});
