// Where each member's membership stood on a day, as SQL over the members: what the active-user debugging
// screen shows, and the definition the dashboard's summaries (migration 0022, whose past days'
// counts are written by the same rules) are checked against in dashboard-summaries.routes.test.ts.
//
// A member's membership on a day is their latest to have started by then (greatest start date, then
// id) among the scope's subscriptions; on today (or later) their latest of all, so one starting later
// reads as upcoming. Its state is the domain's subscriptionState through its single SQL mirror
// (db/subscription-state-sql.ts, checked against the domain by members-state.test.ts): for today with the
// row as it stands (as the members list and the member card read it); for a past day with the inputs
// rebuilt from what the tables remember, as of the end of that Auckland day: cancelled if cancelled by
// then, paused if an uncancelled pause covered the day, in grace if a charge had failed by then and was
// neither paid by then nor written off, never upcoming (only memberships started by then count).
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import type { SubscriptionState } from '@gym/domain/subscription-state';
import { type SQL, sql } from 'drizzle-orm';
import type { Row } from '../../db/row-types';
import type { subscriptions } from '../../db/schema/index';
import { subscriptionStateSql } from '../../db/subscription-state-sql';

export interface Scope {
  organisationId: number;
  /** The gyms whose subscriptions count; null for the whole organisation. */
  gymIds: number[] | null;
}

/** `and <column> = any(gyms)` for a gym scope, nothing for the whole organisation. */
export const inScope = (scope: Scope, column: SQL) =>
  scope.gymIds === null
    ? sql``
    : sql`and ${column} = any(${`{${scope.gymIds.map(Number).join(',')}}`}::bigint[])`;

/** The last instant of an Auckland day. */
export const endOfDay = (day: CalendarDate) => new Date(startOfDayInstant(addDays(day, 1)).getTime() - 1);

/** A row of standingsSql: the membership, its state's inputs as they stood that day, and the state. */
export type StandingRow = Pick<
  Row<typeof subscriptions>,
  'id' | 'user_id' | 'gym_id' | 'price_id' | 'start_date' | 'cancelled_at' | 'upcoming_state'
> & {
  day?: string;
  /** When the pause covering the day began (an instant), null when none. */
  paused_at: Date | null;
  /** That pause's first day back, when known. */
  pause_end: CalendarDate | null;
  /** The subscription's own, or on a past day the day itself when a failed charge was owing at its end. */
  grace_period_ends_at: CalendarDate | null;
  state: SubscriptionState;
};

/**
 * Each member's membership on `day` with its state, one row per member who had one (columns of
 * StandingRow, as SQL typed for the database; select from it as a subquery).
 */
export function standingsSql(scope: Scope, day: CalendarDate, today: CalendarDate): SQL {
  if (day < today) return pastStandingsSql(scope, [day]);
  const gym = inScope(scope, sql`s.gym_id`);
  return sql`select ${today}::date as day, s.*, ${subscriptionStateSql(today)} as state from (
      select distinct on (s.user_id) s.id, s.user_id, s.gym_id, s.price_id, s.start_date, s.paused_at,
        null::date as pause_end, s.cancelled_at, s.grace_period_ends_at, s.upcoming_state
      from subscriptions s
      where s.organisation_id = ${scope.organisationId} and not s.is_staging ${gym}
      order by s.user_id, s.start_date desc, s.id desc) s`;
}

/**
 * The pieces of a past day's standing, as common table expressions: `days` (each asked day and its end,
 * the last millisecond before the next Auckland midnight, as endOfDay), `c` (the scope's subscriptions,
 * each with the start of the member's next one: a subscription is its member's from its start until the
 * next one's, in order of start then id), `pz` (the uncancelled pause covering a day) and `ow` (the
 * subscriptions owing a failed charge at a day's end: failed by then, neither paid by then nor written off).
 */
function pastPieces(scope: Scope, days: CalendarDate[]): SQL {
  const org = scope.organisationId;
  return sql`days as (
      select d.day, ((d.day + 1)::timestamp at time zone 'Pacific/Auckland') - interval '1 millisecond' as end_at
      from unnest(${`{${days.join(',')}}`}::date[]) as d(day)),
    c as (
      select s.id, s.user_id, s.gym_id, s.price_id, s.start_date, s.cancelled_at,
        lead(s.start_date) over (partition by s.user_id order by s.start_date, s.id) as next_start
      from subscriptions s
      where s.organisation_id = ${org} and not s.is_staging ${inScope(scope, sql`s.gym_id`)}),
    pz as (
      select distinct on (d.day, sp.subscription_id) d.day, sp.subscription_id, sp.start_date, sp.end_date
      from subscription_pauses sp join days d on sp.start_date <= d.day and d.day < sp.end_date
      where sp.organisation_id = ${org} and sp.cancelled_at is null
      order by d.day, sp.subscription_id, sp.start_date),
    ow as (
      select distinct d.day, ch.subscription_id
      from charges ch join days d on ch.first_failed_at <= d.end_at and (ch.paid_at is null or ch.paid_at > d.end_at)
      where ch.organisation_id = ${org} and ch.first_failed_at is not null and ch.status <> 'written_off'
        and ch.first_failed_at <= (select max(x.end_at) from days x)
        and (ch.paid_at is null or ch.paid_at > (select min(x.end_at) from days x)))`;
}

