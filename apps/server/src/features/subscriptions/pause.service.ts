// Pausing a membership (BILLING.md "Pauses"): the preview staff see before confirming (credit days, the
// next charge, door access), booking the pause, and removing one the billing run has not begun. The
// credit and the moved charge are the engine's (`pauseOutcome`, applied by the run's own step on the
// pause's first day, or at once by `applyPauseIfStarted` when that day is today).
import type { PauseBody } from '@gym/domain/api/subscriptions-requests';
import { isBillingFrequency } from '@gym/domain/billing-frequency';
import { duePeriods } from '@gym/domain/billing-schedule';
import { addDays, type CalendarDate, daysBetween, maxDate, todayInAuckland } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { pauseOutcome } from '@gym/domain/pause-credit';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import { conflict, notFound, validationError } from '../../http/app-error';
import { applyPauseIfStarted, drainMembershipOutbox, transition } from '../billing';
import { assertConfirmed, subscriptionFor } from './subscription-access';
import { presentActions } from './subscriptions.presenter';
import * as repo from './subscriptions.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secrets' | 'providers'>;

const PAUSE_IN_PAST = 'The pause cannot start before today';

export interface PausePreview {
  start_date: CalendarDate;
  end_date: CalendarDate;
  days: number;
  credit_days: number;
  next_charge_date: CalendarDate | null;
  moves_start_date: boolean;
  starts_today: boolean;
}

/**
 * What the engine will do on the pause's first day: the period paid by then (charges due before that
 * day are made first), the paid days inside the pause credited, and the next charge moved.
 */
export function previewPause(
  sub: repo.SubscriptionRow,
  start: CalendarDate,
  end: CalendarDate,
  today: CalendarDate,
): PausePreview {
  const base = {
    start_date: start,
    end_date: end,
    days: daysBetween(start, end),
    starts_today: start === today,
  };
  if (!isBillingFrequency(sub.billing_frequency))
    throw conflict('This membership’s price has no billing frequency the engine knows.');
  const schedule = {
    frequency: sub.billing_frequency,
    anchorDay: sub.anchor_day,
    startDate: sub.start_date,
    currentPeriodStart: sub.current_period_start,
    currentPeriodEnd: sub.current_period_end,
    endsAt: sub.ends_at,
    termEndsAt: sub.term_ends_at,
  };
  const charged = duePeriods(schedule, addDays(start, -1)).at(-1);
  const paid =
    charged ??
    (sub.current_period_start !== null
      ? { start: sub.current_period_start, end: sub.current_period_end }
      : null);
  if (paid === null) {
    // Nothing charged by then: the membership starts when the pause ends.
    return {
      ...base,
      credit_days: 0,
      next_charge_date: maxDate(sub.start_date, end),
      moves_start_date: true,
    };
  }
  if (paid.end === null) throw conflict('A one-off membership with no end date cannot be paused.');
  const outcome = pauseOutcome({
    paidPeriodStart: paid.start,
    paidPeriodEnd: paid.end,
    pauseStart: start > paid.end ? paid.end : start,
    pauseEnd: end,
  });
  return {
    ...base,
    credit_days: outcome.creditDays,
    next_charge_date: outcome.nextChargeDate,
    moves_start_date: false,
  };
}

function checkPausable(
  sub: repo.SubscriptionRow,
  open: repo.PauseRow | null,
  body: PauseBody,
  today: CalendarDate,
) {
  assertConfirmed(sub);
  if (sub.cancelled_at !== null) throw conflict('This membership is cancelled; it cannot be paused.');
  if (body.start_date < today) throw validationError({ start_date: [PAUSE_IN_PAST] });
  if (open !== null)
    throw conflict(
      `This membership already has a pause from ${formatDate(open.start_date)} to ${formatDate(open.end_date)}.`,
    );
}

/**
 * Extra limits a caller puts on a pause (the member's own account: the organisation's self-service
 * limits), checked with the subscription row locked, so two requests cannot both pass them.
 */
