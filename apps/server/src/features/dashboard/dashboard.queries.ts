// Every figure of the dashboard, worked out here and nowhere else: the stats with this period against
// the last, members active over time, the breakdown by state, offering, price and gym, what members pay
// per visit, and who counts as active on a day (the debugging screen).
//
// The four dashboard calls read the summaries of migration 0022 (docs/decisions/015-dashboard-summaries.md),
// a few hundred rows whatever the organisation's size, and nothing is kept in memory between calls:
// - today's members by gym, price and state: membership_counts (each member's membership counted by the
//   state it will have once its dated changes have come) with the changes still to come after today undone
//   (membership_count_changes), both kept by a trigger on subscriptions;
// - a past day's members by state: daily_membership_counts, written once a day from history by the
//   roll-up (daily_membership_counts_catch_up, run here when the day before today is not written yet);
// - the days' joins, cancellations, money and visits: daily_gym_figures, kept by triggers;
// - what is owed now: balance_owing_totals.
// A scope of the whole organisation reads each member once (their latest membership, for_organisation);
// a scope of gyms reads each member's latest membership in each of those gyms.
// - who stopped coming: stopped_coming_counts, and the ten longest away from stopped_coming_members.
// The debugging screen reads a page of members (member-standing.ts).
import type {
  ActiveUserDebuggingRow,
  CostAndVisitBreakdown,
  Stats,
  UserBreakdown,
} from '@gym/domain/api/dashboard';
import { STOPPED_COMING_DAYS, SUBSCRIPTION_STATE_NAMES } from '@gym/domain/api/dashboard';
import { type BillingFrequency, billingFrequencyLabel } from '@gym/domain/billing-frequency';
import { addDays, addMonthsClamped, type CalendarDate, toCalendarDate } from '@gym/domain/calendar-date';
import { formatMoney, mulDivRoundHalfUp } from '@gym/domain/money';
import type { SubscriptionState } from '@gym/domain/subscription-state';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { inScope, reasonsOf, type Scope, type StandingRow, standingsSql } from './member-standing';

export type { Scope } from './member-standing';

interface Range {
  from: CalendarDate;
  to: CalendarDate;
}

/** The membership counts' rows for the scope: the organisation's (each member once) or its gyms'. */
const heldIn = (scope: Scope) =>
  scope.gymIds === null
    ? sql`and c.for_organisation`
    : sql`and not c.for_organisation ${inScope(scope, sql`c.gym_id`)}`;

interface HeldCount {
  gym_id: number;
  gym: string;
  price_id: number;
  price_amount: number;
  billing_frequency: string;
  offering_id: number;
  offering: string;
  state: SubscriptionState;
  members: number;
}

/**
 * Members today by gym, price and state: the states they will have once their dated changes have come,
 * with the changes after today (a start, a pause's first day) undone. A few hundred rows.
 */
async function heldToday(db: Executor, scope: Scope, today: CalendarDate): Promise<HeldCount[]> {
  const org = scope.organisationId;
  const rows = await queryRows<HeldCount>(
    db,
    sql`select x.gym_id::int, g.name as gym, x.price_id::int, p.amount as price_amount, p.billing_frequency,
          p.offering_id::int, o.name as offering, x.state, x.members::int
        from (
          select y.gym_id, y.price_id, y.state, sum(y.members) as members from (
            select c.gym_id, c.price_id, c.state, c.members from membership_counts c
            where c.organisation_id = ${org} ${heldIn(scope)}
            union all
            select c.gym_id, c.price_id, c.from_state, c.members from membership_count_changes c
            where c.organisation_id = ${org} and c.on_date > ${today}::date ${heldIn(scope)}
            union all
            select c.gym_id, c.price_id, c.to_state, -c.members from membership_count_changes c
            where c.organisation_id = ${org} and c.on_date > ${today}::date ${heldIn(scope)}) y
          group by 1, 2, 3 having sum(y.members) <> 0) x
        join gyms g on g.id = x.gym_id
        join prices p on p.id = x.price_id
        join offerings o on o.id = p.offering_id`,
  );
  return rows.map((r) => ({ ...r, members: Number(r.members) }));
}

