// The domain's subscriptionState (packages/domain/src/subscription-state.ts) as SQL, for the places that
// must filter or count by state inside the database (the members list's state filter, the dashboard's
// figures over 100,000 members). One copy of the mirror: members-state.test.ts checks it against the
// domain on random rows.
import { type SQL, sql } from 'drizzle-orm';

/** The state's inputs as SQL expressions; by default the columns of the subscription row `s`. */
export interface StateInputsSql {
  /** Null when there is no subscription (a left join found none): the state is then null. */
  id: SQL;
  startDate: SQL;
  /** An instant; the pause counts from its Auckland date (the row keeps it only while the pause runs). */
  pausedAt: SQL;
  cancelledAt: SQL;
  gracePeriodEndsAt: SQL;
  upcomingState: SQL;
}

const rowInputs: StateInputsSql = {
  id: sql`s.id`,
  startDate: sql`s.start_date`,
  pausedAt: sql`s.paused_at`,
  cancelledAt: sql`s.cancelled_at`,
  gracePeriodEndsAt: sql`s.grace_period_ends_at`,
  upcomingState: sql`s.upcoming_state`,
};

/**
 * The same inputs kept on a member's whole-name row of member_search_terms `t` (migration 0036): their
 * latest subscription's, copied by triggers, so the members list in name order tests a state on the row
 * that carries the order (and its partial indexes hold only the rows that can be in a rare state), with
 * the same tests for the day asked, not a kept state that a day would make stale.
 */
export const searchTermInputs: StateInputsSql = {
  id: sql`t.subscription_id`,
  startDate: sql`t.start_date`,
  pausedAt: sql`t.paused_at`,
  cancelledAt: sql`t.cancelled_at`,
  gracePeriodEndsAt: sql`t.grace_period_ends_at`,
  upcomingState: sql`t.upcoming_state`,
};

/** "Owes money": the balance owing of the latest subscription (`s`, or as kept on `t`) above 0. */
export const owingSql = (balanceOwing: SQL = sql`s.balance_owing`) => sql`${balanceOwing} > 0`;

type State = 'cancelled' | 'paused' | 'grace' | 'upcoming' | 'active';

/**
 * The state's tests in the order subscriptionState reads them: the first that holds names the state, and
 * 'active' when none does. None of them is ever null on a row (start_date is never null), so the negation
 * of one is exactly "this test did not hold".
 */
function stateTests(day: SQL, s: StateInputsSql): [Exclude<State, 'active'>, SQL][] {
  return [
    ['cancelled', sql`${s.cancelledAt} is not null`],
    [
      'paused',
      sql`${s.pausedAt} is not null and (${s.pausedAt} at time zone 'Pacific/Auckland')::date <= ${day}`,
    ],
    ['grace', sql`${s.gracePeriodEndsAt} is not null`],
    [
      'upcoming',
      sql`(${s.upcomingState} is not null and ${s.upcomingState} <> '') or ${s.startDate} > ${day}`,
    ],
  ];
}

const dayOf = (today: string | SQL) => (typeof today === 'string' ? sql`${today}::date` : today);

/**
 * The state ('cancelled', 'paused', 'grace', 'upcoming', 'active', or null without a subscription) on
 * `today` (an Auckland date as text, or an SQL date expression), read the way subscriptionState does.
 */
export function subscriptionStateSql(today: string | SQL, inputs: StateInputsSql = rowInputs): SQL {
  const whens = stateTests(dayOf(today), inputs).map(
    ([state, test]) => sql`when ${test} then ${sql.raw(`'${state}'`)}`,
  );
  return sql`case
    when ${inputs.id} is null then null
    ${sql.join(
      whens,
      sql`
    `,
    )}
    else 'active' end`;
}

/** The derived state of the subscription row `s` on `today`, for the members list's state filter. */
export const stateSql = (today: string) => subscriptionStateSql(today);

/**
 * "The subscription row `s` is in `state` on `today`" as a conjunction of the same tests (the earlier ones
 * failed, its own held), not as `(case …) = state`: the planner estimates each test from the columns'
 * statistics and matches the partial indexes (a case expression it guesses at 0.5 % of rows, and then
 * counted all 70,000 active members where it should have stopped after a page; issue 27).
 */
export function stateIsSql(state: State, today: string, inputs: StateInputsSql = rowInputs): SQL {
  const tests = stateTests(dayOf(today), inputs);
  const at = tests.findIndex(([name]) => name === state);
  const before = at === -1 ? tests : tests.slice(0, at);
  return sql.join(
    [
      sql`${inputs.id} is not null`,
      ...before.map(([, test]) => sql`not (${test})`),
      ...(at === -1 ? [] : [sql`(${tests[at]![1]})`]),
    ],
    sql` and `,
  );
}
