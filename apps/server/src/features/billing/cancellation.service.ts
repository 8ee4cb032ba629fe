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
import { type BillingFrequency, isRecurring } from '@gym/domain/billing-frequency';
import { type CalendarDate, startOfDayInstant, todayInAuckland } from '@gym/domain/calendar-date';
import { type ChargeAmount, chargeAmount, priceInEffect } from '@gym/domain/charge-amount';
import { type TermCancellation, termCancellation, undoableUntil } from '@gym/domain/term-cancellation';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type Executor, queryRows } from '../../db/client';
import { sendAttempt } from './attempts.service';
import * as repo from './billing-run.repository';
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

interface Locked {
  id: number;
  organisation_id: number;
  gym_id: number;
  user_id: number;
  payment_type_id: number | null;
  payment_type: string | null;
  start_date: CalendarDate;
  anchor_day: number;
  current_period_start: CalendarDate | null;
  current_period_end: CalendarDate | null;
  cancelled_at: Date | null;
  is_term_membership: boolean;
  term_ends_at: CalendarDate | null;
  cooling_period_ends_at: CalendarDate | null;
  force_price_amount: number | null;
  transition_amount: number | null;
  transition_takes_effect_at: CalendarDate | null;
  price_amount: number;
  billing_frequency: BillingFrequency;
  card_surcharge_basis_points: number;
  break_fee_basis_points: number;
  destination_account_id: number | null;
}

function lock(tx: Executor, organisationId: number, subscriptionId: number) {
  return queryRows<Locked>(
    tx,
    sql`select s.id::int, s.organisation_id::int, s.gym_id::int, s.user_id::int, s.payment_type_id::int,
          pt.type as payment_type, s.start_date::text, s.anchor_day, s.current_period_start::text,
          s.current_period_end::text, s.cancelled_at, s.is_term_membership, s.term_ends_at::text,
          s.cooling_period_ends_at::text, s.force_price_amount, tp.amount as transition_amount,
          s.transition_takes_effect_at::text, p.amount as price_amount, p.billing_frequency,
          g.card_surcharge_basis_points, g.break_fee_basis_points, da.id::int as destination_account_id
        from subscriptions s
        join prices p on p.id = s.price_id
        join gyms g on g.id = s.gym_id
        left join prices tp on tp.id = s.transition_to_price_id
        left join payment_types pt on pt.id = s.payment_type_id and pt.deleted_at is null
        left join destination_accounts da on da.gym_id = s.gym_id
        where s.id = ${subscriptionId} and s.organisation_id = ${organisationId}
        for update of s`,
  );
}

/** The current period's paid charge and its successful attempt (what a cooling-off refund repays). */
async function paidForPeriod(tx: Executor, sub: Locked) {
  const [row] = await queryRows<{
    charge_id: number;
    payment_id: number;
    amount: number;
    type: string;
    stripe_id: string | null;
    joining_fee: number | null;
  }>(
    tx,
    sql`select c.id::int as charge_id, p.id::int as payment_id, p.amount, p.type, p.stripe_id,
          (p.meta->>'joining_fee')::int as joining_fee
        from charges c join payments p on p.charge_id = c.id and p.status = 'sent'
        where c.subscription_id = ${sub.id} and c.kind = 'period' and c.period_start = ${sub.current_period_start}
          and c.status = 'paid'`,
  );
  return row ?? null;
}

/** The instant a cancellation stops being undoable (the domain's rule), or null. */
function undoInstant(term: TermCancellation): Date | null {
  const until = undoableUntil(term);
  return until === null ? null : startOfDayInstant(until);
}

/** What cancelling now would do, worked out by the domain's rules from the locked row (no writes). */
async function planCancellation(tx: Executor, sub: Locked, today: CalendarDate) {
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
  let paid: Awaited<ReturnType<typeof paidForPeriod>> = null;
  let fee: ChargeAmount | null = null;
  if (term.kind === 'cooling_off') {
    paid = await paidForPeriod(tx, sub);
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
    const [sub] = await lock(tx, input.organisationId, input.subscriptionId);
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
  let refundToSend: { paymentId: number; stripeId: string; amount: number; gymId: number } | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<CancelOutcome> => {
    const [sub] = await lock(tx, input.organisationId, input.subscriptionId);
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
          paymentId: Number(paid.payment_id),
          stripeId: paid.stripe_id!,
          amount: refund,
          gymId: Number(sub.gym_id),
        };
    } else if (term.kind === 'break_fee' && fee) {
      breakFee = fee.amount;
      const [charge] = await queryRows<{ id: number }>(
        tx,
        sql`insert into charges (organisation_id, subscription_id, kind, period_start, period_end, due_date,
              amount, surcharge, status, created_at)
            values (${sub.organisation_id}, ${sub.id}, 'break_fee', ${today}, null, ${today}, ${fee.amount},
              ${fee.surcharge}, 'unpaid', ${now.toISOString()})
            on conflict (subscription_id, kind, period_start) do nothing
            returning id::int`,
      );
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
    await sendAttempt(deps, outcome.breakFeePaymentId);
  const pending = refundToSend as typeof refundToSend;
  if (pending) await sendRefund(deps, pending);
  return outcome;
}

/** Repays a card through Stripe, keyed by the payment so a second call refunds nothing more. */
async function sendRefund(
  deps: Deps,
  r: { paymentId: number; stripeId: string; amount: number; gymId: number },
) {
  const [gym] = await queryRows<{ stripe_id: string | null }>(
    deps.db,
    sql`select stripe_id from gyms where id = ${r.gymId}`,
  );
  if (!gym?.stripe_id) return;
  const made = await deps.providers.stripe.refund({
    accountId: gym.stripe_id,
    paymentIntentId: r.stripeId,
    amountCents: r.amount,
    idempotencyKey: `refund-payment-${r.paymentId}`,
  });
  await deps.db.execute(
    sql`update payment_refunds set stripe_refund_id = ${made.refundId}
        where payment_id = ${r.paymentId} and reason = 'cooling_off'`,
  );
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
    const [sub] = await queryRows<{
      id: number;
      user_id: number;
      cancelled_at: Date | null;
      undo: Date | null;
    }>(
      tx,
      sql`select id::int, user_id::int, cancelled_at, undo_cancellation_until as undo from subscriptions
          where id = ${input.subscriptionId} and organisation_id = ${input.organisationId}
          for update`,
    );
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
