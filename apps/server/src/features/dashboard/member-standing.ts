// Where each member's membership stood on a day: the one place the dashboard, the active-users chart and
// the active-user debugging screen decide who counts as active. The state itself comes from the
// domain's subscriptionState; for a past day its inputs are rebuilt from what the tables remember
// (cancellation time, the pause covering the day, a failed charge unpaid that day for grace).
import { addDays, type CalendarDate, startOfDayInstant, toCalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import {
  type SubscriptionState,
  type SubscriptionStateInput,
  subscriptionState,
} from '@gym/domain/subscription-state';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';

export interface Scope {
  organisationId: number;
  gymIds: number[] | null;
}

export interface SubscriptionFacts {
  id: number;
  user_id: number;
  user_name: string;
  gym_id: number;
  gym_name: string;
  price_id: number;
  price_amount: number;
  billing_frequency: string;
  offering_id: number;
  offering_name: string;
  start_date: string;
  current_period_start: string | null;
  current_period_end: string | null;
  ends_at: string | null;
  cancelled_at: Date | string | null;
  grace_period_ends_at: string | null;
  upcoming_state: string | null;
  balance_owing: number;
  pauses: { start: string; end: string }[];
  /** Charges that failed: when first, and when (if ever) paid. */
  failures: { first_failed_at: string; paid_at: string | null; written_off: boolean }[];
}

/** Every (non-staging) subscription in scope with its pauses and failed charges: three queries. */
export async function loadSubscriptions(db: Executor, scope: Scope): Promise<SubscriptionFacts[]> {
  const gym = scope.gymIds === null ? sql`` : sql`and s.gym_id in ${idList(scope.gymIds)}`;
  const rows = await queryRows<Omit<SubscriptionFacts, 'pauses' | 'failures'>>(
    db,
    sql`select s.id::int, s.user_id::int, u.name as user_name, s.gym_id::int, g.name as gym_name,
          s.price_id::int, p.amount as price_amount, p.billing_frequency, o.id::int as offering_id,
          o.name as offering_name, s.start_date::text, s.current_period_start::text,
          s.current_period_end::text, s.ends_at::text, s.cancelled_at, s.grace_period_ends_at::text,
          s.upcoming_state, s.balance_owing
        from subscriptions s
        join users u on u.id = s.user_id
        join gyms g on g.id = s.gym_id
        join prices p on p.id = s.price_id
        join offerings o on o.id = p.offering_id
        where s.organisation_id = ${scope.organisationId} and not s.is_staging ${gym}
        order by s.id`,
  );
  const pauses = await queryRows<{ subscription_id: number; start: string; end: string }>(
    db,
    sql`select sp.subscription_id::int, sp.start_date::text as start, sp.end_date::text as end
        from subscription_pauses sp join subscriptions s on s.id = sp.subscription_id
        where sp.organisation_id = ${scope.organisationId} and sp.cancelled_at is null ${gym}`,
  );
  const failures = await queryRows<{
    subscription_id: number;
    first_failed_at: Date | string;
    paid_at: Date | string | null;
    status: string;
  }>(
    db,
    sql`select c.subscription_id::int, c.first_failed_at, c.paid_at, c.status
        from charges c join subscriptions s on s.id = c.subscription_id
        where c.organisation_id = ${scope.organisationId} and c.first_failed_at is not null ${gym}`,
  );
  const bySub = new Map(rows.map((r) => [r.id, { ...r, pauses: [], failures: [] } as SubscriptionFacts]));
  for (const p of pauses) bySub.get(p.subscription_id)?.pauses.push({ start: p.start, end: p.end });
  for (const f of failures)
    bySub.get(f.subscription_id)?.failures.push({
      first_failed_at: new Date(f.first_failed_at).toISOString(),
      paid_at: f.paid_at === null ? null : new Date(f.paid_at).toISOString(),
      written_off: f.status === 'written_off',
    });
  return [...bySub.values()];
}

/** The last instant of an Auckland day. */
export const endOfDay = (day: CalendarDate) => new Date(startOfDayInstant(addDays(day, 1)).getTime() - 1);

/**
 * The domain's state inputs for the subscription on `day`: as the row stands for today (or later); for
 * a past day, rebuilt from when things happened.
 */
export function stateInputOn(
  sub: SubscriptionFacts,
  day: CalendarDate,
  today: CalendarDate,
): SubscriptionStateInput {
  const pause =
    sub.pauses.find((p) => p.start <= day && day < p.end) ?? sub.pauses.find((p) => p.start > day) ?? null;
  const base = {
    startDate: sub.start_date as CalendarDate,
    currentPeriodStart: sub.current_period_start as CalendarDate | null,
    currentPeriodEnd: sub.current_period_end as CalendarDate | null,
    endsAt: sub.ends_at as CalendarDate | null,
    pauseStartAt: (pause?.start ?? null) as CalendarDate | null,
    pauseEndAt: (pause?.end ?? null) as CalendarDate | null,
  };
  if (day >= today)
    return {
      ...base,
      cancelledAt: sub.cancelled_at,
      gracePeriodEndsAt: sub.grace_period_ends_at as CalendarDate | null,
      upcomingState: sub.upcoming_state,
    };
  const end = endOfDay(day);
  const cancelled = sub.cancelled_at !== null && new Date(sub.cancelled_at) <= end;
  const owing = sub.failures.some(
    (f) =>
      !f.written_off &&
      new Date(f.first_failed_at) <= end &&
      (f.paid_at === null || new Date(f.paid_at) > end),
  );
  return {
    ...base,
    cancelledAt: cancelled ? sub.cancelled_at : null,
    gracePeriodEndsAt: owing ? day : null,
    upcomingState: null,
  };
}

export interface Standing {
  sub: SubscriptionFacts;
  state: SubscriptionState;
}

/**
 * Each member's membership on `day` (their latest to have started by then, or else their first), with
 * its state; members who had not joined by `day` are left out.
 */
export function standingsOn(subs: SubscriptionFacts[], day: CalendarDate, now: Date): Standing[] {
  const today = toCalendarDate(now);
  const current = new Map<number, SubscriptionFacts>();
  for (const sub of subs) {
    const startedBy = sub.start_date <= day || day >= today;
    if (!startedBy) continue;
    const held = current.get(sub.user_id);
    if (!held || held.start_date < sub.start_date || (held.start_date === sub.start_date && held.id < sub.id))
      current.set(sub.user_id, sub);
  }
  const instant = day >= today ? now : endOfDay(day);
  return [...current.values()].map((sub) => ({
    sub,
    state: subscriptionState(stateInputOn(sub, day, today), instant),
  }));
}

/** The facts behind a standing, in words, for the debugging screen. */
export function reasonsOf(standing: Standing, day: CalendarDate, today: CalendarDate): string[] {
  const input = stateInputOn(standing.sub, day, today);
  const reasons: string[] = [`Membership started ${formatDate(standing.sub.start_date as CalendarDate)}`];
  if (input.startDate && (input.startDate as string) > day) reasons.push('Has not started yet on this day');
  if (input.cancelledAt) reasons.push(`Cancelled ${formatDate(new Date(input.cancelledAt))}`);
  if (
    input.pauseStartAt &&
    (input.pauseStartAt as string) <= day &&
    (!input.pauseEndAt || day < (input.pauseEndAt as string))
  )
    reasons.push(
      `Paused from ${formatDate(input.pauseStartAt as CalendarDate)} until ${formatDate(input.pauseEndAt as CalendarDate)}`,
    );
  if (input.gracePeriodEndsAt)
    reasons.push(
      day >= today
        ? `In grace for a failed payment until ${formatDate(input.gracePeriodEndsAt as CalendarDate)}`
        : 'Owed a failed payment on this day (grace)',
    );
  if (input.upcomingState) reasons.push(`Waiting on its first payment (${input.upcomingState})`);
  if (standing.state === 'active') reasons.push('Started, not cancelled, not paused, nothing owing: active');
  return reasons;
}
