// The recurring revenue and churn reports' previous queries (issue 29, before migration 0029), which
// read the base tables (subscriptions, price changes, pauses, the activity log's cancellations): kept
// only as the reference the summaries are checked against (reports-summaries.routes.test.ts).
import type { CalendarDate } from '@gym/domain/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import {
  CANCELLATION_ACTIONS,
  type ChurnRow,
  type MrrRow,
  monthlyAmountSql,
  type ReportScope,
} from './reports.repository';

const idArray = (ids: readonly number[]) => `{${ids.map(Number).join(',')}}`;
const dateArray = (days: readonly string[]) => `{${days.join(',')}}`;
const inGyms = (scope: ReportScope, column: SQL) =>
  scope.gymIds === null ? sql`` : sql`and ${column} = any(${idArray(scope.gymIds)}::bigint[])`;
const dayStartSql = (day: SQL) => sql`(${day}::timestamp at time zone 'Pacific/Auckland')`;

/** The memberships a report counts: the scope's, started for real (no first payment awaited), no staging. */
const countedSubscriptions = (scope: ReportScope) => sql`
  select s.id, s.user_id, s.price_id, s.start_date, s.cancelled_at, s.force_price_amount, s.cancellation_reasons
  from subscriptions s
  where s.organisation_id = ${scope.organisationId} and not s.is_staging and s.upcoming_state is null
    ${inGyms(scope, sql`s.gym_id`)}`;

/**
 * Monthly recurring revenue at the end of each day (ascending), and its movement from the day before in
 * the list, member by member: a member counts on a day when a membership of theirs had started, was not
 * cancelled by the day's end and was not paused that day, at the price it then had (the latest price
 * change applied by then, else the amount before the first applied later, else its override or price).
 * New: none the day before and never one before; reactivated: none the day before but one before
 * (cancelled or paused); churned: one the day before, none now; expansion and contraction: both, more
 * or less.
 *
 * Only the first day is read for every member. After it, a member's figure can differ from the day
 * before only if something was recorded for them in between (a membership started or cancelled, a pause
 * began or ended, a price change applied), so only those members are read on the two days, and each
 * day's total is the one before plus their movement.
 */
export function mrrByDayFromRows(db: Executor, scope: ReportScope, days: CalendarDate[]) {
  const changes = sql`pc.subscription_id = s.id and pc.applied_at is not null and pc.cancelled_at is null`;
  const org = scope.organisationId;
  return queryRows<MrrRow>(
    db,
    sql`with days as (
        select d.day, ${dayStartSql(sql`(d.day + 1)`)} as end_at, lag(d.day) over (order by d.day) as prev,
          lag(${dayStartSql(sql`(d.day + 1)`)}) over (order by d.day) as prev_end_at
        from unnest(${dateArray(days)}::date[]) as d(day)),
      subs as (
        select s.*,
          exists (select 1 from price_changes pc where ${changes}) as changed,
          exists (select 1 from subscription_pauses sp where sp.subscription_id = s.id and sp.cancelled_at is null) as pauses
        from (${countedSubscriptions(scope)}) s
        where s.start_date <= ${days.at(-1)!}::date),
      moved as (
        select d.day, s.user_id from days d
        join subs s on (s.start_date > d.prev and s.start_date <= d.day)
          or (s.cancelled_at >= d.prev_end_at and s.cancelled_at < d.end_at)
        union
        select d.day, s.user_id from days d
        join subscription_pauses sp on sp.organisation_id = ${org} and sp.cancelled_at is null
          and ((sp.start_date > d.prev and sp.start_date <= d.day) or (sp.end_date > d.prev and sp.end_date <= d.day))
        join subs s on s.id = sp.subscription_id
        union
        select d.day, s.user_id from days d
        join price_changes pc on pc.organisation_id = ${org} and pc.applied_at is not null and pc.cancelled_at is null
          and pc.applied_at >= d.prev_end_at and pc.applied_at < d.end_at
        join subs s on s.id = pc.subscription_id),
      wanted as (
        select d.day, d.end_at, s.user_id from days d, (select distinct user_id from subs) s where d.prev is null
        union
        select m.day, d.end_at, m.user_id from moved m join days d on d.day = m.day
        union
        select d.prev, d.prev_end_at, m.user_id from moved m join days d on d.day = m.day),
      held as (
        select w.day, s.user_id, s.price_id, s.force_price_amount,
          case when s.changed then (select array[pc.to_amount, pc.to_price_id] from price_changes pc
            where ${changes} and pc.applied_at < w.end_at order by pc.applied_at desc, pc.id desc limit 1) end as cur,
          case when s.changed then (select array[pc.from_amount, coalesce(pc.from_price_id, s.price_id)] from price_changes pc
            where ${changes} and pc.applied_at >= w.end_at order by pc.applied_at, pc.id limit 1) end as nxt
        from wanted w
        join subs s on s.user_id = w.user_id and s.start_date <= w.day and (s.cancelled_at is null or s.cancelled_at >= w.end_at)
        where not (s.pauses and exists (select 1 from subscription_pauses sp where sp.subscription_id = s.id
          and sp.cancelled_at is null and sp.start_date <= w.day and sp.end_date > w.day))),
      snap as (
        select h.day, h.user_id,
          sum(${monthlyAmountSql(sql`coalesce(h.cur[1], h.nxt[1], h.force_price_amount, p.amount)`, sql`fp.billing_frequency`)}) as mrr
        from held h
        join prices p on p.id = h.price_id
        join prices fp on fp.id = coalesce(h.cur[2], h.nxt[2], h.price_id)
        group by h.day, h.user_id),
      firsts as (select s.user_id, min(s.start_date) as first_start from subs s group by s.user_id),
      pairs as (
        select m.day, d.prev, m.user_id, b.mrr as before, a.mrr as after
        from (select distinct day, user_id from moved) m
        join days d on d.day = m.day
        left join snap b on b.day = d.prev and b.user_id = m.user_id
        left join snap a on a.day = m.day and a.user_id = m.user_id),
      moves as (
        select p.day,
          coalesce(sum(p.after) filter (where p.before is null and f.first_start > p.prev), 0) as new,
          coalesce(sum(p.after) filter (where p.before is null and f.first_start <= p.prev), 0) as reactivated,
          coalesce(sum(p.after - p.before) filter (where p.after > p.before), 0) as expansion,
          coalesce(sum(p.before - p.after) filter (where p.after < p.before), 0) as contraction,
          coalesce(sum(p.before) filter (where p.after is null), 0) as churned,
          count(*) filter (where p.before is null and p.after is not null)
            - count(*) filter (where p.before is not null and p.after is null) as members
        from pairs p join firsts f on f.user_id = p.user_id
        group by p.day),
      opening as (
        select d.day, coalesce((select sum(x.mrr) from snap x where x.day = d.day), 0) as mrr,
          (select count(*) from snap x where x.day = d.day) as members
        from days d where d.prev is null)
      select d.day::text,
        (o.mrr + sum(coalesce(m.new + m.expansion + m.reactivated - m.contraction - m.churned, 0))
          over (order by d.day))::bigint::float8 as mrr,
        (o.members + sum(coalesce(m.members, 0)) over (order by d.day))::int as members,
        coalesce(m.new, 0)::float8 as new, coalesce(m.expansion, 0)::float8 as expansion,
        coalesce(m.contraction, 0)::float8 as contraction, coalesce(m.churned, 0)::float8 as churned,
        coalesce(m.reactivated, 0)::float8 as reactivated
      from days d cross join opening o left join moves m on m.day = d.day
      order by d.day`,
  );
}

