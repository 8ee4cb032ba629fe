// The owner's reports (issue 29): recurring revenue, churn, collections, debtors and the forecast, for
// one gym (gym_id) or every gym the person administers (the whole organisation for its admins). The
// figures come from reports.repository.ts (what the lifecycle recorded); this turns them into answers.
// The forecast is the billing engine's own plan (planOf) with the pauses already booked applied the way
// the daily run applies them (pauseOutcome), next to what was collected on the same days a month before.
import type {
  Churn,
  ChurnMonth,
  Collections,
  CollectionsFigures,
  DebtorsAnswer,
  DebtorsQuery,
  Forecast,
  MonthlyReportQuery,
  RecurringRevenue,
} from '@gym/domain/api/reports';
import { COLLECTION_RAIL_LABELS, COLLECTION_RAILS } from '@gym/domain/api/reports';
import { CANCELLATION_REASON_LABELS } from '@gym/domain/api/subscriptions-requests';
import { anchorDayFor } from '@gym/domain/billing-schedule';
import { addDays, addMonthsClamped, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { pauseOutcome } from '@gym/domain/pause-credit';
import { failureKind, normaliseFailureCode } from '@gym/domain/payment-retry';
import {
  churnRate,
  DEBT_AGE_BUCKET_LABELS,
  DEBT_AGE_BUCKETS,
  debtAgeBucket,
  monthsBetween,
  recoveryRate,
} from '@gym/domain/report-rules';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import type { Executor } from '../../db/client';
import { type dueSubscriptions, dueSubscriptionsForForecast, planOf } from '../billing';
import { gymScope } from '../payments';
import * as repo from './reports.repository';

export type { ReportScope } from './reports.repository';

/** Who reads the reports: organisation admins everywhere, gym admins for their gyms. */
export const REPORT_READERS = ['admin'] as const;

export async function reportScope(db: Executor, auth: AuthContext, gymId: number | undefined) {
  return { organisationId: auth.organisationId, gymIds: await gymScope(db, auth, REPORT_READERS, gymId) };
}

export interface MonthPeriod {
  from: string;
  to: string;
  months: string[];
}

/** The asked months, by default the twelve to this one. */
export function monthPeriod(
  query: Pick<MonthlyReportQuery, 'from' | 'to'>,
  today: CalendarDate,
): MonthPeriod {
  const to = query.to ?? today.slice(0, 7);
  const from = query.from ?? addMonthsClamped(`${to}-01` as CalendarDate, -11).slice(0, 7);
  return { from, to, months: monthsBetween(from, to) };
}

const firstOf = (month: string) => `${month}-01` as CalendarDate;
const nextMonth = (month: string) => addMonthsClamped(firstOf(month), 1);
const lastOf = (month: string) => addDays(nextMonth(month), -1);
const earlier = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);

