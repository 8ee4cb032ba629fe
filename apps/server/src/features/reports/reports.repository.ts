// The owner's reports' SQL (issue 29): every figure is read from what the lifecycle recorded (the
// subscriptions' start and cancellation, applied price changes, pauses, the activity log's cancellation
// transitions, charges and their attempts, the outbox's payment mail) and summed in the database, so
// nothing is loaded per member. A membership's monthly amount is the domain's monthlyAmount through its
// one SQL mirror (monthlyAmountSql, checked against the domain by reports.sql.test.ts).
import { addDays, addMonthsClamped, type CalendarDate } from '@gym/domain/calendar-date';
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

/** A movement of recurring revenue between two days: its parts, and what it moves in total. */
interface Movement {
  mrr_net: number;
  members_net: number;
  new: number;
  expansion: number;
  contraction: number;
  churned: number;
  reactivated: number;
}

const MOVEMENT_KEYS = [
  'mrr_net',
  'members_net',
  'new',
  'expansion',
  'contraction',
  'churned',
  'reactivated',
] as const;

const noMovement = (): Movement => ({
  mrr_net: 0,
  members_net: 0,
  new: 0,
  expansion: 0,
  contraction: 0,
  churned: 0,
  reactivated: 0,
});

function addMovement(to: Movement, from: Partial<Record<keyof Movement, number | string>>) {
  for (const key of MOVEMENT_KEYS) to[key] += Number(from[key] ?? 0);
}

/** The summaries' gyms of a scope: gym 0 holds the whole organisation (migration 0029). */
const summaryGyms = (scope: ReportScope, column: SQL) =>
  scope.gymIds === null ? sql`${column} = 0` : sql`${column} = any(${idArray(scope.gymIds)}::bigint[])`;

const firstOfMonth = (day: CalendarDate) => `${day.slice(0, 7)}-01` as CalendarDate;
const endOfMonth = (day: CalendarDate) => addDays(addMonthsClamped(firstOfMonth(day), 1), -1);

/** Each month's totals of member_month_totals up to the month of `until`, by month ('YYYY-MM-01'). */
async function monthTotals(db: Executor, scope: ReportScope, until: CalendarDate) {
  const rows = await queryRows<Record<keyof Movement, number> & { month: string; enrolled_net: number }>(
    db,
    sql`select t.month::text, sum(t.mrr_net)::float8 as mrr_net, sum(t.members_net)::int as members_net,
          sum(t.new_mrr)::float8 as new, sum(t.expansion)::float8 as expansion,
          sum(t.contraction)::float8 as contraction, sum(t.churned)::float8 as churned,
          sum(t.reactivated)::float8 as reactivated, sum(t.enrolled_net)::int as enrolled_net
        from member_month_totals t
        where t.organisation_id = ${scope.organisationId} and ${summaryGyms(scope, sql`t.gym_id`)}
          and t.month <= ${firstOfMonth(until)}::date
        group by t.month order by t.month`,
  );
  return rows;
}

/**
 * Monthly recurring revenue at the end of each day (ascending, each once), and its movement from the day
 * before in the list, member by member: a member counts on a day when a membership of theirs had started,
 * was not cancelled by the day's end and was not paused that day, at the price it then had (the latest
 * price change applied by then, else the amount before the first applied later, else its override or
 * price). New: none the day before and never one before; reactivated: none the day before but one before
 * (cancelled or paused); churned: one the day before, none now; expansion and contraction: both, more
 * or less.
 *
 * Read from migration 0029's summaries: each member's figure is a step function of the day
 * (member_revenue_steps), and member_month_totals sums each month's movement from the end of the month
 * before to its end. A day's figure is the months before it summed, plus its own month's movement; a day
 * before its month's end (today) takes away the movement of the few members with a step still to come
 * in the month and adds theirs up to the day. Two days in the list that are not a month's end and the
 * day after the month before's end are moved between by the members with a step between them.
 */
