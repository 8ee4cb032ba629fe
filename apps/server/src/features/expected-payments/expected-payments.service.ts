// Expected payments (issue 11 item 9): for a date range, the charges the billing rules call for next to
// the charges the engine created, drift first. Charges not made yet come from the same plan the run makes
// them from (subscription-plan.ts); one still missing after its day's run is drift ("not_charged"), as is
// anything the nightly reconciliation wrote down about the range's attempts or about Stripe payments we
// do not hold. Each row also says where its money stands (paid, failed with the engine's next retry,
// pending) and where the membership stands now (state, grace, non-payment cancellation, door access), so
// the money and the membership read together. A fixed handful of queries, whatever the range or the
// number of members.
import {
  type ExpectedPaymentRow,
  type ExpectedPaymentStatus,
  type ExpectedPaymentsAnswer,
  paymentStatusLabel,
} from '@gym/domain/api/expected-payments';
import {
  addDays,
  type CalendarDate,
  startOfDayInstant,
  toCalendarDate,
  todayInAuckland,
} from '@gym/domain/calendar-date';
import { nextRetryDate } from '@gym/domain/payment-retry';
import { DRIFT_LABELS, type DriftKind } from '@gym/domain/reconciliation';
import { subscriptionState } from '@gym/domain/subscription-state';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { queryRows } from '../../db/client';
import { DRIFT_ACTION, dueSubscriptions, planOf } from '../billing';

const NOT_CHARGED_LABEL = 'Due by the rules, but the billing run did not charge it';

type Row = ExpectedPaymentRow & { user_id: number | null; gym_id: number };