/** Members active at the end of each past day (before `today`). */
async function pastActiveCounts(
  db: Executor,
  primary: Executor,
  scope: Scope,
  days: CalendarDate[],
  today: CalendarDate,
): Promise<Map<CalendarDate, number>> {
  const past = [...new Set(days)].filter((day) => day < today);
  if (past.length === 0) return new Map();
  // The days' counts with how far the roll-up has written, in one statement; when it has not written
  // yesterday yet (once a day, or the days a clock travelled over), it catches up on the primary and the
  // days are read again.
  const read = async () => {
    const [row] = await queryRows<{
      through: string | null;
      counts: { day: CalendarDate; active: number }[];
    }>(
      db,
      sql`select (select r.through::text from daily_membership_counts_rolled r
                  where r.organisation_id = ${scope.organisationId}) as through,
            (select coalesce(json_agg(x), '[]'::json) from (
              select c.day::text as day, sum(c.members)::int as active from daily_membership_counts c
              where c.organisation_id = ${scope.organisationId} and c.state = 'active'
                and c.day = any(${`{${past.join(',')}}`}::date[]) ${heldIn(scope)}
              group by c.day) x) as counts`,
    );
    return row;
  };
  let row = await read();
  if (!(row?.through && row.through >= addDays(today, -1))) {
    await queryRows(
      primary,
      sql`select daily_membership_counts_catch_up(${scope.organisationId}, ${today}::date)::text`,
    );
    row = await read();
  }
  const found = new Map((row?.counts ?? []).map((r) => [r.day, Number(r.active)]));
  return new Map(past.map((day) => [day, found.get(day) ?? 0]));
}

/**
 * Joins, cancellations, money collected (less refunds), failed and expected over this period and the
 * last, from the days' figures (daily_gym_figures): about a thousand rows for 60 days. One row.
 */
const periodFiguresSql = (scope: Scope, current: Range, previous: Range) => sql`select
          coalesce(sum(f.joins) filter (where f.day >= ${current.from}), 0)::int as joins,
          coalesce(sum(f.joins) filter (where f.day < ${current.from}), 0)::int as joins_before,
          coalesce(sum(f.cancellations_voluntary + f.cancellations_non_payment) filter (where f.day >= ${current.from}), 0)::int as cancellations,
          coalesce(sum(f.cancellations_voluntary + f.cancellations_non_payment) filter (where f.day < ${current.from}), 0)::int as cancellations_before,
          coalesce(sum(f.collected - f.refunded) filter (where f.day >= ${current.from}), 0)::bigint as collected,
          coalesce(sum(f.collected - f.refunded) filter (where f.day < ${current.from}), 0)::bigint as collected_before,
          coalesce(sum(f.payments_failed) filter (where f.day >= ${current.from}), 0)::int as failed,
          coalesce(sum(f.payments_failed) filter (where f.day < ${current.from}), 0)::int as failed_before,
          coalesce(sum(f.charged) filter (where f.day >= ${current.from}), 0)::bigint as expected,
          coalesce(sum(f.charged) filter (where f.day < ${current.from}), 0)::bigint as expected_before
        from daily_gym_figures f
        where f.organisation_id = ${scope.organisationId} and f.day between ${previous.from} and ${current.to}
          ${inScope(scope, sql`f.gym_id`)}`;

/** The period figures' pairs from a row of periodFiguresSql's columns. */
function periodFigures(row: Record<string, unknown> | undefined) {
  const n = (key: string) => Number(row?.[key] ?? 0);
  const pair = (key: string) => ({ current: n(key), previous: n(`${key}_before`) });
  return {
    joins: pair('joins'),
    cancellations: pair('cancellations'),
    revenue_collected: pair('collected'),
    failed_payments: pair('failed'),
    revenue_expected: pair('expected'),
  };
}

