// A payment's detail (its charge, every attempt, what the engine will do next) and "retry now": a new
// attempt at a failed charge made the billing engine's way (written with its key before the provider
// hears of it, sent by the engine's attempt service, its answer applied by the engine's rules).
// Idempotent: the charge row is locked while deciding, and a payment that already has a later attempt
// answers with that attempt instead of making another, so a double click makes one retry.
import type { PaymentDetail } from '@gym/domain/api/payments';
import { failureExplanation } from '@gym/domain/api/payments';
import { type CalendarDate, toCalendarDate } from '@gym/domain/calendar-date';
import { formatMoney } from '@gym/domain/money';
import { scheduledRetryOn } from '@gym/domain/payment-tasks';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../http/app-error';
import { isoOrNull } from '../../http/instants';
import { drainMembershipOutbox, insertAttempt, repriceUnpaidCharges, sendAttempt } from '../billing';
import { reachesGym } from './gym-scope';
import { standingOf, standingsOf } from './payment-standing';
import { presentAttempt, presentPayment, statusGroupOf } from './payments.presenter';
import {
  type ChargeRow,
  chargeAttempts,
  findCharge,
  findPayment,
  lockChargeForRetry,
  type PaymentDetailRow,
  retrySource,
} from './payments.repository';

/** Who reads payments: organisation admins, and gym admins for their gyms. */
export const PAYMENT_READERS = ['admin'] as const;
/** Who may retry a failed charge: the same. */
const PAYMENT_RETRIERS = ['admin'] as const;

const IN_FLIGHT = new Set(['upcoming', 'pending_request']);

/**
 * The attempts a provider was asked for (bank, card): a part payment taken at the desk is recorded against
 * the charge too, but it is not a later attempt of the failed one, and the rest stays retryable.
 */
const providerAttempts = (attempts: PaymentDetailRow[]) =>
  attempts.filter((a) => a.type === 'bank_account' || a.type === 'stripe_card');

export const FIRST_PAYMENT_NOT_RETRIED =
  'This membership’s first payment did not go through, so nothing is owed: the member chooses a way to pay and confirms again (the link is in the email they were sent).';

function retryVerdict(
  payment: PaymentDetailRow,
  charge: ChargeRow | null,
  attempts: PaymentDetailRow[],
  mayRetry: boolean,
): { allowed: boolean; reason: string | null } {
  if (!mayRetry) return { allowed: false, reason: 'Only admins of this gym can retry payments.' };
  if (!charge)
    return { allowed: false, reason: 'This payment was recorded by hand; there is no charge to retry.' };
  if (charge.status !== 'unpaid')
    return { allowed: false, reason: `The charge is ${charge.status.replace('_', ' ')}.` };
  // Paid on a later day, a first payment would date the membership from the day it failed (the member
  // never had those days); the member's confirm-again starts it on the day it is paid instead.
  if (charge.awaiting_first_payment) return { allowed: false, reason: FIRST_PAYMENT_NOT_RETRIED };
  if (attempts.some((a) => IN_FLIGHT.has(a.status)))
    return { allowed: false, reason: 'An attempt at this charge is still waiting for its answer.' };
  if (statusGroupOf(payment.status) !== 'failed')
    return { allowed: false, reason: 'This payment did not fail.' };
  if (providerAttempts(attempts).at(-1)?.id !== payment.id)
    return { allowed: false, reason: 'A later attempt at this charge exists; open that one.' };
  return { allowed: true, reason: null };
}

function nextRetryOn(charge: ChargeRow, attempts: PaymentDetailRow[]): string | null {
  return scheduledRetryOn({
    kind: charge.kind,
    status: charge.status,
    dueDate: charge.due_date as CalendarDate,
    total: Number(charge.amount) + Number(charge.surcharge),
    firstFailedOn: charge.first_failed_at === null ? null : toCalendarDate(new Date(charge.first_failed_at)),
    subscriptionCancelled: charge.subscription_cancelled,
    retriesMade: attempts.filter((a) => a.is_retry).length,
    inFlight: attempts.some((a) => IN_FLIGHT.has(a.status)),
    lastFailureCode: attempts.at(-1)?.error_status ?? null,
  });
}

/** A member's own payment, reached from their account on the join site (never another member's). */
const isOwnPayment = (auth: AuthContext, payment: PaymentDetailRow) =>
  !auth.isStaffHere && !auth.user.isStaff && payment.user_id === auth.user.id;