export async function expectedPayments(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organisationId: number,
  query: {
    from: CalendarDate;
    to: CalendarDate;
    gymId?: number;
    driftOnly: boolean;
    status?: ExpectedPaymentStatus;
    page: number;
    perPage: number;
  },
): Promise<ExpectedPaymentsAnswer> {
  const { from, to, gymId } = query;
  const today = todayInAuckland(deps.clock.now());
  const [run] = await queryRows<{ finished: boolean }>(
    deps.db,
    sql`select finished_at is not null as finished from billing_runs where day = ${today}`,
  );
  const todayRun = run?.finished ?? false;
  const rows: Row[] = [];

  // Charges the rules call for that the engine has not made.
  for (const sub of await dueSubscriptions(deps.db, to, organisationId, gymId)) {
    for (const planned of planOf(sub, to)) {
      if (planned.period.start < from) continue;
      const missed = planned.period.start < today || (planned.period.start === today && todayRun);
      rows.push({
        subscription_id: sub.id,
        user_id: sub.user_id,
        gym_id: sub.gym_id,
        member: null,
        gym: { id: sub.gym_id, name: '' },
        period_start: planned.period.start,
        period_end: planned.period.end,
        expected: { amount: planned.amount, surcharge: planned.surcharge },
        charge: null,
        payment_status: 'not_charged',
        status_label: paymentStatusLabel('not_charged', null),
        subscription: null,
        drift: missed ? 'not_charged' : null,
        drift_label: missed ? NOT_CHARGED_LABEL : null,
        detail: null,
      });
    }
  }

  // Charges the engine created in the range, with what was collected and any drift on their attempts.
  const charges = await queryRows<{
    id: number;
    subscription_id: number;
    user_id: number;
    gym_id: number;
    period_start: string;
    period_end: string | null;
    amount: number;
    surcharge: number;
    status: string;
    attempts: number;
    collected: number;
    first_failed_at: Date | string | null;
    retries_made: number;
    last_error_status: string | null;
    last_error: string | null;
    in_flight: boolean;
    subscription_cancelled: boolean;
    drift: ({ kind: DriftKind } & Record<string, unknown>) | null;
  }>(
    deps.db,
    sql`select c.id::int, c.subscription_id::int, s.user_id::int, s.gym_id::int, c.period_start::text,
          c.period_end::text, c.amount::int, c.surcharge::int, c.status,
          (select count(*) from payments p where p.charge_id = c.id)::int as attempts,
          -- Collected less refunded: what the gym kept still counts (BILLING.md "Cooling-off refund").
          ((select coalesce(sum(p.amount + p.surcharge), 0) from payments p
              where p.charge_id = c.id and p.status = 'sent')
            - (select coalesce(sum(r.amount), 0) from payment_refunds r join payments p on p.id = r.payment_id
              where p.charge_id = c.id))::int as collected,
          c.first_failed_at,
          (select count(*) from payments p where p.charge_id = c.id and p.is_retry)::int as retries_made,
          (select p.error_status from payments p where p.charge_id = c.id
            order by p.attempt desc limit 1) as last_error_status,
          (select p.error_description from payments p
            where p.charge_id = c.id and p.status in ('failed', 'declined', 'error')
            order by p.attempt desc limit 1) as last_error,
          exists (select 1 from payments p where p.charge_id = c.id
            and p.status in ('upcoming', 'pending_request')) as in_flight,
          s.cancelled_at is not null as subscription_cancelled,
          (select a.data from activity_log a join payments p on p.id = a.subject_id
            where a.subject_type = 'payment' and a.action = ${DRIFT_ACTION} and p.charge_id = c.id
            order by a.id desc limit 1) as drift
        from charges c
        join subscriptions s on s.id = c.subscription_id
        where c.organisation_id = ${organisationId}
          and c.period_start between ${from} and ${to}
          ${gymId === undefined ? sql`` : sql`and s.gym_id = ${gymId}`}`,
  );
  for (const c of charges) {
    const kind = c.drift?.kind ?? null;
    const status = chargeStatus(c);
    // As the run decides (billing-run.service makeRetries): failed, unpaid charges of live memberships
    // with nothing in flight are retried on the schedule after their first failure.
    const nextRetryOn =
      status === 'failed' && c.first_failed_at !== null && !c.subscription_cancelled
        ? nextRetryDate({
            firstFailedOn: toCalendarDate(new Date(c.first_failed_at)),
            retriesMade: Number(c.retries_made),
            lastFailureCode: c.last_error_status,
          })
        : null;
    rows.push({
      subscription_id: c.subscription_id,
      user_id: c.user_id,
      gym_id: c.gym_id,
      member: null,
      gym: { id: c.gym_id, name: '' },
      period_start: c.period_start,
      period_end: c.period_end,
      expected: null,
      charge: {
        id: c.id,
        amount: Number(c.amount),
        surcharge: Number(c.surcharge),
        status: c.status,
        attempts: Number(c.attempts),
        collected: Number(c.collected),
        next_retry_on: nextRetryOn,
        last_error: c.last_error,
      },
      payment_status: status,
      status_label: paymentStatusLabel(status, nextRetryOn),
      subscription: null,
      drift: kind,
      drift_label: kind ? DRIFT_LABELS[kind] : null,
      detail: c.drift,
    });
  }

  // Stripe payments carrying our key that we do not hold, found in the range's nights.
  const strays = await queryRows<{ gym_id: number; data: Record<string, unknown> }>(
    deps.db,
    sql`select a.subject_id::int as gym_id, a.data from activity_log a
        where a.organisation_id = ${organisationId} and a.action = ${DRIFT_ACTION} and a.subject_type = 'gym'
          and a.created_at >= ${startOfDayInstant(from).toISOString()}
          and a.created_at < ${startOfDayInstant(addDays(to, 2)).toISOString()}
          ${gymId === undefined ? sql`` : sql`and a.subject_id = ${gymId}`}`,
  );
  for (const stray of strays) {
    rows.push({
      subscription_id: null,
      user_id: null,
      gym_id: stray.gym_id,
      member: null,
      gym: { id: stray.gym_id, name: '' },
      period_start: null,
      period_end: null,
      expected: null,
      charge: null,
      payment_status: null,
      status_label: null,
      subscription: null,
      drift: 'unknown_to_us',
      drift_label: DRIFT_LABELS.unknown_to_us,
      detail: stray.data,
    });
  }

  const drift = rows.filter((r) => r.drift !== null);
  const listed = (query.driftOnly ? drift : rows).filter(
    (r) => query.status === undefined || r.payment_status === query.status,
  );
  listed.sort(
    (a, b) =>
      Number(b.drift !== null) - Number(a.drift !== null) ||
      (a.period_start ?? '').localeCompare(b.period_start ?? '') ||
      (a.subscription_id ?? 0) - (b.subscription_id ?? 0),
  );
  const pageRows = listed.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  await nameRows(deps, pageRows);
  await describeMemberships(deps, pageRows);
  return {
    data: pageRows.map(({ user_id: _user, gym_id: _gym, ...row }) => row),
    meta: {
      current_page: query.page,
      per_page: query.perPage,
      total: listed.length,
      last_page: Math.max(1, Math.ceil(listed.length / query.perPage)),
      from,
      to,
      expected_total: rows.reduce(
        (sum, r) => sum + (r.expected ? r.expected.amount + r.expected.surcharge : 0),
        0,
      ),
      created_total: rows.reduce((sum, r) => sum + (r.charge ? r.charge.amount + r.charge.surcharge : 0), 0),
      collected_total: rows.reduce((sum, r) => sum + (r.charge?.collected ?? 0), 0),
      drift_count: drift.length,
    },
  };
}