const countOf = (held: HeldCount[], state: SubscriptionState) =>
  held.reduce((sum, h) => sum + (h.state === state ? h.members : 0), 0);

/**
 * The stats. `primary` writes the past days' counts when the roll-up has not yet (db may be a replica).
 */
export async function dashboardStats(
  db: Executor,
  scope: Scope,
  now: Date,
  days: number,
  primary: Executor = db,
): Promise<Stats> {
  const today = toCalendarDate(now);
  const current = { from: addDays(today, -(days - 1)), to: today };
  const previous = { from: addDays(today, -(2 * days - 1)), to: addDays(today, -days) };
  const org = scope.organisationId;
  // Paying members (active, joined at least STOPPED_COMING_DAYS ago) with no allowed visit at any gym of
  // the organisation in that many days (their membership row keeps their last, migration 0009); longest
  // away first (never first of all), then by id. The count from stopped_coming_counts; the ten from
  // stopped_coming_members (migration 0031), the same rows member by member: each gym's first ten by last
  // visit from its index, skipping the few with a recent start or a pause begun. For the whole
  // organisation each member's latest membership (for_organisation); for gyms, each member's latest in
  // each gym, kept only when no later membership in another of the scope's gyms is theirs.
  const joinedBy = addDays(today, -STOPPED_COMING_DAYS);
  const latestInScope =
    scope.gymIds !== null && scope.gymIds.length > 1
      ? sql`and not exists (select 1 from subscriptions s
            where s.organisation_id = ${org} and s.user_id = c.user_id and not s.is_staging
              ${inScope(scope, sql`s.gym_id`)} and s.gym_id <> c.gym_id
              and (s.start_date, s.id) > (c.start_date, c.subscription_id))`
      : sql``;
  // Three statements side by side: today's counts; the period's figures with what is owed, how many
  // stopped coming, the active count at the previous period's end and how far the roll-up has written
  // (one row of sums); and the ten who stopped coming.
  const [held, [sums], stopped] = await Promise.all([
    heldToday(db, scope, today),
    queryRows<Record<string, string | number | null>>(
      db,
      sql`select f.*,
          (select coalesce(sum(b.owing), 0)::bigint from balance_owing_totals b
           where b.organisation_id = ${org} ${inScope(scope, sql`b.gym_id`)}) as owing,
          (select coalesce(sum(c.members), 0)::int from stopped_coming_counts c
           where c.organisation_id = ${org} ${heldIn(scope)}
             and c.since <= ${joinedBy}::date and c.paused_on > ${today}::date) as stopped_total,
          (select r.through::text from daily_membership_counts_rolled r
           where r.organisation_id = ${org}) as through,
          (select coalesce(sum(c.members), 0)::int from daily_membership_counts c
           where c.organisation_id = ${org} and c.state = 'active' and c.day = ${previous.to}::date
             ${heldIn(scope)}) as active_before
        from (${periodFiguresSql(scope, current, previous)}) f`,
    ),
    queryRows<{ id: number; name: string; gym: string; last_visit_at: Date | string | null }>(
      db,
      sql`select a.user_id::int as id, u.name, g.name as gym, a.last_visit_at
        from gyms g
        cross join lateral (
          select c.user_id, c.last_visit_at from stopped_coming_members c
          join organisation_members m on m.organisation_id = c.organisation_id and m.user_id = c.user_id
          where c.organisation_id = ${org} and c.for_organisation = ${scope.gymIds === null} and c.gym_id = g.id
            and c.since <= ${joinedBy}::date and c.paused_on > ${today}::date and m.deleted_at is null
            ${latestInScope}
          order by c.last_visit_at asc nulls first, c.user_id
          limit 10) a
        join users u on u.id = a.user_id
        where g.organisation_id = ${org} ${inScope(scope, sql`g.id`)}
        order by a.last_visit_at asc nulls first, a.user_id
        limit 10`,
    ),
  ]);
  // The previous period's end is a past day: when the roll-up has not written yesterday yet, it catches
  // up first (on the primary) and the day is read again.
  const through = sums?.through ?? null;
  const activeBefore =
    typeof through === 'string' && through >= addDays(today, -1)
      ? Number(sums?.active_before ?? 0)
      : ((await pastActiveCounts(db, primary, scope, [previous.to], today)).get(previous.to) ?? 0);
  return {
    period: {
      days,
      from: current.from,
      to: current.to,
      previous_from: previous.from,
      previous_to: previous.to,
    },
    active_members: { current: countOf(held, 'active'), previous: activeBefore },
    ...periodFigures(sums),
    balance_owing: Number(sums?.owing ?? 0),
    members_in_grace: countOf(held, 'grace'),
    stopped_coming_count: Number(sums?.stopped_total ?? 0),
    stopped_coming: stopped.map((s) => ({
      id: s.id,
      name: s.name,
      last_visit_at: s.last_visit_at === null ? null : new Date(s.last_visit_at).toISOString(),
      gym: s.gym,
    })),
  };
}