export async function recurringRevenue(
  db: Executor,
  scope: repo.ReportScope,
  period: MonthPeriod,
  today: CalendarDate,
): Promise<RecurringRevenue> {
  // Each month's end (today for the month under way), after the end of the month before the first.
  const opening = addDays(firstOf(period.months[0]!), -1);
  const ends = period.months.map((m) => earlier(lastOf(m), today));
  const rows = await repo.mrrByDay(db, scope, [opening, ...ends]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const openingRow = byDay.get(opening);
  return {
    period,
    opening_mrr: openingRow ? Number(openingRow.mrr) : 0,
    months: period.months.map((month, i) => {
      const r = byDay.get(ends[i]!);
      const figures = {
        mrr: Number(r?.mrr ?? 0),
        members: Number(r?.members ?? 0),
        new: Number(r?.new ?? 0),
        expansion: Number(r?.expansion ?? 0),
        contraction: Number(r?.contraction ?? 0),
        churned: Number(r?.churned ?? 0),
        reactivated: Number(r?.reactivated ?? 0),
      };
      // A month ending after today repeats today's figures: it has no movement of its own.
      const repeated = i > 0 && ends[i] === ends[i - 1];
      if (repeated)
        Object.assign(figures, { new: 0, expansion: 0, contraction: 0, churned: 0, reactivated: 0 });
      return {
        month,
        ...figures,
        net: figures.new + figures.expansion + figures.reactivated - figures.contraction - figures.churned,
      };
    }),
  };
}

const reasonLabel = (reason: string) =>
  reason === 'non_payment'
    ? 'Not paid by the end of grace'
    : ((CANCELLATION_REASON_LABELS as Record<string, string>)[reason] ?? reason);

export async function churn(db: Executor, scope: repo.ReportScope, period: MonthPeriod): Promise<Churn> {
  const rows = await repo.churnByMonth(
    db,
    scope,
    period.months.map((m) => ({ first: firstOf(m), next: nextMonth(m) })),
  );
  const all = new Map<string, number>();
  const months: ChurnMonth[] = period.months.map((month) => {
    const own = rows.filter((r) => r.month_start === firstOf(month));
    const reasons = new Map<string, number>();
    let voluntary = 0;
    let nonPayment = 0;
    for (const r of own) {
      if (r.action === null) continue;
      if (r.action === 'subscription.cancelled_for_non_payment') nonPayment += r.lost;
      else voluntary += r.lost;
      const given =
        r.reasons && r.reasons.length > 0
          ? r.reasons
          : [r.action.endsWith('non_payment') ? 'non_payment' : 'not_given'];
      for (const reason of given) {
        reasons.set(reason, (reasons.get(reason) ?? 0) + r.lost);
        all.set(reason, (all.get(reason) ?? 0) + r.lost);
      }
    }
    const atStart = own[0]?.members_at_start ?? 0;
    const lost = voluntary + nonPayment;
    return {
      month,
      members_at_start: atStart,
      lost,
      voluntary,
      non_payment: nonPayment,
      rate: churnRate(lost, atStart),
      reasons: reasonList(reasons),
    };
  });
  return { period, months, reasons: reasonList(all) };
}

const reasonList = (counts: Map<string, number>) =>
  [...counts]
    .map(([reason, count]) => ({
      reason,
      label: reason === 'not_given' ? 'No reason given' : reasonLabel(reason),
      count,
    }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));

const zeroFigure = () => ({ count: 0, amount: 0 });
const emptyFigures = (): CollectionsFigures => ({
  due: zeroFigure(),
  first_time: zeroFigure(),
  by_retries: zeroFigure(),
  by_member: zeroFigure(),
  by_staff: zeroFigure(),
  written_off: zeroFigure(),
  outstanding: zeroFigure(),
  pending: zeroFigure(),
  failed: zeroFigure(),
  recovery_rate: null,
});

type Outcome =
  | 'first_time'
  | 'by_retries'
  | 'by_member'
  | 'by_staff'
  | 'written_off'
  | 'outstanding'
  | 'pending';

function outcomeOf(row: repo.CollectionRow): Outcome {
  const collected = row.status === 'paid' || row.status === 'refunded';
  if (row.status === 'written_off') return 'written_off';
  if (!row.failed) return collected ? 'first_time' : 'pending';
  if (!collected) return 'outstanding';
  return row.recovered_by === 'staff'
    ? 'by_staff'
    : row.recovered_by === 'member'
      ? 'by_member'
      : 'by_retries';
}

const railOf = (type: string | null) =>
  type === 'bank_account' ? 'bank' : type === 'stripe_card' ? 'card' : ('other' as const);

function add(figures: CollectionsFigures, row: repo.CollectionRow) {
  const amount = Number(row.amount);
  for (const key of ['due', outcomeOf(row), ...(row.failed ? (['failed'] as const) : [])] as const) {
    figures[key].count += row.count;
    figures[key].amount += amount;
  }
}

function withRate<T extends CollectionsFigures>(figures: T): T {
  const recovered = figures.by_retries.amount + figures.by_member.amount + figures.by_staff.amount;
  return { ...figures, recovery_rate: recoveryRate(recovered, figures.failed.amount) };
}

const failureLabel = (code: string) =>
  code === 'OTHER' ? 'Other failures' : code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' ');