/** Members' and gyms' names for one page of rows: two queries. */
async function nameRows(deps: Pick<AppDeps, 'db'>, rows: Row[]) {
  const userIds = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
  const gymIds = [...new Set(rows.map((r) => r.gym_id))];
  const users = userIds.length
    ? await queryRows<{ id: number; name: string }>(
        deps.db,
        sql`select id::int, name from users where id = any(${`{${userIds.join(',')}}`}::bigint[])`,
      )
    : [];
  const gyms = gymIds.length
    ? await queryRows<{ id: number; name: string }>(
        deps.db,
        sql`select id::int, name from gyms where id = any(${`{${gymIds.join(',')}}`}::bigint[])`,
      )
    : [];
  const userName = new Map(users.map((u) => [Number(u.id), u.name]));
  const gymName = new Map(gyms.map((g) => [Number(g.id), g.name]));
  for (const row of rows) {
    if (row.user_id !== null) row.member = { id: row.user_id, name: userName.get(row.user_id) ?? '' };
    row.gym = { id: row.gym_id, name: gymName.get(row.gym_id) ?? '' };
  }
}

/** A created charge's standing: paid, an attempt in flight, failed (waiting for a retry or for good). */
function chargeStatus(c: {
  status: string;
  in_flight: boolean;
  first_failed_at: unknown;
}): ExpectedPaymentStatus {
  if (c.status === 'paid' || c.status === 'written_off' || c.status === 'refunded') return c.status;
  if (c.in_flight) return 'pending';
  return c.first_failed_at ? 'failed' : 'pending';
}

/**
 * Where each page row's membership stands now, and whether its member holds a door credential at the gym
 * (the one door-access.service.ts keeps in line with the rules): one query.
 */
async function describeMemberships(deps: Pick<AppDeps, 'db' | 'clock'>, rows: Row[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.subscription_id === null ? [] : [r.subscription_id])))];
  if (ids.length === 0) return;
  const subs = await queryRows<{
    id: number;
    start_date: string;
    current_period_start: string | null;
    current_period_end: string | null;
    ends_at: string | null;
    paused_at: Date | string | null;
    cancelled_at: Date | string | null;
    grace_period_ends_at: string | null;
    upcoming_state: string | null;
    non_payment: boolean;
    door_access: boolean;
  }>(
    deps.db,
    sql`select s.id::int, s.start_date::text, s.current_period_start::text, s.current_period_end::text,
          s.ends_at::text, s.paused_at, s.cancelled_at, s.grace_period_ends_at::text, s.upcoming_state,
          'non_payment' = any(s.cancellation_reasons) as non_payment,
          exists (select 1 from places pl join access_credentials ac on ac.place_id = pl.id
            where pl.gym_id = s.gym_id and ac.user_id = s.user_id and ac.status = 'active'
              and ac.role_assignment_id is not null) as door_access
        from subscriptions s where s.id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  const now = deps.clock.now();
  const byId = new Map(
    subs.map((s) => [
      Number(s.id),
      {
        // The same reading of the row as the door sync's (door-access.service.ts).
        state: subscriptionState(
          {
            startDate: s.start_date,
            currentPeriodStart: s.current_period_start,
            currentPeriodEnd: s.current_period_end,
            endsAt: s.ends_at,
            pauseStartAt: s.paused_at,
            cancelledAt: s.cancelled_at,
            gracePeriodEndsAt: s.grace_period_ends_at,
            upcomingState: s.upcoming_state,
          },
          now,
        ),
        grace_ends_on: s.grace_period_ends_at,
        ends_on: s.ends_at,
        cancelled_for_non_payment: Boolean(s.non_payment),
        door_access: Boolean(s.door_access),
      },
    ]),
  );
  for (const row of rows) {
    if (row.subscription_id !== null) row.subscription = byId.get(row.subscription_id) ?? null;
  }
}
