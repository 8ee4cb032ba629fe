// Staff cancel a membership (BILLING.md "Cancellation"), and undo it. The rules are the domain's
// (`termCancellation`, `chargeAmount`); this applies them in one transaction with the subscription
// locked:
//   flexi (or a term already served): ends at the end of the paid period, undoable until then;
//   term inside cooling-off: ends today, cancelled_during_cooling_off_period, the unused days of the
//     period refunded: a refund record beside the payment, which stays collected (a card through
//     Stripe, keyed so it is refunded once; a bank payment is for the gym to repay by transfer, since
//     open banking cannot pull money back);
//   term before its end: ends at the end of the paid period, and the break fee on the charges still to
//     come is one final charge (kind 'break_fee') whose first attempt is written with the cancellation
//     and sent at once; a failure is retried and graced like any charge.
import { isRecurring } from '@gym/domain/billing-frequency';
import { type CalendarDate, startOfDayInstant, todayInAuckland } from '@gym/domain/calendar-date';
import { type ChargeAmount, chargeAmount, priceInEffect } from '@gym/domain/charge-amount';
import { type TermCancellation, termCancellation, undoableUntil } from '@gym/domain/term-cancellation';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { sendAttempt } from './attempts.service';
import * as repo from './billing-run.repository';
import type { LockedForCancel } from './cancellation.repository';
import * as cx from './cancellation.repository';
import { recordRefund, transition } from './transitions';

type Deps = Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>;

export interface CancelInput {
  organisationId: number;
  subscriptionId: number;
  actorUserId: number | null;
  reasons: string[];
  comment: string | null;
  requestId?: string | null;
}

export type CancelOutcome =
  | { kind: 'not_found' }
  | { kind: 'already_cancelled' }
  | {
      kind: 'flexi' | 'cooling_off' | 'break_fee';
      endsOn: CalendarDate;
      refund: number;
      breakFee: number;
      breakFeePaymentId: number | null;
    };

/** The instant a cancellation stops being undoable (the domain's rule), or null. */
function undoInstant(term: TermCancellation): Date | null {
  const until = undoableUntil(term);
  return until === null ? null : startOfDayInstant(until);
}

/** What cancelling now would do, worked out by the domain's rules from the locked row (no writes). */
async function planCancellation(tx: Executor, sub: LockedForCancel, today: CalendarDate) {
  const periodStart = sub.current_period_start;
  const periodEnd = sub.current_period_end;
  // Never charged yet (upcoming): it ends before it begins.
  const paidUntil = periodEnd ?? sub.start_date;
  // A term membership (the domain's rule says cooling-off, break fee, or flexi once the term is served).
  const term =
    sub.is_term_membership && sub.term_ends_at !== null && periodStart !== null && periodEnd !== null
      ? termCancellation({
          today,
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
          amountPaidForPeriod: 0,
          coolingPeriodEndsAt: sub.cooling_period_ends_at,
          breakFeeBasisPoints: Number(sub.break_fee_basis_points),
          termEndsAt: sub.term_ends_at,
          amount: priceInEffect({
            priceAmount: Number(sub.price_amount),
            forcePriceAmount: sub.force_price_amount === null ? null : Number(sub.force_price_amount),
            transition:
              sub.transition_amount !== null && sub.transition_takes_effect_at !== null
                ? { amount: Number(sub.transition_amount), takesEffectAt: sub.transition_takes_effect_at }
                : null,
            periodStart: periodEnd,
          }),
          frequency: isRecurring(sub.billing_frequency) ? sub.billing_frequency : 'monthly',
          anchorDay: Number(sub.anchor_day),
        })
      : { kind: 'flexi' as const, endsOn: paidUntil };

  let refund = 0;
  let paid: Awaited<ReturnType<typeof cx.paidForPeriod>> = null;
  let fee: ChargeAmount | null = null;
  if (term.kind === 'cooling_off') {
    paid = await cx.paidForPeriod(tx, sub);
    if (paid && periodStart && periodEnd) {
      // The joining fee is kept; the unused days of the period are repaid (the domain's rounding).
      const again = termCancellation({
        today,
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        amountPaidForPeriod: Number(paid.amount) - Number(paid.joining_fee ?? 0),
        coolingPeriodEndsAt: sub.cooling_period_ends_at,
        breakFeeBasisPoints: 0,
        termEndsAt: sub.term_ends_at!,
        amount: 0,
        frequency: isRecurring(sub.billing_frequency) ? sub.billing_frequency : 'monthly',
        anchorDay: Number(sub.anchor_day),
      });
      refund = again.kind === 'cooling_off' ? again.refund : 0;
    }
  } else if (term.kind === 'break_fee' && term.breakFee > 0) {
    fee = chargeAmount({
      priceAmount: term.breakFee,
      periodStart: today,
      paymentType: sub.payment_type ?? 'bank_account',
      cardSurchargeBasisPoints: Number(sub.card_surcharge_basis_points),
    });
  }
  return { term, refund, paid, fee };
}