/** The days the chart has a point for: every interval from `from`, up to `to`, `to` always last. */
export function chartDays(
  from: CalendarDate,
  to: CalendarDate,
  interval: 'day' | 'week' | 'month',
  max: number,
) {
  const days: CalendarDate[] = [];
  for (let i = 0, day = from; day < to && days.length < max - 1; i += 1) {
    days.push(day);
    day =
      interval === 'day'
        ? addDays(from, i + 1)
        : interval === 'week'
          ? addDays(from, 7 * (i + 1))
          : addMonthsClamped(from, i + 1);
  }
  days.push(to);
  return days;
}

/** Members active on each day: past days as their end left them, today (and later) as things stand. */
export async function activeUsers(
  db: Executor,
  scope: Scope,
  now: Date,
  days: CalendarDate[],
  primary: Executor = db,
): Promise<{ date: string; active: number }[]> {
  const today = toCalendarDate(now);
  const past = await pastActiveCounts(db, primary, scope, days, today);
  const current = days.some((day) => day >= today) ? countOf(await heldToday(db, scope, today), 'active') : 0;
  return days.map((day) => ({ date: day, active: day < today ? (past.get(day) ?? 0) : current }));
}

/** Adds up `members` by a key, largest first, then by id. */
function totals<T extends { id: number }>(rows: HeldCount[], pick: (row: HeldCount) => T) {
  const found = new Map<number, T & { count: number }>();
  for (const row of rows) {
    const item = pick(row);
    const kept = found.get(item.id) ?? { ...item, count: 0 };
    kept.count += row.members;
    found.set(item.id, kept);
  }
  return [...found.values()].filter((t) => t.count > 0).sort((a, b) => b.count - a.count || a.id - b.id);
}

export async function userBreakdown(db: Executor, scope: Scope, now: Date): Promise<UserBreakdown> {
  const held = await heldToday(db, scope, toCalendarDate(now));
  // Holders: any state but cancelled.
  const holders = held.filter((h) => h.state !== 'cancelled');
  return {
    by_state: SUBSCRIPTION_STATE_NAMES.map((state) => ({ state, count: countOf(held, state) })),
    by_offering: totals(holders, (h) => ({ id: h.offering_id, name: h.offering })),
    by_price: totals(holders, (h) => ({
      id: h.price_id,
      label: `${formatMoney(h.price_amount)} ${billingFrequencyLabel(h.billing_frequency as BillingFrequency).toLowerCase()}`,
      offering: h.offering,
    })),
    by_gym: totals(holders, (h) => ({ id: h.gym_id, name: h.gym })),
  };
}

/**
 * Holders today (any state but cancelled) by offering, what the scope's memberships of each offering
 * paid in the range (successful payments) and their allowed visits at any gym of the organisation.
 */
