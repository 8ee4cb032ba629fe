// The owner's reports' SQL (issue 29): every figure is read from what the lifecycle recorded (the
// subscriptions' start and cancellation, applied price changes, pauses, the activity log's cancellation
// transitions, charges and their attempts, the outbox's payment mail) and summed in the database, so
// nothing is loaded per member. A membership's monthly amount is the domain's monthlyAmount through its
// one SQL mirror (monthlyAmountSql, checked against the domain by reports.sql.test.ts).
import type { CalendarDate } from '@gym/domain/calendar-date';
import {
  DEBT_AGE_BUCKET_FROM,
  DEBT_AGE_BUCKETS,
  type DebtAgeBucket,
  MONTHLY_FACTORS,
} from '@gym/domain/report-rules';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface ReportScope {
  organisationId: number;
  /** The gyms whose memberships count; null for the whole organisation. */
  gymIds: number[] | null;
}

const idArray = (ids: readonly number[]) => `{${ids.map(Number).join(',')}}`;
const dateArray = (days: readonly string[]) => `{${days.join(',')}}`;

/** `and <column> = any(gyms)` for a gym scope, nothing for the whole organisation. */
const inGyms = (scope: ReportScope, column: SQL) =>
  scope.gymIds === null ? sql`` : sql`and ${column} = any(${idArray(scope.gymIds)}::bigint[])`;

/** The first instant of an Auckland day, as SQL. */
const dayStartSql = (day: SQL) => sql`(${day}::timestamp at time zone 'Pacific/Auckland')`;

/**
 * The domain's monthlyAmount in SQL: amount × numerator ÷ denominator of the frequency's
 * MONTHLY_FACTORS, rounded half up (amounts are never negative).
 */
export function monthlyAmountSql(amount: SQL, frequency: SQL): SQL {
  const cases = Object.entries(MONTHLY_FACTORS).map(
    ([f, { numerator, denominator }]) =>
      sql`when ${f} then (${amount}::bigint * ${numerator * 2} + ${denominator}) / ${denominator * 2}`,
  );
  return sql`(case ${frequency} ${sql.join(cases, sql` `)} else 0 end)`;
}

/** The memberships a report counts: the scope's, started for real (no first payment awaited), no staging. */
const countedSubscriptions = (scope: ReportScope) => sql`
  select s.id, s.user_id, s.price_id, s.start_date, s.cancelled_at, s.force_price_amount, s.cancellation_reasons
  from subscriptions s
  where s.organisation_id = ${scope.organisationId} and not s.is_staging and s.upcoming_state is null
    ${inGyms(scope, sql`s.gym_id`)}`;