export interface CancellationPreview {
  kind: 'flexi' | 'cooling_off' | 'break_fee';
  /** Access ends on this date (exclusive): today for cooling-off, otherwise the end of the paid period. */
  endsOn: CalendarDate;
  /** Repaid for the unused days of the period (cooling-off only), cents. */
  refund: number;
  /** How the refund reaches the member: back to the card, or by the gym's own bank transfer. */
  refundMethod: 'stripe' | 'bank_transfer_by_gym' | null;
  /** The final break-fee charge, surcharge included, cents. */
  breakFee: number;
  remainingTermValue: number;
  /** Until when staff can undo it (null: a cooling-off cancellation is final). */
  undoUntil: Date | null;
}

/** What `cancelSubscription` would do now, without doing it (null: no such membership, or cancelled). */
export async function previewCancellation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { organisationId: number; subscriptionId: number },
): Promise<CancellationPreview | null> {
  const today = todayInAuckland(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const [sub] = await cx.lockSubscriptionForCancel(tx, input.organisationId, input.subscriptionId);
    if (!sub || sub.cancelled_at !== null) return null;
    const { term, refund, paid, fee } = await planCancellation(tx, sub, today);
    return {
      kind: term.kind,
      endsOn: term.endsOn,
      refund,
      refundMethod:
        refund > 0
          ? paid?.type === 'stripe_card' && paid.stripe_id
            ? 'stripe'
            : 'bank_transfer_by_gym'
          : null,
      breakFee: fee?.total ?? 0,
      remainingTermValue: term.kind === 'break_fee' ? term.remainingTermValue : 0,
      undoUntil: undoInstant(term),
    };
  });
}

