// Every figure of the dashboard, worked out here and nowhere else: the stats with this period against
// the last, members active over time, the breakdown by state, offering, price and gym, what members pay
// per visit, and who counts as active on a day (the debugging screen). Membership states come from the
// domain (member-standing.ts); money and counts from a fixed few queries whatever the data's size.
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
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import { loadSubscriptions, reasonsOf, type Scope, standingsOn } from './member-standing';

const gymCondition = (scope: Scope, column: SQL) =>
  scope.gymIds === null ? sql`` : sql`and ${column} in ${idList(scope.gymIds)}`;
const dayStart = (day: CalendarDate) => startOfDayInstant(day).toISOString();

interface Range {
  from: CalendarDate;
  to: CalendarDate;
}

/** Money and counts over a range of Auckland days (inclusive), one query. */
async function rangeFigures(db: Executor, scope: Scope, range: Range) {
  const from = dayStart(range.from);
  const until = dayStart(addDays(range.to, 1));
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`select
      (select count(*) from subscriptions s where s.organisation_id = ${scope.organisationId} and not s.is_staging
         and s.start_date between ${range.from} and ${range.to} ${gymCondition(scope, sql`s.gym_id`)})::int as joins,
      (select count(*) from subscriptions s where s.organisation_id = ${scope.organisationId} and not s.is_staging
         and s.cancelled_at >= ${from} and s.cancelled_at < ${until} ${gymCondition(scope, sql`s.gym_id`)})::int as cancellations,
      (select coalesce(sum(p.amount + p.surcharge), 0) from payments p where p.organisation_id = ${scope.organisationId}
         and p.status = 'sent' and p.created_at >= ${from} and p.created_at < ${until}
         ${gymCondition(scope, sql`p.gym_id`)})::bigint as collected,
      (select count(*) from payments p where p.organisation_id = ${scope.organisationId}
         and p.status not in ('sent', 'upcoming', 'pending_request') and p.created_at >= ${from} and p.created_at < ${until}
         ${gymCondition(scope, sql`p.gym_id`)})::int as failed,
      (select coalesce(sum(c.amount + c.surcharge), 0) from charges c join subscriptions s on s.id = c.subscription_id
         where c.organisation_id = ${scope.organisationId} and c.due_date between ${range.from} and ${range.to}
         ${gymCondition(scope, sql`s.gym_id`)})::bigint as expected`,
  );
  return {
    joins: Number(row?.joins ?? 0),
    cancellations: Number(row?.cancellations ?? 0),
    collected: Number(row?.collected ?? 0),
    failed: Number(row?.failed ?? 0),
    expected: Number(row?.expected ?? 0),
  };
}