/** The state on a past day `d` of the membership `m` (c's columns), with `pz` and `ow` joined for it. */
const pastStateSql = (id: SQL) =>
  subscriptionStateSql(sql`d.day`, {
    id,
    startDate: sql`m.start_date`,
    pausedAt: sql`(pz.start_date::timestamp at time zone 'Pacific/Auckland')`,
    cancelledAt: sql`case when m.cancelled_at <= d.end_at then m.cancelled_at end`,
    gracePeriodEndsAt: sql`case when ow.subscription_id is not null then d.day end`,
    upcomingState: sql`null::text`,
  });

/**
 * Each member's membership on each of the past `days` with its state as of the day's end: a row per day
 * and member who had one (StandingRow's columns and `day`), in one statement whatever the number of days.
 */
export function pastStandingsSql(scope: Scope, days: CalendarDate[]): SQL {
  return sql`with ${pastPieces(scope, days)}
    select d.day, m.id, m.user_id, m.gym_id, m.price_id, m.start_date,
      (pz.start_date::timestamp at time zone 'Pacific/Auckland') as paused_at, pz.end_date as pause_end,
      case when m.cancelled_at <= d.end_at then m.cancelled_at end as cancelled_at,
      case when ow.subscription_id is not null then d.day end as grace_period_ends_at,
      null::text as upcoming_state, ${pastStateSql(sql`m.id`)} as state
    from c m
    join days d on m.start_date <= d.day and (m.next_start is null or d.day < m.next_start)
    left join pz on pz.day = d.day and pz.subscription_id = m.id
    left join ow on ow.day = d.day and ow.subscription_id = m.id`;
}

/**
 * How many members were active at the end of each past day (`day`, `active`), as pastStandingsSql would
 * count them, but with the memberships that have nothing on record for the asked days but their start,
 * next start and cancellation (no pause covering one, no charge owed at one's end) taken together by
 * those three: every one of a group stands the same on each of those days, so a 100,000-member chart of
 * twelve days weighs a few thousand groups a day instead of a million rows.
 */
export function pastActiveCountsSql(scope: Scope, days: CalendarDate[]): SQL {
  return sql`with ${pastPieces(scope, days)},
    eventful as (select pz.subscription_id as id from pz union select ow.subscription_id from ow),
    g as (
      select null::bigint as id, c.start_date, c.next_start, c.cancelled_at, count(*) as n
      from c where c.id not in (select e.id from eventful e)
      group by c.start_date, c.next_start, c.cancelled_at
      union all
      select c.id, c.start_date, c.next_start, c.cancelled_at, 1 from c where c.id in (select e.id from eventful e))
    select d.day::text as day, coalesce(sum(m.n) filter (where ${pastStateSql(sql`m.start_date`)} = 'active'), 0)::int as active
    from g m
    join days d on m.start_date <= d.day and (m.next_start is null or d.day < m.next_start)
    left join pz on pz.day = d.day and pz.subscription_id = m.id
    left join ow on ow.day = d.day and ow.subscription_id = m.id
    group by d.day`;
}

/** The facts behind a standing on `day`, in words, for the debugging screen. */
export function reasonsOf(row: StandingRow, day: CalendarDate, today: CalendarDate): string[] {
  const reasons: string[] = [`Membership started ${formatDate(row.start_date as CalendarDate)}`];
  const on = day >= today ? today : day;
  if (row.start_date > on) reasons.push('Has not started yet on this day');
  if (row.cancelled_at) reasons.push(`Cancelled ${formatDate(new Date(row.cancelled_at))}`);
  if (row.state === 'paused' && row.paused_at)
    reasons.push(
      row.pause_end
        ? `Paused from ${formatDate(new Date(row.paused_at))} until ${formatDate(row.pause_end as CalendarDate)}`
        : `Paused from ${formatDate(new Date(row.paused_at))}`,
    );
  if (row.grace_period_ends_at)
    reasons.push(
      day >= today
        ? `In grace for a failed payment until ${formatDate(row.grace_period_ends_at as CalendarDate)}`
        : 'Owed a failed payment on this day (grace)',
    );
  if (row.upcoming_state) reasons.push(`Waiting on its first payment (${row.upcoming_state})`);
  if (row.state === 'active') reasons.push('Started, not cancelled, not paused, nothing owing: active');
  return reasons;
}