export async function collections(
  db: Executor,
  scope: repo.ReportScope,
  period: MonthPeriod,
): Promise<Collections> {
  const rows = await repo.chargeOutcomes(db, scope, firstOf(period.from), nextMonth(period.to));
  const total = emptyFigures();
  const months = new Map(period.months.map((m) => [m, emptyFigures()]));
  const rails = new Map(COLLECTION_RAILS.map((r) => [r, emptyFigures()]));
  const failures = new Map<string, CollectionsFigures>();
  for (const row of rows) {
    add(total, row);
    const month = months.get(row.month);
    if (month) add(month, row);
    add(rails.get(railOf(row.first_type))!, row);
    if (row.failed) {
      const code = normaliseFailureCode(row.failure) ?? 'OTHER';
      if (!failures.has(code)) failures.set(code, emptyFigures());
      add(failures.get(code)!, row);
    }
  }
  return {
    period,
    total: withRate(total),
    months: [...months].map(([month, f]) => ({ month, ...withRate(f) })),
    rails: [...rails].map(([rail, f]) => ({ rail, label: COLLECTION_RAIL_LABELS[rail], ...withRate(f) })),
    failures: [...failures]
      .map(([code, f]) => ({
        code,
        label: failureLabel(code),
        kind: code === 'OTHER' ? ('soft' as const) : failureKind(code),
        ...withRate(f),
      }))
      .sort((a, b) => b.failed.amount - a.failed.amount || a.code.localeCompare(b.code)),
  };
}

