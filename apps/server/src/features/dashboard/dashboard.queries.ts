// Every figure of the dashboard, worked out here and nowhere else: the stats with this period against
// the last, members active over time, the breakdown by state, offering, price and gym, what members pay
// per visit, and who counts as active on a day (the debugging screen).
//
// All of them are SQL aggregates over each member's membership on the day (member-standing.ts, whose
// state is the domain's rule through its one SQL mirror), so nothing is loaded per member: at 100,000
// members a figure reads the organisation's subscriptions once in the database (about 50 to 100 ms of
// SQL on the 2-core bench machine) instead of carrying them and their ids to the server and back.
// A past day's active count (the chart's points, the previous period's figure) is rebuilt from
// timestamps that were all in the past, so it is worked out once per scope and day and kept for the
// process's life (pastActiveCounts): the chart then costs today's count only. A membership entered later
// with a start date before a kept day (a backdated join) does not move that day's figure, as a count
// written down at the day's end would not. The debugging screen reads one page of members, counted and
// ordered in the database.
import type {
  ActiveUserDebuggingRow,
  CostAndVisitBreakdown,
  Stats,
  UserBreakdown,
} from '@gym/domain/api/dashboard';
import { STOPPED_COMING_DAYS, SUBSCRIPTION_STATE_NAMES } from '@gym/domain/api/dashboard';
import { type BillingFrequency, billingFrequencyLabel } from '@gym/domain/billing-frequency';
import {
  addDays,
  addMonthsClamped,
  type CalendarDate,
  startOfDayInstant,
  toCalendarDate,
} from '@gym/domain/calendar-date';
import { formatMoney, mulDivRoundHalfUp } from '@gym/domain/money';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import {
  inScope,
  pastActiveCountsSql,
  reasonsOf,
  type Scope,
  type StandingRow,
  standingsSql,
} from './member-standing';

export type { Scope } from './member-standing';

const dayStart = (day: CalendarDate) => startOfDayInstant(day).toISOString();

interface Range {
  from: CalendarDate;
  to: CalendarDate;
}

/**
 * Joins, cancellations, money collected, failed and expected over this period and the last: one query.
 * Payments come from their per-day totals (payment_day_totals, kept by triggers, migration 0010: a row
 * per Auckland day of creation, gym and status), about a thousand rows for 60 days instead of half a
 * million payments; the statuses are grouped as the domain's classifyPaymentStatus does.
 */
