// What people do during the demo's history, on the day they do it: a member joins (their subscription is
// made), staff schedule a pause, cancel a membership at the end of its paid period, or schedule a price
// change. Each is written as the product writes it, with its activity-log entry; the billing engine
// then carries it out on the days that follow (pauses start and end, cancellations take effect, new
// prices apply). The amounts and dates are the domain's.

import type { BillingFrequency } from '@gym/domain/billing-frequency';
import { billingPeriod } from '@gym/domain/billing-schedule';
import { type CalendarDate, calendarDateParts } from '@gym/domain/calendar-date';
import { coolingOffEndDate, termEndDate } from '@gym/domain/term';
import { eq, sql } from 'drizzle-orm';
import { appendActivity } from '../db/activity';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import { cancelSubscription } from '../features/billing';
import { aucklandInstant } from './calendar';
import type { MemberPlan } from './member-plan';
import type { Person } from './seed-members';

/** The old system's last period, which a migrated member had paid: the one ending on `start`. */
function periodEndingOn(start: CalendarDate, frequency: BillingFrequency, anchorDay: number) {
  const { year, month } = calendarDateParts(start);
  let from = `${year - 1}-${String(month).padStart(2, '0')}-01` as CalendarDate;
  for (let guard = 0; guard < 800; guard++) {
    const period = billingPeriod(from, frequency, anchorDay, null);
    if (period.end === null || period.end > start) return null;
    if (period.end === start) return period;
    from = period.end;
  }
  return null;
}

/** The member's subscription, made on the day they join. Answers its id. */
export async function joinMembership(db: Executor, person: Person, admin: number | null): Promise<number> {
  const { plan } = person;
  const at = aucklandInstant(plan.joinedOn, 11, plan.person.email.length % 60);
  const frequency = plan.price.def.frequency as BillingFrequency;
  const anchorDay = calendarDateParts(plan.startDate).day;
  const term = plan.price.def.term;
  // A member moved from the old system starts here with the period they paid there behind them.
  const paid = plan.migrated ? periodEndingOn(plan.startDate, frequency, anchorDay) : null;
  const [row] = await db
    .insert(s.subscriptions)
    .values({
      organisationId: plan.org.id,
      gymId: plan.gym.id,
      userId: person.userId,
      priceId: plan.price.id,
      paymentTypeId: person.paymentTypeId,
      privatePriceLinkId: plan.price.privateLinkId,
      startDate: paid?.start ?? plan.startDate,
      anchorDay,
      currentPeriodStart: paid?.start ?? null,
      currentPeriodEnd: paid?.end ?? null,
      initialState: paid ? 'active' : 'upcoming',
      upcomingState: paid ? null : 'upcoming',
      forcePriceAmount: plan.forcePriceAmount,
      isTermMembership: term !== undefined,
      termEndsAt: term ? termEndDate(plan.startDate, { termAmount: term.amount, termUnit: term.unit }) : null,
      coolingPeriodEndsAt: term ? coolingOffEndDate(plan.startDate) : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: s.subscriptions.id });
  const id = Number(row!.id);
  if (person.connection) await db.insert(s.akahuConnections).values(person.connection);
  await appendActivity(db, {
    organisationId: plan.org.id,
    actorUserId: plan.joinedBySelf ? person.userId : admin,
    userId: person.userId,
    subjectType: 'subscription',
    subjectId: id,
    action: 'subscription.created',
    data: {
      price_id: plan.price.id,
      amount: plan.price.def.amount,
      billing_frequency: frequency,
      start_date: plan.startDate,
      payment_type: plan.paysBy,
      ...(plan.migrated ? { moved_from_previous_system: true } : {}),
    },
    createdAt: at,
  });
  return id;
}

const noon = (day: CalendarDate) => aucklandInstant(day, 12, 10);

/** Staff schedule a pause (the run applies it on its first day and ends it on its last). */
export async function schedulePause(
  db: Executor,
  person: Person,
  subscriptionId: number,
  admin: number | null,
) {
  const pause = person.plan.pause!;
  const at = noon(pause.madeOn);
  await db.insert(s.subscriptionPauses).values({
    organisationId: person.plan.org.id,
    subscriptionId,
    startDate: pause.start,
    endDate: pause.end,
    createdBy: admin,
    createdAt: at,
  });
  await appendActivity(db, {
    organisationId: person.plan.org.id,
    actorUserId: admin,
    userId: person.userId,
    subjectType: 'subscription',
    subjectId: subscriptionId,
    action: 'subscription.pause_scheduled',
    data: { start_date: pause.start, end_date: pause.end },
    createdAt: at,
  });
}

/**
 * Staff cancel, through the engine's own cancellation (flexi at the end of the paid period; a term
 * inside cooling-off at once with a refund; a term before its end with the break fee).
 */
export async function cancelMembership(
  deps: Parameters<typeof cancelSubscription>[0],
  person: Person,
  subscriptionId: number,
  admin: number | null,
) {
  const { cancel } = person.plan;
  await cancelSubscription(deps, {
    organisationId: person.plan.org.id,
    subscriptionId,
    actorUserId: admin,
    reasons: cancel!.reasons,
    comment: cancel!.comment,
  });
}

/** Staff schedule a new price from a date; the run applies it to periods starting on or after it. */
export async function schedulePriceChange(
  db: Executor,
  person: Person,
  subscriptionId: number,
  admin: number | null,
) {
  const { plan } = person;
  const change = plan.change!;
  const at = noon(change.madeOn);
  await db.insert(s.priceChanges).values({
    organisationId: plan.org.id,
    subscriptionId,
    userId: person.userId,
    fromPriceId: plan.price.id,
    toPriceId: change.to.id,
    fromAmount: plan.price.def.amount,
    toAmount: change.to.def.amount,
    takesEffectAt: change.from,
    createdBy: admin,
    createdAt: at,
  });
  await db
    .update(s.subscriptions)
    .set({
      transitionToPriceId: change.to.id,
      transitionTakesEffectAt: change.from,
      version: sql`${s.subscriptions.version} + 1`,
      updatedAt: at,
    })
    .where(eq(s.subscriptions.id, subscriptionId));
  await appendActivity(db, {
    organisationId: plan.org.id,
    actorUserId: admin,
    userId: person.userId,
    subjectType: 'subscription',
    subjectId: subscriptionId,
    action: 'subscription.price_change_scheduled',
    data: { from_price_id: plan.price.id, to_price_id: change.to.id, takes_effect_at: change.from },
    createdAt: at,
  });
}

/** Which of the plan's actions fall on `day`. */
export function actionsOn(plan: MemberPlan, day: CalendarDate) {
  return {
    join: plan.joinedOn === day,
    pause: plan.pause?.madeOn === day,
    cancel: plan.cancel?.madeOn === day,
    change: plan.change?.madeOn === day,
  };
}