export async function mrrByDay(db: Executor, scope: ReportScope, days: CalendarDate[]): Promise<MrrRow[]> {
  const sorted = [...new Set(days)].sort();
  if (sorted.length === 0) return [];
  const pairs = sorted.map((day, i) => ({
    from: i === 0 ? addDays(firstOfMonth(day), -1) : sorted[i - 1]!,
    to: day,
  }));
  // Per pair: the month whose totals it takes (when it runs from the month before's end), and the terms
  // of members read one by one: those with a step in (lo, hi], moved from `from` to `at`, times k.
  const months: (string | null)[] = [];
  const terms: { pair: number; lo: string; hi: string; from: string; at: string; k: number }[] = [];
  pairs.forEach((p, i) => {
    if (p.from === addDays(firstOfMonth(p.to), -1)) {
      months.push(firstOfMonth(p.to));
      const end = endOfMonth(p.to);
      if (end > p.to)
        terms.push(
          { pair: i, lo: p.to, hi: end, from: p.from, at: p.to, k: 1 },
          { pair: i, lo: p.to, hi: end, from: p.from, at: end, k: -1 },
        );
    } else {
      months.push(null);
      terms.push({ pair: i, lo: p.from, hi: p.to, from: p.from, at: p.to, k: 1 });
    }
  });
  const org = scope.organisationId;
  const totals = await monthTotals(db, scope, sorted.at(-1)!);
  // Each distinct (lo, hi] range read once, as its own statement part with its dates as parameters, so
  // the planner sees how few steps fall in it (an index range scan): read from the unnested terms, the
  // dates were unknown to it and it scanned every member's steps (490 ms at a million members).
  const ranges = [...new Set(terms.map((t) => `${t.lo}/${t.hi}`))];
  const rangeOf = (t: { lo: string; hi: string }) => ranges.indexOf(`${t.lo}/${t.hi}`);
  const stepsIn = sql.join(
    ranges.map((range, r) => {
      const [lo, hi] = range.split('/');
      return sql`select ${r}::int as r, s.gym_id, s.user_id, s.first_start from member_revenue_steps s
                 where s.organisation_id = ${org} and ${summaryGyms(scope, sql`s.gym_id`)}
                   and s.on_date > ${lo}::date and s.on_date <= ${hi}::date`;
    }),
    sql` union all `,
  );
  const termRows =
    terms.length === 0
      ? []
      : await queryRows<Record<keyof Movement, number> & { pair: number }>(
          db,
          sql`with terms as (
              select * from unnest(${`{${terms.map((t) => t.pair).join(',')}}`}::int[],
                ${`{${terms.map(rangeOf).join(',')}}`}::int[],
                ${dateArray(terms.map((t) => t.from))}::date[], ${dateArray(terms.map((t) => t.at))}::date[],
                ${`{${terms.map((t) => t.k).join(',')}}`}::int[]) as t(pair, r, a, x, k)),
            stepped as (select distinct r, gym_id, user_id, first_start from (${stepsIn}) s),
            moved as (
              select t.pair, t.a, t.x, t.k, s.gym_id, s.user_id, s.first_start
              from terms t join stepped s on s.r = t.r),
            states as (
              select m.*, coalesce(b.held, false) as b_held, coalesce(b.mrr, 0) as b_mrr,
                coalesce(x.held, false) as x_held, coalesce(x.mrr, 0) as x_mrr
              from moved m
              left join lateral (select s.held, s.mrr from member_revenue_steps s
                where s.organisation_id = ${org} and s.gym_id = m.gym_id and s.user_id = m.user_id and s.on_date <= m.a
                order by s.on_date desc limit 1) b on true
              left join lateral (select s.held, s.mrr from member_revenue_steps s
                where s.organisation_id = ${org} and s.gym_id = m.gym_id and s.user_id = m.user_id and s.on_date <= m.x
                order by s.on_date desc limit 1) x on true)
            select s.pair, sum(s.k * (s.x_mrr - s.b_mrr))::float8 as mrr_net,
              sum(s.k * (s.x_held::int - s.b_held::int))::int as members_net,
              sum(s.k * case when not s.b_held and s.x_held and s.first_start > s.a then s.x_mrr else 0 end)::float8 as new,
              sum(s.k * case when s.b_held and s.x_held and s.x_mrr > s.b_mrr then s.x_mrr - s.b_mrr else 0 end)::float8 as expansion,
              sum(s.k * case when s.b_held and s.x_held and s.x_mrr < s.b_mrr then s.b_mrr - s.x_mrr else 0 end)::float8 as contraction,
              sum(s.k * case when s.b_held and not s.x_held then s.b_mrr else 0 end)::float8 as churned,
              sum(s.k * case when not s.b_held and s.x_held and s.first_start <= s.a then s.x_mrr else 0 end)::float8 as reactivated
            from states s group by s.pair`,
        );
  const byMonth = new Map(totals.map((t) => [t.month, t]));
  const byPair = new Map(termRows.map((r) => [Number(r.pair), r]));
  const opening = noMovement();
  for (const t of totals) if (t.month < firstOfMonth(sorted[0]!)) addMovement(opening, t);
  let mrr = opening.mrr_net;
  let members = opening.members_net;
  return pairs.map((p, i) => {
    const movement = noMovement();
    const month = months[i];
    if (month) addMovement(movement, byMonth.get(month) ?? {});
    addMovement(movement, byPair.get(i) ?? {});
    mrr += movement.mrr_net;
    members += movement.members_net;
    // The first day has no day before it in the list: its figure only.
    const shown = i === 0 ? noMovement() : movement;
    return {
      day: p.to,
      mrr,
      members,
      new: shown.new,
      expansion: shown.expansion,
      contraction: shown.contraction,
      churned: shown.churned,
      reactivated: shown.reactivated,
    };
  });
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
 * that membership's reasons. Read from migration 0029's summaries: the members enrolled at a month's
 * start are the months before it summed (member_month_totals), those lost are churn_month_totals.
 */
export async function churnByMonth(
  db: Executor,
  scope: ReportScope,
  months: { first: CalendarDate; next: CalendarDate }[],
): Promise<ChurnRow[]> {
  if (months.length === 0) return [];
  const firsts = months.map((m) => m.first);
  const latest = [...firsts].sort().at(-1)!;
  const [totals, lost] = [
    await monthTotals(db, scope, latest),
    await queryRows<{ month_start: string; action: string; reasons: string[]; lost: number }>(
      db,
      sql`select t.month::text as month_start, t.action, t.reasons, sum(t.lost)::int as lost
          from churn_month_totals t
          where t.organisation_id = ${scope.organisationId} and ${summaryGyms(scope, sql`t.gym_id`)}
            and t.month = any(${dateArray(firsts)}::date[])
          group by 1, 2, 3 having sum(t.lost) <> 0`,
    ),
  ];
  return months.flatMap((m): ChurnRow[] => {
    const membersAtStart = totals
      .filter((t) => t.month < m.first)
      .reduce((n, t) => n + Number(t.enrolled_net), 0);
    const own = lost.filter((l) => l.month_start === m.first);
    if (own.length === 0)
      return [
        { month_start: m.first, members_at_start: membersAtStart, action: null, reasons: null, lost: 0 },
      ];
    return own.map((l) => ({ ...l, members_at_start: membersAtStart }));
  });
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
        from charges c
        where c.organisation_id = ${scope.organisationId} and c.due_date between ${from}::date and ${to}::date
          and c.status <> 'written_off'
          and ${
            scope.gymIds === null
              ? // The few staging memberships by their index (migration 0037), not a hash of every one.
                sql`not exists (select 1 from subscriptions s where s.id = c.subscription_id and s.is_staging)`
              : sql`exists (select 1 from subscriptions s where s.id = c.subscription_id and not s.is_staging
                              ${inGyms(scope, sql`s.gym_id`)})`
          }
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