export interface MrrRow {
  day: string;
  mrr: number;
  members: number;
  new: number;
  expansion: number;
  contraction: number;
  churned: number;
  reactivated: number;
}

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
export function mrrByDay(db: Executor, scope: ReportScope, days: CalendarDate[]) {
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

export const CANCELLATION_ACTIONS = [
  'subscription.cancelled',
  'subscription.cancelled_for_non_payment',
] as const;

export interface ChurnRow {
  month_start: string;
  members_at_start: number;
  /** The lost members' last cancellation in the month, grouped. */
  action: string | null;
  reasons: string[] | null;
  lost: number;
}

/**
 * For each month (its first day and the next month's): the members at its start (a membership started
 * before it and not cancelled by then), and those of them lost in it (a cancellation recorded in the
 * month, and no membership left uncancelled at its end), grouped by their last cancellation's kind and
 * that membership's reasons.
 */
export function churnByMonth(
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

export interface CollectionRow {
  month: string;
  /** The first attempt's payment type (null: never tried). */
  first_type: string | null;
  /** The first failed attempt's error status, for a charge that failed. */
  failure: string | null;
  status: string;
  failed: boolean;
  /** Who collected a failed charge in the end: retries, member or staff. */
  recovered_by: 'retries' | 'member' | 'staff' | null;
  count: number;
  amount: number;
}

/**
 * The charges falling due from `from` up to (not including) `until` (first days of months), grouped by
 * month, first rail, first failure, status and who recovered them: the desk (a payment staff recorded)
 * or staff's retry now is staff, the member's pay-now is the member (both by their activity entries), any
 * other successful attempt after a failure is the engine's retries. Read from collection_month_totals
 * (migration 0027), which keeps each charge's outcome as its charge, payments and activity are written:
 * a few hundred rows for any number of members.
 */
export function chargeOutcomes(db: Executor, scope: ReportScope, from: CalendarDate, until: CalendarDate) {
  return queryRows<CollectionRow>(
    db,
    sql`select to_char(t.month, 'YYYY-MM') as month, nullif(t.first_type, '') as first_type,
          nullif(t.failure, '') as failure, t.status, t.failed, nullif(t.recovered_by, '') as recovered_by,
          sum(t.charges)::int as count, sum(t.amount)::bigint::float8 as amount
        from collection_month_totals t
        where t.organisation_id = ${scope.organisationId} and t.month >= ${from}::date and t.month < ${until}::date
          ${inGyms(scope, sql`t.gym_id`)}
        group by 1, 2, 3, 4, 5, 6
        having sum(t.charges) <> 0
        order by 1`,
  );
}

export interface DebtorRow {
  subscription_id: number;
  user_id: number;
  name: string;
  email: string;
  gym: string;
  balance_owing: number;
  periods_owing: number;
  owing_since: string | null;
  days_owed: number;
  grace_period_ends_at: string | null;
  last_reminder_at: Date | null;
  last_reminder: string | null;
}

/** The payment mail a debtor may have been sent: the failure, grace ending, the reminder, the cancellation. */
export const REMINDER_TEMPLATES = [
  'payment_failed',
  'first_payment_failed',
  'grace_ending',
  'payment_reminder',
  'cancelled_non_payment',
] as const;

const bucketSql = (days: SQL) =>
  sql`case ${sql.join(
    [...DEBT_AGE_BUCKETS].reverse().map((b) => sql`when ${days} >= ${DEBT_AGE_BUCKET_FROM[b]} then ${b}`),
    sql` `,
  )} end`;

const debtorsBase = (scope: ReportScope, today: CalendarDate) => sql`
  select s.id, s.user_id, s.gym_id, s.balance_owing, s.periods_owing, s.grace_period_ends_at, o.owing_since,
    greatest(0, ${today}::date - coalesce(o.owing_since, ${today}::date))::int as days_owed
  from subscriptions s
  left join lateral (select min(c.due_date) as owing_since from charges c
    where c.subscription_id = s.id and c.status = 'unpaid' and c.first_failed_at is not null) o on true
  where s.organisation_id = ${scope.organisationId} and s.balance_owing > 0 and not s.is_staging
    ${inGyms(scope, sql`s.gym_id`)}`;

/** Everyone owing, by age bucket: how many and how much. */
export function debtorBuckets(db: Executor, scope: ReportScope, today: CalendarDate) {
  return queryRows<{ bucket: DebtAgeBucket; count: number; amount: number }>(
    db,
    sql`select ${bucketSql(sql`d.days_owed`)} as bucket, count(*)::int as count, sum(d.balance_owing)::bigint::float8 as amount
        from (${debtorsBase(scope, today)}) d group by 1`,
  );
}

/** A page of everyone owing (of one bucket, if asked), longest owed first, with the last payment mail sent. */
export function debtorsPage(
  db: Executor,
  scope: ReportScope,
  today: CalendarDate,
  filter: { bucket?: DebtAgeBucket | undefined; limit: number; offset: number },
) {
  const bucket =
    filter.bucket === undefined ? sql`` : sql`where ${bucketSql(sql`d.days_owed`)} = ${filter.bucket}`;
  return queryRows<DebtorRow>(
    db,
    sql`select d.id::int as subscription_id, d.user_id::int, u.name, u.email, g.name as gym, d.balance_owing,
          d.periods_owing, d.owing_since::text, d.days_owed, d.grace_period_ends_at::text,
          r.sent_at as last_reminder_at, r.template as last_reminder
        from (select * from (${debtorsBase(scope, today)}) d ${bucket}
          order by d.days_owed desc, d.balance_owing desc, d.id limit ${filter.limit} offset ${filter.offset}) d
        join users u on u.id = d.user_id
        join gyms g on g.id = d.gym_id
        left join lateral (select coalesce(e.sent_at, e.created_at) as sent_at, e.template from outbound_emails e
          where e.user_id = d.user_id and e.organisation_id = ${scope.organisationId} and e.status = 'sent'
            and e.template in (${sql.join(
              REMINDER_TEMPLATES.map((t) => sql`${t}`),
              sql`, `,
            )})
          order by e.created_at desc, e.id desc limit 1) r on true
        order by d.days_owed desc, d.balance_owing desc, d.id`,
  );
}

/** Charges already made that fall due in [from, to] (not written off), by due date. */
export function chargesDueByDay(db: Executor, scope: ReportScope, from: CalendarDate, to: CalendarDate) {
  return queryRows<{ day: string; count: number; amount: number }>(
    db,
    sql`select c.due_date::text as day, count(*)::int as count, sum(c.amount + c.surcharge)::bigint::float8 as amount
        from charges c join subscriptions s on s.id = c.subscription_id
        where c.organisation_id = ${scope.organisationId} and c.due_date between ${from}::date and ${to}::date
          and c.status <> 'written_off' and not s.is_staging ${inGyms(scope, sql`s.gym_id`)}
        group by 1`,
  );
}

/** Pauses booked and not yet begun, starting by `to`, of the scope's memberships. */
export function bookedPauses(db: Executor, scope: ReportScope, to: CalendarDate) {
  return queryRows<{ subscription_id: number; start_date: CalendarDate; end_date: CalendarDate }>(
    db,
    sql`select sp.subscription_id::int, sp.start_date::text, sp.end_date::text
        from subscription_pauses sp join subscriptions s on s.id = sp.subscription_id
        where sp.organisation_id = ${scope.organisationId} and sp.applied_at is null and sp.cancelled_at is null
          and sp.start_date <= ${to}::date ${inGyms(scope, sql`s.gym_id`)}
        order by sp.subscription_id, sp.start_date`,
  );
}

/** Successful payments made on each Auckland day in [from, to] (the per-day totals, migration 0010). */
export function collectedByDay(db: Executor, scope: ReportScope, from: CalendarDate, to: CalendarDate) {
  return queryRows<{ day: string; count: number; amount: number }>(
    db,
    sql`select t.day::text, sum(t.payments)::int as count, sum(t.total)::bigint::float8 as amount
        from payment_day_totals t
        where t.organisation_id = ${scope.organisationId} and t.day between ${from}::date and ${to}::date
          and t.status = 'sent' ${inGyms(scope, sql`t.gym_id`)}
        group by 1`,
  );
}