export type PausePolicy = (
  tx: Executor,
  sub: repo.SubscriptionRow,
  body: PauseBody,
  today: CalendarDate,
) => Promise<void>;

export async function pause(
  deps: Deps,
  actor: Actor,
  subscriptionId: number,
  body: PauseBody,
  options: { policy?: PausePolicy } = {},
) {
  const now = deps.clock.now();
  const today = todayInAuckland(now);
  const { auth } = actor;
  if (body.dry_run) {
    const sub = await subscriptionFor(deps.db, auth, subscriptionId);
    const open = await repo.openPause(deps.db, auth.organisationId, sub.id);
    checkPausable(sub, open, body, today);
    await options.policy?.(deps.db, sub, body, today);
    return { preview: previewPause(sub, body.start_date, body.end_date, today), subscription: null };
  }
  const result = await deps.db.transaction(async (tx) => {
    const sub = await subscriptionFor(tx, auth, subscriptionId, { lock: true });
    const open = await repo.openPause(tx, auth.organisationId, sub.id);
    // The same pause sent twice (a double click, a retried request) is booked once.
    const repeated = open !== null && open.start_date === body.start_date && open.end_date === body.end_date;
    if (!repeated) {
      checkPausable(sub, open, body, today);
      await options.policy?.(tx, sub, body, today);
    }
    const preview = previewPause(sub, body.start_date, body.end_date, today);
    if (repeated) return { preview, startedNow: false };
    const pauseId = await repo.insertPause(tx, {
      organisationId: auth.organisationId,
      subscriptionId: sub.id,
      startDate: body.start_date,
      endDate: body.end_date,
      createdBy: auth.user.id,
      now,
    });
    await transition(tx, {
      kind: 'pause_scheduled',
      organisationId: auth.organisationId,
      subscriptionId: sub.id,
      userId: sub.user_id,
      now,
      actorUserId: auth.user.id,
      requestId: actor.requestId,
      pauseId,
      set: {},
      data: {
        start_date: body.start_date,
        end_date: body.end_date,
        reason: body.reason,
        credit_days: preview.credit_days,
        next_charge_date: preview.next_charge_date,
      },
    });
    const startedNow = await applyPauseIfStarted(tx, {
      organisationId: auth.organisationId,
      pauseId,
      today,
      now,
    });
    return { preview, startedNow };
  });
  // Door access follows the pause from today: the membership outbox, as after every transition.
  await drainMembershipOutbox(deps, { subscriptionIds: [subscriptionId] });
  return { preview: result.preview, subscription: await actionsOf(deps, actor, subscriptionId) };
}

/** Removes a pause that has not begun (one in force ends on its end date; BILLING.md has no early end). */
export async function removePause(deps: Deps, actor: Actor, subscriptionId: number, pauseId: number) {
  const now = deps.clock.now();
  const { auth } = actor;
  await deps.db.transaction(async (tx) => {
    const sub = await subscriptionFor(tx, auth, subscriptionId, { lock: true });
    const found = await repo.findPause(tx, auth.organisationId, sub.id, pauseId);
    if (!found || found.cancelled_at !== null) throw notFound('Pause not found.');
    if (found.applied_at !== null)
      throw conflict('This pause has begun; the member is back on its end date.');
    await repo.removeScheduledPause(tx, auth.organisationId, pauseId, now);
    await transition(tx, {
      kind: 'pause_removed',
      organisationId: auth.organisationId,
      subscriptionId: sub.id,
      userId: sub.user_id,
      now,
      actorUserId: auth.user.id,
      requestId: actor.requestId,
      pauseId,
      set: {},
    });
  });
  await drainMembershipOutbox(deps, { subscriptionIds: [subscriptionId] });
  return actionsOf(deps, actor, subscriptionId);
}

/** The subscription as the actions answer it, read after the change. */
export async function actionsOf(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, subscriptionId: number) {
  const sub = await subscriptionFor(deps.db, actor.auth, subscriptionId);
  const open = await repo.openPause(deps.db, actor.auth.organisationId, sub.id);
  return presentActions(sub, open, deps.clock.now());
}