export async function costAndVisitBreakdown(
  db: Executor,
  scope: Scope,
  now: Date,
  range: Range,
): Promise<CostAndVisitBreakdown> {
  const held = await heldToday(db, scope, toCalendarDate(now));
  const offerings = totals(
    held.filter((h) => h.state !== 'cancelled'),
    (h) => ({ id: h.offering_id, name: h.offering }),
  );
  const rows = await queryRows<{ id: number; paid: string | number; visits: string | number }>(
    db,
    sql`select f.offering_id::int as id, sum(f.collected)::bigint as paid, sum(f.visits)::bigint as visits
        from daily_gym_figures f
        where f.organisation_id = ${scope.organisationId} and f.day between ${range.from} and ${range.to}
          ${inScope(scope, sql`f.gym_id`)}
        group by f.offering_id`,
  );
  const byOffering = new Map(rows.map((r) => [Number(r.id), r]));
  return {
    from: range.from,
    to: range.to,
    offerings: offerings.map((o) => {
      const paid = Number(byOffering.get(o.id)?.paid ?? 0);
      const visits = Number(byOffering.get(o.id)?.visits ?? 0);
      const cost = visits > 0 ? mulDivRoundHalfUp(paid, 1, visits) : null;
      return {
        id: o.id,
        name: o.name,
        members: o.count,
        paid,
        visits,
        cost_per_visit: cost,
        formatted_cost_per_visit: cost === null ? null : formatMoney(cost),
      };
    }),
  };
}

export interface DebuggingPage {
  only?: 'active' | 'inactive';
  page: number;
  per_page: number;
}

/**
 * Who counts as active on `day`, and why: one page of the scope's members (by name) with the facts behind
 * their state, and the counts of active and inactive members, all worked out in the database.
 */
export async function activeUserDebugging(
  db: Executor,
  scope: Scope,
  now: Date,
  day: CalendarDate,
  page: DebuggingPage,
): Promise<{ rows: ActiveUserDebuggingRow[]; active: number; inactive: number; total: number }> {
  const today = toCalendarDate(now);
  const standings = standingsSql(scope, day, today);
  const [counts] = await queryRows<{ active: number; all: number }>(
    db,
    sql`select count(*) filter (where st.state = 'active')::int as active, count(*)::int as all
        from (${standings}) st`,
  );
  const active = Number(counts?.active ?? 0);
  const inactive = Number(counts?.all ?? 0) - active;
  const only =
    page.only === undefined
      ? sql``
      : page.only === 'active'
        ? sql`where st.state = 'active'`
        : sql`where st.state <> 'active'`;
  const rows = await queryRows<
    StandingRow & { name: string; gym_name: string; later_pause_end: CalendarDate | null }
  >(
    db,
    sql`select st.id::int, st.user_id::int, st.gym_id::int, st.price_id::int, st.start_date::text,
          st.paused_at, st.pause_end::text, st.cancelled_at, st.grace_period_ends_at::text, st.upcoming_state,
          st.state, u.name, g.name as gym_name,
          (select sp.end_date::text from subscription_pauses sp
           where st.state = 'paused' and st.pause_end is null and sp.subscription_id = st.id
             and sp.cancelled_at is null and sp.start_date <= ${today}::date
           order by sp.start_date desc limit 1) as later_pause_end
        from (${standings}) st
        join users u on u.id = st.user_id
        join gyms g on g.id = st.gym_id
        ${only}
        order by u.search_name, u.name, u.id
        limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`,
  );
  return {
    active,
    inactive,
    total: page.only === undefined ? active + inactive : page.only === 'active' ? active : inactive,
    rows: rows.map((row) => ({
      member: { id: row.user_id, name: row.name },
      gym: { id: row.gym_id, name: row.gym_name },
      subscription_id: row.id,
      state: row.state,
      active: row.state === 'active',
      reasons: reasonsOf({ ...row, pause_end: row.pause_end ?? row.later_pause_end }, day, today),
    })),
  };
}