export async function debtors(
  db: Executor,
  scope: repo.ReportScope,
  query: Pick<DebtorsQuery, 'bucket' | 'page' | 'per_page'>,
  today: CalendarDate,
): Promise<DebtorsAnswer> {
  const [buckets, rows] = await Promise.all([
    repo.debtorBuckets(db, scope, today),
    repo.debtorsPage(db, scope, today, {
      bucket: query.bucket,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
  ]);
  const of = new Map(buckets.map((b) => [b.bucket, b]));
  const total =
    query.bucket === undefined
      ? buckets.reduce((n, b) => n + b.count, 0)
      : (of.get(query.bucket)?.count ?? 0);
  return {
    data: rows.map((r) => ({
      subscription_id: r.subscription_id,
      user_id: r.user_id,
      name: r.name,
      email: r.email,
      gym: r.gym,
      balance_owing: Number(r.balance_owing),
      periods_owing: Number(r.periods_owing),
      owing_since: r.owing_since,
      days_owed: r.days_owed,
      bucket: debtAgeBucket(r.days_owed),
      grace_period_ends_at: r.grace_period_ends_at,
      last_reminder_at: r.last_reminder_at === null ? null : new Date(r.last_reminder_at).toISOString(),
      last_reminder: r.last_reminder,
    })),
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    },
    buckets: DEBT_AGE_BUCKETS.map((bucket) => ({
      bucket,
      label: DEBT_AGE_BUCKET_LABELS[bucket],
      count: of.get(bucket)?.count ?? 0,
      amount: Number(of.get(bucket)?.amount ?? 0),
    })),
  };
}

type DueSubscription = Awaited<ReturnType<typeof dueSubscriptions>>[number];

/**
 * The charges the rules call for up to `to`, not made yet: the engine's plan, with each pause booked in
 * the meantime applied as the daily run will (the periods before it charged, then the next charge moved
 * by pauseOutcome and the membership anchored on it).
 */
export function plannedWithPauses(
  sub: DueSubscription,
  pauses: { start_date: CalendarDate; end_date: CalendarDate }[],
  to: CalendarDate,
) {
  let current = sub;
  const planned = [];
  for (const pause of pauses) {
    if (pause.start_date > to) break;
    const before = planOf(current, addDays(pause.start_date, -1));
    planned.push(...before);
    const last = before.at(-1);
    const start = last?.period.start ?? current.current_period_start;
    const end = last?.period.end ?? current.current_period_end;
    if (start === null || end === null) {
      const startDate = (
        current.start_date > pause.end_date ? current.start_date : pause.end_date
      ) as CalendarDate;
      current = { ...current, start_date: startDate, anchor_day: anchorDayFor({ startDate }) };
    } else {
      const outcome = pauseOutcome({
        paidPeriodStart: start as CalendarDate,
        paidPeriodEnd: end as CalendarDate,
        pauseStart: (pause.start_date > end ? end : pause.start_date) as CalendarDate,
        pauseEnd: pause.end_date,
      });
      current = {
        ...current,
        current_period_start: start,
        current_period_end: outcome.nextChargeDate,
        anchor_day: outcome.newAnchorDay,
      };
    }
  }
  planned.push(...planOf(current, to));
  return planned;
}

export async function forecast(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  db: Executor,
  scope: repo.ReportScope,
  days: number,
): Promise<Forecast> {
  const today = todayInAuckland(deps.clock.now());
  const to = addDays(today, days - 1);
  const dayList = Array.from({ length: days }, (_, i) => addDays(today, i));
  const lastMonth = new Map(dayList.map((d) => [d, addMonthsClamped(d, -1)]));
  // Memberships whose plan inputs are the same plan alike: each group is planned once and counted as
  // many times as it has members; those with a pause booked are planned one by one, pauses applied.
  const due = await Promise.all(
    scope.gymIds === null
      ? [dueSubscriptionsForForecast(db, to, scope.organisationId)]
      : scope.gymIds.map((g) => dueSubscriptionsForForecast(db, to, scope.organisationId, g)),
  );
  const [made, pauses, collected] = await Promise.all([
    repo.chargesDueByDay(db, scope, today, to),
    repo.bookedPauses(db, scope, to),
    repo.collectedByDay(db, scope, lastMonth.get(today)!, lastMonth.get(to)!),
  ]);
  const pausesOf = new Map<number, typeof pauses>();
  for (const p of pauses) pausesOf.set(p.subscription_id, [...(pausesOf.get(p.subscription_id) ?? []), p]);
  const expected = new Map(dayList.map((d) => [d, zeroFigure()]));
  for (const r of made) {
    const f = expected.get(r.day as CalendarDate);
    if (f) {
      f.count += r.count;
      f.amount += Number(r.amount);
    }
  }
  const count = (planned: ReturnType<typeof planOf>, members: number) => {
    for (const p of planned) {
      const f = expected.get(p.period.start);
      if (!f) continue;
      f.count += members;
      f.amount += (p.amount + p.surcharge) * members;
    }
  };
  for (const { plain, paused } of due) {
    for (const group of plain) count(planOf(group, to), group.members);
    for (const sub of paused) count(plannedWithPauses(sub, pausesOf.get(sub.id) ?? [], to), 1);
  }
  const collectedOn = new Map(collected.map((c) => [c.day, c]));
  const rows = dayList.map((day) => {
    const back = lastMonth.get(day)!;
    const c = collectedOn.get(back);
    return {
      day,
      expected: expected.get(day)!,
      last_month_day: back,
      collected_last_month: { count: c?.count ?? 0, amount: Number(c?.amount ?? 0) },
    };
  });
  const sum = (pick: (r: (typeof rows)[number]) => { count: number; amount: number }) =>
    rows.reduce(
      (t, r) => ({ count: t.count + pick(r).count, amount: t.amount + pick(r).amount }),
      zeroFigure(),
    );
  return {
    from: today,
    to,
    days: rows,
    expected: sum((r) => r.expected),
    // Each day a month back once, even where a short month makes two days the same one.
    collected_last_month: [...new Set(lastMonth.values())].reduce((t, d) => {
      const c = collectedOn.get(d);
      return { count: t.count + (c?.count ?? 0), amount: t.amount + Number(c?.amount ?? 0) };
    }, zeroFigure()),
  };
}
