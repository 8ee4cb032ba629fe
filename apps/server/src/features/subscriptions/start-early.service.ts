// Starting an upcoming membership today (BILLING.md "First payment and pro-rata": "start early" charges
// the pro-rata amount for the days brought forward). The charge covers today up to the original start
// date (`proRata`, rounded once) with the joining fee, since the membership's first charge carries it,
// and the card surcharge on both (`chargeAmount`, as `plannedCharges` does); its first attempt is written
// in the transaction and sent after it by the engine's `sendAttempt`. The first full period is then
// charged by the billing run on the original start date, which stays the anchor.
import { isBillingFrequency, isRecurring } from '@gym/domain/billing-frequency';
import { type CalendarDate, daysBetween, todayInAuckland } from '@gym/domain/calendar-date';
import { chargeAmount, forcedPriceInEffect, priceInEffect } from '@gym/domain/charge-amount';
import { formatMoney } from '@gym/domain/money';
import { proRata } from '@gym/domain/pro-rata';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { conflict } from '../../http/app-error';
import { drainMembershipOutbox, insertAttempt, sendAttempt, transition } from '../billing';
import { actionsOf } from './pause.service';
import { assertConfirmed, subscriptionFor } from './subscription-access';
import { insertStartEarlyCharge, type SubscriptionRow } from './subscriptions.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secrets' | 'providers'>;

function whyNot(sub: SubscriptionRow, today: CalendarDate): string | null {
  if (sub.is_staging) return 'This membership is not confirmed yet.';
  if (sub.cancelled_at !== null) return 'This membership is cancelled.';
  if (sub.current_period_start !== null) return 'This membership has already started.';
  if (sub.start_date <= today) return 'This membership starts today; the billing run charges it.';
  if (!isBillingFrequency(sub.billing_frequency) || !isRecurring(sub.billing_frequency))
    return 'A one-off membership cannot start early; change its start date instead.';
  if (sub.payment_type_id === null) return 'The member has no payment method to charge.';
  return null;
}

/** What prices the days brought forward: the price, a staff override, or a change in effect by then. */
const pricingOn = (sub: SubscriptionRow, today: CalendarDate) => ({
  priceAmount: sub.price_amount,
  forcePriceAmount: sub.force_price_amount,
  transition:
    sub.transition_amount !== null && sub.transition_takes_effect_at !== null
      ? { amount: sub.transition_amount, takesEffectAt: sub.transition_takes_effect_at }
      : null,
  periodStart: today,
});

function startEarlyData(sub: SubscriptionRow, today: CalendarDate) {
  let reason = whyNot(sub, today);
  const base = {
    start_date: sub.start_date,
    new_start_date: today,
    days_brought_forward: Math.max(0, daysBetween(today, sub.start_date)),
    next_charge_date: sub.start_date,
    payment_method:
      sub.payment_type === 'bank_account' || sub.payment_type === 'stripe_card' ? sub.payment_type : null,
  } as const;
  const none = {
    ...base,
    pro_rata_amount: 0,
    joining_fee: 0,
    surcharge: 0,
    total: 0,
    formatted_total: formatMoney(0),
    explanation: null,
  };
  if (reason !== null || !isBillingFrequency(sub.billing_frequency) || !isRecurring(sub.billing_frequency))
    return { ...none, can_start_early: false, reason };
  const amount = priceInEffect(pricingOn(sub, today));
  let part: ReturnType<typeof proRata>;
  try {
    part = proRata({
      amount,
      frequency: sub.billing_frequency,
      startDate: today,
      periodEnd: sub.start_date,
      anchorDay: sub.anchor_day,
    });
  } catch {
    reason = 'It starts more than one billing period from today; change its start date instead.';
    return { ...none, can_start_early: false, reason };
  }
  const charge = chargeAmount({
    priceAmount: part.amount + sub.joining_fee,
    periodStart: today,
    paymentType: sub.payment_type ?? 'bank_account',
    cardSurchargeBasisPoints: sub.card_surcharge_basis_points,
  });
  return {
    ...base,
    can_start_early: true,
    reason: null,
    pro_rata_amount: part.amount,
    joining_fee: sub.joining_fee,
    surcharge: charge.surcharge,
    total: charge.total,
    formatted_total: formatMoney(charge.total),
    explanation: part.explanation,
  };
}

export async function startEarlyPreview(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, id: number) {
  const sub = await subscriptionFor(deps.db, actor.auth, id);
  return startEarlyData(sub, todayInAuckland(deps.clock.now()));
}

export async function startEarly(deps: Deps, actor: Actor, id: number) {
  const now = deps.clock.now();
  const today = todayInAuckland(now);
  const { auth } = actor;
  const made = await deps.db.transaction(async (tx) => {
    const sub = await subscriptionFor(tx, auth, id, { lock: true });
    assertConfirmed(sub);
    const data = startEarlyData(sub, today);
    if (!data.can_start_early) throw conflict(data.reason ?? 'This membership cannot start early.');
    const charge = await insertStartEarlyCharge(tx, {
      organisationId: sub.organisation_id,
      subscriptionId: sub.id,
      today,
      startDate: sub.start_date,
      amount: data.total - data.surcharge,
      surcharge: data.surcharge,
      now,
    });
    if (!charge) throw conflict('This membership has already started.');
    const paymentId = await insertAttempt(tx, {
      organisationId: sub.organisation_id,
      gymId: sub.gym_id,
      userId: sub.user_id,
      subscriptionId: sub.id,
      chargeId: Number(charge.id),
      paymentTypeId: sub.payment_type_id,
      destinationAccountId: sub.destination_account_id,
      type: sub.payment_type ?? 'bank_account',
      amount: data.total - data.surcharge,
      surcharge: data.surcharge,
      periodStart: today,
      periodEnd: sub.start_date,
      isRetry: false,
      isTermMembership: sub.is_term_membership,
      attempt: 1,
      isProRata: true,
      forceAmount: forcedPriceInEffect(pricingOn(sub, today)),
      meta: {
        start_early: true,
        ...(data.joining_fee > 0 ? { joining_fee: data.joining_fee } : {}),
      },
      now,
    });
    await transition(tx, {
      kind: 'started_early',
      organisationId: sub.organisation_id,
      subscriptionId: sub.id,
      userId: sub.user_id,
      now,
      actorUserId: auth.user.id,
      requestId: actor.requestId,
      set: {
        startDate: today,
        currentPeriodStart: today,
        currentPeriodEnd: sub.start_date,
        upcomingState: null,
      },
      data: {
        from_start_date: sub.start_date,
        start_date: today,
        charge_id: Number(charge.id),
        payment_id: paymentId,
        pro_rata_amount: data.pro_rata_amount,
        joining_fee: data.joining_fee,
        surcharge: data.surcharge,
        total: data.total,
      },
    });
    return { data, paymentId };
  });
  if (made.paymentId !== null)
    await sendAttempt(deps, { organisationId: auth.organisationId, paymentId: made.paymentId });
  await drainMembershipOutbox(deps, { subscriptionIds: [id] });
  return { preview: made.data, subscription: await actionsOf(deps, actor, id) };
}