async function periodFigures(db: Executor, scope: Scope, current: Range, previous: Range) {
  const org = scope.organisationId;
  const from = dayStart(previous.from);
  const middle = dayStart(current.from);
  const until = dayStart(addDays(current.to, 1));
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`select j.*, e.*, m.payments_failed as failed, m.payments_failed_before as failed_before,
        m.collected - r.refunded as collected, m.collected_before - r.refunded_before as collected_before from
      (select
         count(*) filter (where s.start_date between ${current.from} and ${current.to})::int as joins,
         count(*) filter (where s.start_date between ${previous.from} and ${previous.to})::int as joins_before,
         count(*) filter (where s.cancelled_at >= ${middle} and s.cancelled_at < ${until})::int as cancellations,
         count(*) filter (where s.cancelled_at >= ${from} and s.cancelled_at < ${middle})::int as cancellations_before
       from subscriptions s
       where s.organisation_id = ${org} and not s.is_staging ${inScope(scope, sql`s.gym_id`)}
         and (s.start_date between ${previous.from} and ${current.to}
              or (s.cancelled_at >= ${from} and s.cancelled_at < ${until}))) j,
      (select
         coalesce(sum(t.total) filter (where t.status = 'sent' and t.day >= ${current.from}), 0)::bigint as collected,
         coalesce(sum(t.total) filter (where t.status = 'sent' and t.day < ${current.from}), 0)::bigint as collected_before,
         coalesce(sum(t.payments) filter (where t.status not in ('sent', 'upcoming', 'pending_request') and t.day >= ${current.from}), 0)::int as payments_failed,
         coalesce(sum(t.payments) filter (where t.status not in ('sent', 'upcoming', 'pending_request') and t.day < ${current.from}), 0)::int as payments_failed_before
       from payment_day_totals t
       where t.organisation_id = ${org} and t.day between ${previous.from} and ${current.to}
         ${inScope(scope, sql`t.gym_id`)}) m,
      -- Refunds the period made: a refunded payment stays collected, what the gym kept counts.
      (select
         coalesce(sum(r.amount) filter (where r.created_at >= ${middle}), 0)::bigint as refunded,
         coalesce(sum(r.amount) filter (where r.created_at < ${middle}), 0)::bigint as refunded_before
       from payment_refunds r
       where r.organisation_id = ${org} and r.created_at >= ${from} and r.created_at < ${until}
         ${inScope(scope, sql`r.gym_id`)}) r,
      (select
         coalesce(sum(c.amount + c.surcharge) filter (where c.due_date >= ${current.from}), 0)::bigint as expected,
         coalesce(sum(c.amount + c.surcharge) filter (where c.due_date < ${current.from}), 0)::bigint as expected_before
       from charges c join subscriptions s on s.id = c.subscription_id
       where c.organisation_id = ${org} and c.due_date between ${previous.from} and ${current.to}
         ${inScope(scope, sql`s.gym_id`)}) e`,
  );
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

/** Members active on `day` (today or later: as things stand now). */
async function activeCount(db: Executor, scope: Scope, day: CalendarDate, today: CalendarDate) {
  const [row] = await queryRows<{ active: number }>(
    db,
    sql`select count(*)::int as active from (${standingsSql(scope, day, today)}) st where st.state = 'active'`,
  );
  return Number(row?.active ?? 0);
}

/** Past days' counts kept once worked out, per database handle, then scope and day. */
const keptCounts = new WeakMap<object, Map<string, number>>();
const KEPT_COUNTS_LIMIT = 100_000;

/**
 * Members active at the end of each past day (before `today`); each scope and day worked out once, the
 * days not yet kept in one statement.
 */
async function pastActiveCounts(
  db: Executor,
  scope: Scope,
  days: CalendarDate[],
  today: CalendarDate,
): Promise<Map<CalendarDate, number>> {
  let kept = keptCounts.get(db);
  if (!kept) {
    kept = new Map();
    keptCounts.set(db, kept);
  }
  const scopeKey = `${scope.organisationId}:${scope.gymIds === null ? 'all' : [...scope.gymIds].sort((a, b) => a - b).join(',')}`;
  const keyOf = (day: CalendarDate) => `${scopeKey}:${day}`;
  const past = [...new Set(days)].filter((day) => day < today);
  const missing = past.filter((day) => !kept.has(keyOf(day)));
  if (missing.length > 0) {
    const rows = await queryRows<{ day: string; active: number }>(db, pastActiveCountsSql(scope, missing));
    const found = new Map(rows.map((r) => [r.day, Number(r.active)]));
    for (const day of missing) {
      if (kept.size >= KEPT_COUNTS_LIMIT) kept.delete(kept.keys().next().value as string);
      kept.set(keyOf(day), found.get(day) ?? 0);
    }
  }
  return new Map(past.map((day) => [day, kept.get(keyOf(day)) ?? 0]));
}

