// A member confirming their membership: its first charge (joining fee plus the first period, by the same
// plan the daily run makes) with its first attempt, made and sent now instead of at the next run. Safe
// to ask twice with the same confirm key (the page's idempotency key): the attempt made for that key is
// answered again, never a second one. After a failed first payment a new key makes one new attempt at
// the same charge, with the payment method the subscription holds now (the member chose another) and
// priced for it (no card surcharge once they pay by bank account).
import { isBillingFrequency } from '@gym/domain/billing-frequency';
import { anchorDayFor } from '@gym/domain/billing-schedule';
import { type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { coolingOffEndDate, termEndDate, termOf } from '@gym/domain/term';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { firstAttempt, nextAttempt } from './attempt-builder';
import { sendAttempt } from './attempts.service';
import * as repo from './billing-run.repository';
import type { BillingDeps } from './billing-run.service';
import { repriceUnpaidCharges } from './charge-repricing';
import * as fp from './first-payment.repository';
import { AWAITING_FIRST_PAYMENT } from './membership-states';
import { planOf } from './subscription-plan';
import { transition } from './transitions';

export interface FirstPaymentAttempt {
  paymentId: number;
  status: string;
  errorStatus: string | null;
  errorDescription: string | null;
}

const attemptOf = async (
  db: Executor,
  organisationId: number,
  paymentId: number,
): Promise<FirstPaymentAttempt> => {
  const row = await fp.attemptStatus(db, organisationId, paymentId);
  return {
    paymentId,
    status: row?.status ?? 'pending_request',
    errorStatus: row?.error_status ?? null,
    errorDescription: row?.error_description ?? null,
  };
};

/** The new first period of a membership whose start moved, for its attempt. */
interface MovedStart {
  periodStart: CalendarDate;
  periodEnd: CalendarDate | null;
  isProRata: boolean;
  isTermMembership: boolean;
  forceAmount: number | null;
  joiningFee: number;
}

/**
 * A membership awaiting its first payment (declined at confirmation) that the member pays on a later
 * day starts that day (BILLING.md "A start date already past when the member confirms starts the
 * membership on the confirmation day"; the member never had the days in between). Its start, anchor,
 * term and cooling-off are dated from today by the domain's rules, its current period is the new first
 * one, and the unpaid first charge (kept: its declined attempts refer to it) is dated and priced again
 * by the plan the run would make for a membership starting today.
 */
async function moveStartToToday(
  tx: Executor,
  input: { organisationId: number; actorUserId: number },
  sub: fp.ConfirmedSubscription,
  chargeId: number,
  day: CalendarDate,
  now: Date,
): Promise<MovedStart | null> {
  const row = await repo.subscriptionForPlan(tx, input.organisationId, sub.id);
  if (!row || !isBillingFrequency(row.billing_frequency)) return null;
  const member = await fp.memberBillingDate(tx, row.organisation_id, row.user_id);
  const billingDate = member?.billing_date ?? null;
  const term = row.is_term_membership
    ? termOf(
        (await fp.priceTermOf(tx, row.organisation_id, sub.id)) ?? { term_amount: null, term_unit: null },
      )
    : null;
  const anchorDay = anchorDayFor({ frequency: row.billing_frequency, startDate: day, billingDate });
  const termEndsAt = term ? termEndDate(day, term) : row.term_ends_at;
  const [first] = planOf(
    {
      ...row,
      start_date: day,
      anchor_day: anchorDay,
      current_period_start: null,
      current_period_end: null,
      term_ends_at: termEndsAt,
    },
    day,
    billingDate,
  );
  if (!first) return null;
  const moved = await fp.redateFirstCharge(tx, row.organisation_id, chargeId, {
    periodStart: first.period.start,
    periodEnd: first.period.end,
    amount: first.amount,
    surcharge: first.surcharge,
    isProRata: first.proRata,
  });
  if (!moved) return null;
  await fp.moveMemberStart(tx, {
    organisationId: row.organisation_id,
    userId: row.user_id,
    from: sub.start_date,
    to: day,
    now,
  });
  await transition(tx, {
    kind: 'start_moved',
    organisationId: row.organisation_id,
    subscriptionId: sub.id,
    userId: row.user_id,
    now,
    actorUserId: input.actorUserId,
    set: {
      startDate: day,
      anchorDay,
      ...(term ? { termEndsAt, coolingPeriodEndsAt: coolingOffEndDate(day) } : {}),
      currentPeriodStart: first.period.start,
      currentPeriodEnd: first.period.end,
    },
    data: {
      from_start_date: sub.start_date,
      start_date: day,
      charge_id: chargeId,
      period_start: first.period.start,
      period_end: first.period.end,
      amount: first.amount,
      surcharge: first.surcharge,
    },
  });
  return {
    periodStart: first.period.start,
    periodEnd: first.period.end,
    isProRata: first.proRata,
    isTermMembership: termEndsAt !== null && first.period.start < termEndsAt,
    forceAmount: first.forcedAmount,
    joiningFee: first.joiningFee,
  };
}

/** Makes (or finds) the attempt for this confirm, in the caller's transaction; answers its id. */
async function attemptForConfirm(
  tx: Executor,
  input: { organisationId: number; subscriptionId: number; confirmKey: string; actorUserId: number },
  day: CalendarDate,
  now: Date,
): Promise<number | null> {
  const sub = await fp.lockSubscriptionForConfirm(tx, input.organisationId, input.subscriptionId);
  if (!sub) return null;
  const same = await fp.attemptOfConfirmKey(tx, input.organisationId, sub.id, input.confirmKey);
  if (same) return Number(same.id);
  const mark = (id: number) => fp.markConfirmKey(tx, input.organisationId, id, input.confirmKey);

  if (sub.current_period_start === null) {
    const due = await repo.claimDueSubscription(tx, day, input.organisationId, sub.id);
    // A member with a fixed billing date pays the days up to it first (BILLING.md "First payment and
    // pro-rata"), by the domain's plan; the confirm anchored the subscription on that date's day.
    const member = due ? await fp.memberBillingDate(tx, due.organisation_id, due.user_id) : undefined;
    const first = due ? planOf(due, day, member?.billing_date ?? null)[0] : undefined;
    if (!due || !first) return null;
    const [charge] = await repo.insertCharges(
      tx,
      [
        {
          organisationId: due.organisation_id,
          subscriptionId: due.id,
          periodStart: first.period.start,
          periodEnd: first.period.end,
          amount: first.amount,
          surcharge: first.surcharge,
          isProRata: first.proRata,
        },
      ],
      now,
    );
    if (!charge) return null;
    const [id] = await repo.insertAttempts(tx, [firstAttempt(due, first, charge.id)], now);
    await repo.advanceSubscriptions(
      tx,
      [
        {
          organisationId: input.organisationId,
          id: due.id,
          periodStart: first.period.start,
          periodEnd: first.period.end,
          priceId: null,
        },
      ],
      now,
    );
    if (id === undefined) return null;
    await mark(id);
    return id;
  }

  // Charged before: a new attempt only when the first charge is unpaid and nothing is in flight.
  const charge = await fp.firstPeriodCharge(tx, input.organisationId, sub.id);
  if (!charge) return null;
  const latest = async () => {
    const row = await fp.latestAttemptId(tx, input.organisationId, charge.id);
    return row ? Number(row.id) : null;
  };
  // Paid, or an attempt still on its way: the answer is that attempt, and nothing new is made.
  if (charge.status !== 'unpaid' || charge.in_flight) return latest();
  const last = await repo.latestAttempt(tx, input.organisationId, charge.id);
  if (!last) return null;
  // Paid on a later day than the first confirm: the membership starts today, not on the day declined.
  const moved =
    sub.upcoming_state === AWAITING_FIRST_PAYMENT &&
    !sub.cancelled &&
    !charge.ever_paid &&
    charge.period_start < day
      ? await moveStartToToday(tx, input, sub, charge.id, day, now)
      : null;
  // The charge is priced for the way the member pays now (a card declined, then a bank account: no
  // card surcharge), before the new attempt is made for it.
  const [priced] = await repriceUnpaidCharges(tx, {
    organisationId: input.organisationId,
    subscriptionId: sub.id,
    chargeId: charge.id,
    actorUserId: input.actorUserId,
    now,
  });
  if (!priced) return null;
  const again = nextAttempt(
    last,
    { id: charge.id, subscriptionId: sub.id, lastAttempt: Number(charge.last_attempt) },
    priced,
    { ...(last.meta ?? {}), confirm_key: input.confirmKey },
  );
  const [id = null] = await repo.insertAttempts(
    tx,
    [
      moved
        ? {
            ...again,
            periodStart: moved.periodStart,
            periodEnd: moved.periodEnd,
            isProRata: moved.isProRata,
            isTermMembership: moved.isTermMembership,
            forceAmount: moved.forceAmount,
            meta: {
              ...again.meta,
              ...(moved.joiningFee > 0 ? { joining_fee: moved.joiningFee } : {}),
            },
          }
        : again,
    ],
    now,
  );
  if (id !== null) {
    await appendActivity(tx, {
      organisationId: input.organisationId,
      actorUserId: input.actorUserId,
      userId: last.user_id,
      subjectType: 'payment',
      subjectId: id,
      action: 'payment.first_payment_retried_by_member',
      data: { charge_id: charge.id },
      createdAt: now,
    });
  }
  return id;
}

/**
 * Charges the first payment of a just-confirmed subscription now and answers the attempt as the
 * provider left it (sent, pending for a bank payment, or failed with the provider's reason). Already
 * paid, or an attempt still on its way: that attempt. Null when there is nothing to charge (a start date
 * still to come).
 */
export async function chargeFirstPayment(
  deps: BillingDeps,
  input: { organisationId: number; subscriptionId: number; confirmKey: string; actorUserId: number },
  /** The caller's own writes of the confirm (the membership made live), in the same transaction, first. */
  before?: (tx: Executor) => Promise<void>,
): Promise<FirstPaymentAttempt | null> {
  const now = deps.clock.now();
  const day = todayInAuckland(now);
  const paymentId = await deps.db.transaction(async (tx) => {
    await before?.(tx);
    return attemptForConfirm(tx, input, day, now);
  });
  if (paymentId === null) return null;
  await sendAttempt(deps, { organisationId: input.organisationId, paymentId }, 'member_confirm');
  return attemptOf(deps.db, input.organisationId, paymentId);
}
