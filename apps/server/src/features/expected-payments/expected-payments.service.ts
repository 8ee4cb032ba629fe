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
import { type CalendarDate, toCalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { nextRetryDate } from '@gym/domain/payment-retry';
import { DRIFT_LABELS } from '@gym/domain/reconciliation';
import { subscriptionState } from '@gym/domain/subscription-state';
import type { AppDeps } from '../../app-deps';
import { dueSubscriptions, planOf } from '../billing';
import {
  billingRunFinishedOn,
  chargesInRange,
  gymNames,
  membershipStandings,
  strayDriftInRange,
  userNames,
} from './expected-payments.repository';

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
  const todayRun = await billingRunFinishedOn(deps.db, today);
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
  const charges = await chargesInRange(deps.db, organisationId, from, to, gymId);
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
  const strays = await strayDriftInRange(deps.db, organisationId, from, to, gymId);
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
  await nameRows(deps, organisationId, pageRows);
  await describeMemberships(deps, organisationId, pageRows);
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
async function nameRows(deps: Pick<AppDeps, 'db'>, organisationId: number, rows: Row[]) {
  const userIds = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
  const gymIds = [...new Set(rows.map((r) => r.gym_id))];
  const users = userIds.length ? await userNames(deps.db, userIds) : [];
  const gyms = gymIds.length ? await gymNames(deps.db, organisationId, gymIds) : [];
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
async function describeMemberships(deps: Pick<AppDeps, 'db' | 'clock'>, organisationId: number, rows: Row[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.subscription_id === null ? [] : [r.subscription_id])))];
  if (ids.length === 0) return;
  const subs = await membershipStandings(deps.db, organisationId, ids);
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