/** Each member's last allowed visit at any gym of the organisation (null: never). */
async function lastVisits(db: Executor, organisationId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, Date>();
  const rows = await queryRows<{ user_id: number; last: Date | string }>(
    db,
    sql`select v.user_id::int, max(v.visited_at) as last from visits v
        where v.organisation_id = ${organisationId} and v.successful and v.user_id in ${idList(userIds)}
        group by v.user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, new Date(r.last)]));
}

export async function dashboardStats(db: Executor, scope: Scope, now: Date, days: number): Promise<Stats> {
  const today = toCalendarDate(now);
  const current = { from: addDays(today, -(days - 1)), to: today };
  const previous = { from: addDays(today, -(2 * days - 1)), to: addDays(today, -days) };
  const subs = await loadSubscriptions(db, scope);
  const standings = standingsOn(subs, today, now);
  const before = standingsOn(subs, previous.to, now);
  const [thisPeriod, lastPeriod] = await Promise.all([
    rangeFigures(db, scope, current),
    rangeFigures(db, scope, previous),
  ]);
  const paying = standings.filter(
    (s) => s.state === 'active' && s.sub.start_date <= addDays(today, -STOPPED_COMING_DAYS),
  );
  const last = await lastVisits(
    db,
    scope.organisationId,
    paying.map((s) => s.sub.user_id),
  );
  const awaySince = dayStart(addDays(today, -(STOPPED_COMING_DAYS - 1)));
  const stopped = paying
    .filter((s) => {
      const seen = last.get(s.sub.user_id);
      return seen === undefined || seen.toISOString() < awaySince;
    })
    .sort(
      (a, b) =>
        (last.get(a.sub.user_id)?.getTime() ?? 0) - (last.get(b.sub.user_id)?.getTime() ?? 0) ||
        a.sub.user_id - b.sub.user_id,
    );
  return {
    period: {
      days,
      from: current.from,
      to: current.to,
      previous_from: previous.from,
      previous_to: previous.to,
    },
    active_members: {
      current: standings.filter((s) => s.state === 'active').length,
      previous: before.filter((s) => s.state === 'active').length,
    },
    joins: { current: thisPeriod.joins, previous: lastPeriod.joins },
    cancellations: { current: thisPeriod.cancellations, previous: lastPeriod.cancellations },
    revenue_collected: { current: thisPeriod.collected, previous: lastPeriod.collected },
    revenue_expected: { current: thisPeriod.expected, previous: lastPeriod.expected },
    failed_payments: { current: thisPeriod.failed, previous: lastPeriod.failed },
    balance_owing: subs.reduce((sum, s) => sum + Number(s.balance_owing), 0),
    members_in_grace: standings.filter((s) => s.state === 'grace').length,
    stopped_coming_count: stopped.length,
    stopped_coming: stopped.slice(0, 10).map((s) => ({
      id: s.sub.user_id,
      name: s.sub.user_name,
      last_visit_at: last.get(s.sub.user_id)?.toISOString() ?? null,
      gym: s.sub.gym_name,
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
  const subs = await loadSubscriptions(db, scope);
  return days.map((day) => ({
    date: day,
    active: standingsOn(subs, day, now).filter((s) => s.state === 'active').length,
  }));
}

const countBy = <K>(items: { key: K }[]) => {
  const counts = new Map<K, number>();
  for (const { key } of items) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

export async function userBreakdown(db: Executor, scope: Scope, now: Date): Promise<UserBreakdown> {
  const standings = standingsOn(await loadSubscriptions(db, scope), toCalendarDate(now), now);
  const states = countBy(standings.map((s) => ({ key: s.state })));
  const holding = standings.filter((s) => s.state !== 'cancelled');
  const group = <T extends { id: number }>(of: (s: (typeof holding)[number]) => T) => {
    const found = new Map<number, T & { count: number }>();
    for (const s of holding) {
      const item = of(s);
      const held = found.get(item.id) ?? { ...item, count: 0 };
      held.count += 1;
      found.set(item.id, held);
    }
    return [...found.values()].sort((a, b) => b.count - a.count || a.id - b.id);
  };
  return {
    by_state: SUBSCRIPTION_STATE_NAMES.map((state) => ({ state, count: states.get(state) ?? 0 })),
    by_offering: group((s) => ({ id: s.sub.offering_id, name: s.sub.offering_name })),
    by_price: group((s) => ({
      id: s.sub.price_id,
      label: `${formatMoney(Number(s.sub.price_amount))} ${billingFrequencyLabel(s.sub.billing_frequency as BillingFrequency).toLowerCase()}`,
      offering: s.sub.offering_name,
    })),
    by_gym: group((s) => ({ id: s.sub.gym_id, name: s.sub.gym_name })),
  };
}

export async function costAndVisitBreakdown(
  db: Executor,
  scope: Scope,
  now: Date,
  range: Range,
): Promise<CostAndVisitBreakdown> {
  const holding = standingsOn(await loadSubscriptions(db, scope), toCalendarDate(now), now).filter(
    (s) => s.state !== 'cancelled',
  );
  const subIds = holding.map((s) => s.sub.id);
  const userIds = holding.map((s) => s.sub.user_id);
  const from = dayStart(range.from);
  const until = dayStart(addDays(range.to, 1));
  const paid = subIds.length
    ? await queryRows<{ subscription_id: number; paid: string | number }>(
        db,
        sql`select p.subscription_id::int, sum(p.amount + p.surcharge)::bigint as paid from payments p
            where p.organisation_id = ${scope.organisationId} and p.status = 'sent'
              and p.created_at >= ${from} and p.created_at < ${until} and p.subscription_id in ${idList(subIds)}
            group by p.subscription_id`,
      )
    : [];
  const visits = userIds.length
    ? await queryRows<{ user_id: number; visits: number }>(
        db,
        sql`select v.user_id::int, count(*)::int as visits from visits v
            where v.organisation_id = ${scope.organisationId} and v.successful
              and v.visited_at >= ${from} and v.visited_at < ${until} and v.user_id in ${idList(userIds)}
            group by v.user_id`,
      )
    : [];
  const paidBySub = new Map(paid.map((r) => [r.subscription_id, Number(r.paid)]));
  const visitsByUser = new Map(visits.map((r) => [r.user_id, Number(r.visits)]));
  const offerings = new Map<
    number,
    { id: number; name: string; members: number; paid: number; visits: number }
  >();
  for (const s of holding) {
    const o = offerings.get(s.sub.offering_id) ?? {
      id: s.sub.offering_id,
      name: s.sub.offering_name,
      members: 0,
      paid: 0,
      visits: 0,
    };
    o.members += 1;
    o.paid += paidBySub.get(s.sub.id) ?? 0;
    o.visits += visitsByUser.get(s.sub.user_id) ?? 0;
    offerings.set(o.id, o);
  }
  return {
    from: range.from,
    to: range.to,
    offerings: [...offerings.values()]
      .sort((a, b) => b.members - a.members || a.id - b.id)
      .map((o) => {
        const cost = o.visits > 0 ? mulDivRoundHalfUp(o.paid, 1, o.visits) : null;
        return {
          ...o,
          cost_per_visit: cost,
          formatted_cost_per_visit: cost === null ? null : formatMoney(cost),
        };
      }),
  };
}

/** Who counts as active on `day`, and why: every member of the scope with the facts behind their state. */
export async function activeUserDebugging(
  db: Executor,
  scope: Scope,
  now: Date,
  day: CalendarDate,
): Promise<ActiveUserDebuggingRow[]> {
  const today = toCalendarDate(now);
  return standingsOn(await loadSubscriptions(db, scope), day, now)
    .map((standing) => ({
      member: { id: standing.sub.user_id, name: standing.sub.user_name },
      gym: { id: standing.sub.gym_id, name: standing.sub.gym_name },
      subscription_id: standing.sub.id,
      state: standing.state,
      active: standing.state === 'active',
      reasons: reasonsOf(standing, day, today),
    }))
    .sort((a, b) => a.member.name.localeCompare(b.member.name, 'en-NZ') || a.member.id - b.member.id);
}