async function loadDetail(db: Executor, auth: AuthContext, paymentId: number): Promise<PaymentDetail> {
  const payment = await findPayment(db, auth.organisationId, paymentId);
  if (!payment) throw notFound('Payment not found.');
  if (!isOwnPayment(auth, payment) && !reachesGym(auth, PAYMENT_READERS, payment.gym_id))
    throw forbidden('You can only see payments of the gyms you administer.');
  const charge =
    payment.charge_id === null ? null : await findCharge(db, auth.organisationId, payment.charge_id);
  const attempts = charge ? await chargeAttempts(db, auth.organisationId, charge.id) : [payment];
  const standings = await standingsOf(db, auth.organisationId, [payment.id]);
  return {
    ...presentPayment(payment, standingOf(standings, payment.id)),
    akahu_id: payment.akahu_id,
    akahu_sid: payment.akahu_sid,
    stripe_id: payment.stripe_id,
    poll_count: Number(payment.poll_count),
    credit_used: Number(payment.credit_used),
    error_explanation: failureExplanation(payment.error_status, payment.error_description),
    processed_by:
      payment.processed_by === null
        ? null
        : { id: payment.processed_by, name: payment.processed_by_name ?? '' },
    charge: charge && {
      id: charge.id,
      kind: charge.kind,
      period_start: charge.period_start,
      period_end: charge.period_end,
      due_date: charge.due_date,
      amount: Number(charge.amount),
      surcharge: Number(charge.surcharge),
      formatted_total: formatMoney(Number(charge.amount) + Number(charge.surcharge)),
      status: charge.status,
      first_failed_at: isoOrNull(charge.first_failed_at),
      paid_at: isoOrNull(charge.paid_at),
      next_retry_on: nextRetryOn(charge, attempts),
    },
    attempts: attempts.map(presentAttempt),
    retry: retryVerdict(payment, charge, attempts, reachesGym(auth, PAYMENT_RETRIERS, payment.gym_id)),
  };
}

export const paymentDetail = (deps: Pick<AppDeps, 'db'>, auth: AuthContext, paymentId: number) =>
  loadDetail(deps.db, auth, paymentId);

export async function retryPaymentNow(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>,
  actor: Actor,
  paymentId: number,
) {
  const { auth } = actor;
  const payment = await findPayment(deps.db, auth.organisationId, paymentId);
  if (!payment) throw notFound('Payment not found.');
  // A member paying what they owe from their account retries their own charge the same way.
  const own = isOwnPayment(auth, payment);
  if (!own && !reachesGym(auth, PAYMENT_READERS, payment.gym_id))
    throw forbidden('You can only see payments of the gyms you administer.');
  if (!own && !reachesGym(auth, PAYMENT_RETRIERS, payment.gym_id))
    throw forbidden('Only admins of this gym can retry payments.');
  const chargeId = payment.charge_id;
  if (chargeId === null) throw conflict('This payment was recorded by hand; there is no charge to retry.');

  const outcome = await deps.db.transaction(async (tx) => {
    // One decision per charge at a time: a second click waits here and then sees the first's attempt.
    await lockChargeForRetry(tx, auth.organisationId, chargeId);
    const charge = await findCharge(tx, auth.organisationId, chargeId);
    const attempts = await chargeAttempts(tx, auth.organisationId, chargeId);
    const later = providerAttempts(attempts).find((a) => a.attempt > payment.attempt);
    if (later) return { id: later.id, created: false };
    const verdict = retryVerdict(payment, charge, attempts, true);
    if (!verdict.allowed) throw conflict(verdict.reason ?? 'This payment cannot be retried.');
    const last = await retrySource(tx, auth.organisationId, chargeId);
    if (!last) throw conflict('This payment cannot be retried.');
    const now = deps.clock.now();
    const subscriptionId = last.subscription_id ?? payment.subscription_id!;
    // Priced for the payment method the subscription holds now (no card surcharge by bank account).
    const [priced] = await repriceUnpaidCharges(tx, {
      organisationId: auth.organisationId,
      subscriptionId,
      chargeId,
      actorUserId: auth.user.id,
      now,
    });
    if (!priced) throw conflict('This payment cannot be retried.');
    // After every attempt at the charge, a part payment taken at the desk included.
    const attempt = Math.max(...attempts.map((a) => Number(a.attempt))) + 1;
    const id = await insertAttempt(tx, {
      organisationId: auth.organisationId,
      gymId: last.gym_id,
      userId: last.user_id,
      subscriptionId,
      chargeId,
      // The member may have given a new payment method since: the retry uses the subscription's.
      paymentTypeId: last.payment_type_id,
      destinationAccountId: last.destination_account_id,
      type: last.payment_type ?? last.type,
      amount: priced.amount,
      surcharge: priced.surcharge,
      periodStart: last.period_start_at,
      periodEnd: last.period_end_at,
      isRetry: true,
      isTermMembership: last.is_term_membership,
      attempt,
      forceAmount: last.force_amount,
      meta: { ...(last.meta ?? {}), retried_by: auth.user.id },
      now,
    });
    if (id === null) throw conflict('Another attempt at this charge was made at the same time.');
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: payment.user_id,
      subjectType: 'payment',
      subjectId: id,
      action: own ? 'payment.retried_by_member' : 'payment.retried_by_staff',
      data: { charge_id: chargeId, failed_payment_id: payment.id, attempt },
      requestId: actor.requestId,
      createdAt: now,
    });
    return { id, created: true };
  });
  // Sent after the attempt is committed, as the daily run does: a crash here leaves it for the run to send.
  if (outcome.created)
    await sendAttempt(deps, { organisationId: auth.organisationId, paymentId: outcome.id });
  const detail = await loadDetail(deps.db, auth, outcome.id);
  // A card paying at once clears grace by a transition; its door check is drained here, as after every
  // transition, so the member's doors follow before the answer.
  if (outcome.created && detail.subscription_id !== null)
    await drainMembershipOutbox(deps, { subscriptionIds: [detail.subscription_id] });
  return { retry_payment_id: outcome.id, created: outcome.created, detail };
}