export async function dashboardStats(db: Executor, scope: Scope, now: Date, days: number): Promise<Stats> {
  const today = toCalendarDate(now);
  const current = { from: addDays(today, -(days - 1)), to: today };
  const previous = { from: addDays(today, -(2 * days - 1)), to: addDays(today, -days) };
  const org = scope.organisationId;
  const [standing] = await queryRows<{ active: number; grace: number; owing: string | number }>(
    db,
    sql`select count(*) filter (where st.state = 'active')::int as active,
          count(*) filter (where st.state = 'grace')::int as grace,
          (select coalesce(sum(s.balance_owing), 0) from subscriptions s
           where s.organisation_id = ${org} and not s.is_staging and s.balance_owing > 0
             ${inScope(scope, sql`s.gym_id`)})::bigint as owing
        from (${standingsSql(scope, today, today)}) st`,
  );
  // Paying members (active, joined at least STOPPED_COMING_DAYS ago) with no allowed visit at any gym of
  // the organisation in that many days (their membership row keeps their last, migration 0009); longest
  // away first (never first of all), then by id.
  const stopped = await queryRows<{
    id: number;
    name: string;
    gym: string;
    last_visit_at: Date | string | null;
    total: number;
  }>(
    db,
    // The membership rows are joined before the state is filtered (offset 0 keeps the filter out), so the
    // database hashes all 100,000 instead of looking each up on a guess of how many the filter keeps;
    // names are joined for the ten shown.
    sql`select a.user_id::int as id, u.name, g.name as gym, a.last_visit_at, a.total from (
          select x.user_id, x.gym_id, x.last_visit_at, count(*) over ()::int as total
          from (
            select st.user_id, st.gym_id, st.state, st.start_date, m.last_visit_at
            from (${standingsSql(scope, today, today)}) st
            left join organisation_members m on m.organisation_id = ${org} and m.user_id = st.user_id
            offset 0) x
          where x.state = 'active' and x.start_date <= ${addDays(today, -STOPPED_COMING_DAYS)}::date
            and (x.last_visit_at is null
                 or x.last_visit_at < ${dayStart(addDays(today, -(STOPPED_COMING_DAYS - 1)))})
          order by x.last_visit_at asc nulls first, x.user_id
          limit 10) a
        join users u on u.id = a.user_id
        join gyms g on g.id = a.gym_id
        order by a.last_visit_at asc nulls first, a.user_id`,
  );
  const [figures, before] = [
    await periodFigures(db, scope, current, previous),
    await pastActiveCounts(db, scope, [previous.to], today),
  ];
  return {
    period: {
      days,
      from: current.from,
      to: current.to,
      previous_from: previous.from,
      previous_to: previous.to,
    },
    active_members: { current: Number(standing?.active ?? 0), previous: before.get(previous.to) ?? 0 },
    ...figures,
    balance_owing: Number(standing?.owing ?? 0),
    members_in_grace: Number(standing?.grace ?? 0),
    stopped_coming_count: Number(stopped[0]?.total ?? 0),
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

export async function activeUsers(
  db: Executor,
  scope: Scope,
  now: Date,
  days: CalendarDate[],
): Promise<{ date: string; active: number }[]> {
  const today = toCalendarDate(now);
  const past = await pastActiveCounts(db, scope, days, today);
  const current = days.some((day) => day >= today) ? await activeCount(db, scope, today, today) : 0;
  return days.map((day) => ({ date: day, active: day < today ? (past.get(day) ?? 0) : current }));
}

export async function userBreakdown(db: Executor, scope: Scope, now: Date): Promise<UserBreakdown> {
  const today = toCalendarDate(now);
  // One pass: every member by state; holders (any state but cancelled) by offering, price and gym.
  const rows = await queryRows<{
    kind: number;
    state: string | null;
    id: number | null;
    count: number;
    name: string | null;
    price_amount: number | null;
    billing_frequency: string | null;
  }>(
    db,
    sql`with g as (
          select grouping(st.state, p.offering_id, st.price_id, st.gym_id)::int as kind, st.state,
            coalesce(p.offering_id, st.price_id, st.gym_id)::int as id,
            case when grouping(st.state) = 0 then count(*) else count(*) filter (where st.state <> 'cancelled') end::int as count
          from (${standingsSql(scope, today, today)}) st join prices p on p.id = st.price_id
          group by grouping sets ((st.state), (p.offering_id), (st.price_id), (st.gym_id)))
        select g.kind, g.state, g.id, g.count, coalesce(o.name, po.name, gy.name) as name,
          pr.amount as price_amount, pr.billing_frequency
        from g
        left join offerings o on g.kind = 11 and o.id = g.id
        left join prices pr on g.kind = 13 and pr.id = g.id
        left join offerings po on po.id = pr.offering_id
        left join gyms gy on g.kind = 14 and gy.id = g.id
        where g.kind = 7 or g.count > 0
        order by g.count desc, g.id`,
  );
  // grouping(): a bit for each column left out, so (state) is 0111, (offering) 1011, (price) 1101, (gym) 1110.
  const of = (kind: number) => rows.filter((r) => r.kind === kind);
  const states = new Map(of(7).map((r) => [r.state, r.count]));
  return {
    by_state: SUBSCRIPTION_STATE_NAMES.map((state) => ({ state, count: states.get(state) ?? 0 })),
    by_offering: of(11).map((r) => ({ id: Number(r.id), name: r.name ?? '', count: r.count })),
    by_price: of(13).map((r) => ({
      id: Number(r.id),
      label: `${formatMoney(Number(r.price_amount))} ${billingFrequencyLabel(r.billing_frequency as BillingFrequency).toLowerCase()}`,
      offering: r.name ?? '',
      count: r.count,
    })),
    by_gym: of(14).map((r) => ({ id: Number(r.id), name: r.name ?? '', count: r.count })),
  };
}

export async function costAndVisitBreakdown(
  db: Executor,
  scope: Scope,
  now: Date,
  range: Range,
): Promise<CostAndVisitBreakdown> {
  const today = toCalendarDate(now);
  const org = scope.organisationId;
  const from = dayStart(range.from);
  const until = dayStart(addDays(range.to, 1));
  // Holders today (any state but cancelled) by offering; what their memberships were paid in the range
  // (successful payments) and their allowed visits at any gym of the organisation in the range.
  const rows = await queryRows<{
    id: number;
    name: string;
    members: number;
    paid: string | number;
    visits: string | number;
  }>(
    db,
    sql`with h as materialized (
          select st.id, st.user_id, p.offering_id
          from (${standingsSql(scope, today, today)}) st join prices p on p.id = st.price_id
          where st.state <> 'cancelled'),
        m as (select h.offering_id, count(*) as members from h group by h.offering_id),
        paid as (
          select h.offering_id, sum(x.paid) as paid
          from (select pa.subscription_id, sum(pa.amount + pa.surcharge) as paid from payments pa
                where pa.organisation_id = ${org} and pa.status = 'sent'
                  and pa.created_at >= ${from} and pa.created_at < ${until}
                group by pa.subscription_id) x
          join h on h.id = x.subscription_id
          group by h.offering_id),
        seen as (
          select h.offering_id, sum(x.visits) as visits
          from (select v.user_id, count(*) as visits from visits v
                where v.organisation_id = ${org} and v.successful
                  and v.visited_at >= ${from} and v.visited_at < ${until}
                group by v.user_id) x
          join h on h.user_id = x.user_id
          group by h.offering_id)
        select o.id::int, o.name, m.members::int, coalesce(paid.paid, 0)::bigint as paid,
          coalesce(seen.visits, 0)::bigint as visits
        from m join offerings o on o.id = m.offering_id
        left join paid on paid.offering_id = m.offering_id
        left join seen on seen.offering_id = m.offering_id
        order by m.members desc, o.id`,
  );
  return {
    from: range.from,
    to: range.to,
    offerings: rows.map((r) => {
      const paid = Number(r.paid);
      const visits = Number(r.visits);
      const cost = visits > 0 ? mulDivRoundHalfUp(paid, 1, visits) : null;
      return {
        id: r.id,
        name: r.name,
        members: r.members,
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