/**
 * For each month (its first day and the next month's): the members at its start (a membership started
 * before it and not cancelled by then), and those of them lost in it (a cancellation recorded in the
 * month, and no membership left uncancelled at its end), grouped by their last cancellation's kind and
 * that membership's reasons.
 */
export function churnByMonthFromRows(
  db: Executor,
  scope: ReportScope,
  months: { first: CalendarDate; next: CalendarDate }[],
) {
  return queryRows<ChurnRow>(
    db,
    sql`with months as (
        select m.first_day, m.next_day, ${dayStartSql(sql`m.first_day`)} as start_at, ${dayStartSql(sql`m.next_day`)} as end_at
        from unnest(${dateArray(months.map((m) => m.first))}::date[], ${dateArray(months.map((m) => m.next))}::date[]) as m(first_day, next_day)),
      subs as (${countedSubscriptions(scope)}),
      at_start as (
        select m.first_day, count(distinct s.user_id) as members from months m
        join subs s on s.start_date < m.first_day and (s.cancelled_at is null or s.cancelled_at >= m.start_at)
        group by m.first_day),
      cancels as (
        select distinct on (m.first_day, s.user_id) m.first_day, m.next_day, m.end_at, s.user_id, a.action, s.cancellation_reasons
        from months m
        join activity_log a on a.organisation_id = ${scope.organisationId}
          and a.action in (${sql.join(
            CANCELLATION_ACTIONS.map((a) => sql`${a}`),
            sql`, `,
          )})
          and a.subject_type = 'subscription' and a.created_at >= m.start_at and a.created_at < m.end_at
        join subs s on s.id = a.subject_id
        order by m.first_day, s.user_id, a.created_at desc, a.id desc),
      lost as (
        select c.first_day, c.action, c.cancellation_reasons as reasons, count(*)::int as lost
        from cancels c
        join months m on m.first_day = c.first_day
        where exists (select 1 from (${countedSubscriptions(scope)} and s.user_id = c.user_id) s
          where s.start_date < m.first_day and (s.cancelled_at is null or s.cancelled_at >= m.start_at))
          and not exists (select 1 from (${countedSubscriptions(scope)} and s.user_id = c.user_id) s
          where s.start_date < c.next_day and (s.cancelled_at is null or s.cancelled_at >= c.end_at))
        group by c.first_day, c.action, c.cancellation_reasons)
      select m.first_day::text as month_start,
        coalesce((select st.members from at_start st where st.first_day = m.first_day), 0)::int as members_at_start,
        l.action, l.reasons, coalesce(l.lost, 0)::int as lost
      from months m left join lost l on l.first_day = m.first_day
      order by m.first_day`,
  );
}