export async function cancelSubscription(deps: Deps, input: CancelInput): Promise<CancelOutcome> {
  const now = deps.clock.now();
  const today = todayInAuckland(now);
  let refundToSend: {
    organisationId: number;
    paymentId: number;
    stripeId: string;
    amount: number;
    gymId: number;
  } | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<CancelOutcome> => {
    const [sub] = await cx.lockSubscriptionForCancel(tx, input.organisationId, input.subscriptionId);
    if (!sub) return { kind: 'not_found' };
    if (sub.cancelled_at !== null) return { kind: 'already_cancelled' };
    const { term, refund, paid, fee } = await planCancellation(tx, sub, today);

    let breakFee = 0;
    let breakFeePaymentId: number | null = null;
    if (term.kind === 'cooling_off' && paid && refund > 0) {
      // The payment was collected and stays so; the refund is its own record beside it
      // (BILLING.md "Cooling-off refund"), and what the gym kept still counts as collected.
      const method = paid.type === 'stripe_card' && paid.stripe_id ? 'stripe' : 'bank_transfer_by_gym';
      await recordRefund(tx, {
        organisationId: Number(sub.organisation_id),
        gymId: Number(sub.gym_id),
        subscriptionId: sub.id,
        userId: Number(sub.user_id),
        paymentId: Number(paid.payment_id),
        amount: refund,
        reason: 'cooling_off',
        method,
        actorUserId: input.actorUserId,
        requestId: input.requestId ?? null,
        now,
      });
      if (method === 'stripe')
        refundToSend = {
          organisationId: Number(sub.organisation_id),
          paymentId: Number(paid.payment_id),
          stripeId: paid.stripe_id!,
          amount: refund,
          gymId: Number(sub.gym_id),
        };
    } else if (term.kind === 'break_fee' && fee) {
      breakFee = fee.amount;
      const charge = await cx.insertBreakFeeCharge(tx, {
        organisationId: sub.organisation_id,
        subscriptionId: sub.id,
        today,
        amount: fee.amount,
        surcharge: fee.surcharge,
        now,
      });
      if (charge && sub.payment_type_id !== null) {
        breakFeePaymentId = await repo.insertAttempt(tx, {
          organisationId: Number(sub.organisation_id),
          gymId: Number(sub.gym_id),
          userId: Number(sub.user_id),
          subscriptionId: sub.id,
          chargeId: Number(charge.id),
          paymentTypeId: Number(sub.payment_type_id),
          destinationAccountId: sub.destination_account_id,
          type: sub.payment_type ?? 'bank_account',
          amount: fee.amount,
          surcharge: fee.surcharge,
          periodStart: null,
          periodEnd: null,
          isRetry: false,
          isTermMembership: true,
          attempt: 1,
          meta: { reason: 'term_break_fee', remaining_term_value: term.remainingTermValue },
          now,
        });
      }
    }

    const endsOn = term.endsOn;
    const coolingOff = term.kind === 'cooling_off';
    await transition(tx, {
      kind: 'cancelled',
      organisationId: Number(sub.organisation_id),
      subscriptionId: sub.id,
      userId: Number(sub.user_id),
      now,
      actorUserId: input.actorUserId,
      requestId: input.requestId ?? null,
      set: {
        cancelledAt: now,
        endsAt: endsOn,
        cancellationReasons: input.reasons,
        cancellationComments: input.comment,
        cancelledDuringCoolingOffPeriod: coolingOff,
        undoCancellationUntil: undoInstant(term),
      },
      data: {
        reasons: input.reasons,
        comment: input.comment,
        ends_at: endsOn,
        kind: term.kind,
        ...(refund > 0 ? { refund } : {}),
        ...(breakFee > 0 ? { break_fee: breakFee } : {}),
      },
      // Access ends with the paid period: the door is checked again on that day.
      doorCheckOn: endsOn,
    });
    return { kind: term.kind, endsOn, refund, breakFee, breakFeePaymentId };
  });

  if (outcome.kind === 'break_fee' && outcome.breakFeePaymentId !== null)
    await sendAttempt(deps, { organisationId: input.organisationId, paymentId: outcome.breakFeePaymentId });
  const pending = refundToSend as typeof refundToSend;
  if (pending) await sendRefund(deps, pending);
  return outcome;
}

/** Repays a card through Stripe, keyed by the payment so a second call refunds nothing more. */
async function sendRefund(
  deps: Deps,
  r: { organisationId: number; paymentId: number; stripeId: string; amount: number; gymId: number },
) {
  const gym = await cx.stripeAccountOfGym(deps.db, r.organisationId, r.gymId);
  if (!gym?.stripe_id) return;
  const made = await deps.providers.stripe.refund({
    accountId: gym.stripe_id,
    paymentIntentId: r.stripeId,
    amountCents: r.amount,
    idempotencyKey: `refund-payment-${r.paymentId}`,
  });
  await cx.recordCoolingOffRefundId(deps.db, r.organisationId, r.paymentId, made.refundId);
}

export type UndoOutcome = 'not_found' | 'not_cancelled' | 'too_late' | 'undone';

/** Undoes a cancellation while now is before undo_cancellation_until (spec section 4). */
export async function undoCancellation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    organisationId: number;
    subscriptionId: number;
    actorUserId: number | null;
    requestId?: string | null;
  },
): Promise<UndoOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const sub = await cx.lockCancelledSubscription(tx, input.organisationId, input.subscriptionId);
    if (!sub) return 'not_found';
    if (sub.cancelled_at === null) return 'not_cancelled';
    if (sub.undo === null || new Date(sub.undo) <= now) return 'too_late';
    await transition(tx, {
      kind: 'cancellation_undone',
      organisationId: input.organisationId,
      subscriptionId: sub.id,
      userId: Number(sub.user_id),
      now,
      actorUserId: input.actorUserId,
      requestId: input.requestId ?? null,
      set: {
        cancelledAt: null,
        endsAt: null,
        cancellationReasons: [],
        cancellationComments: null,
        undoCancellationUntil: null,
      },
    });
    return 'undone';
  });
}
