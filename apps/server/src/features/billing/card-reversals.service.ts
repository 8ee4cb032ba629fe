// Money Stripe moves back after a card payment succeeded, whoever started it: a dispute the cardholder
// opens with their bank (`charge.dispute.created`, then `closed` won or lost), and a refund made outside
// the product (Stripe's dashboard: `charge.refunded`). Each is a named step on the payment, its charge and
// the subscription's standing, and each goes through the membership lifecycle (transitions.ts): the
// dispute's own entry and the standing it moves (grace started or cleared) are transitions.
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import {
  type LockedCardPayment,
  lockByIntent,
  markDisputeClosed,
  markDisputed,
  refundedOfPayment,
  setChargeStatus,
} from './card-reversals.repository';
import { refreshStanding } from './charge-settlement';
import { recordRefund, TRANSITION_ACTIONS, transition } from './transitions';

/**
 * The error_status a disputed attempt carries: not a code the retry rule knows, so it counts as hard
 * (payment-retry.ts): a charge the cardholder disputed is never charged again on its own.
 */
const DISPUTED = 'CARD_DISPUTED';

export interface ReversalContext {
  now: Date;
  webhookCallId?: number | undefined;
  requestId?: string | undefined;
}

/**
 * The payment's entry. A membership's payment moves through the lifecycle (its transition books the
 * member's door check with the entry); a payment of no membership is only logged.
 */
async function log(
  tx: Executor,
  organisationId: number,
  payment: LockedCardPayment,
  kind: 'payment_disputed' | 'dispute_won' | 'dispute_lost',
  data: Record<string, unknown>,
  context: ReversalContext,
) {
  const entry = {
    source: 'stripe_webhook',
    ...data,
    ...(context.webhookCallId ? { webhook_call_id: context.webhookCallId } : {}),
  };
  if (payment.subscription_id !== null) {
    await transition(tx, {
      kind,
      organisationId,
      subscriptionId: payment.subscription_id,
      userId: payment.user_id,
      now: context.now,
      requestId: context.requestId ?? null,
      payment: { id: payment.id, status: kind === 'dispute_won' ? 'sent' : 'disputed' },
      data: entry,
    });
    return;
  }
  await appendActivity(tx, {
    organisationId,
    actorUserId: null,
    userId: payment.user_id,
    subjectType: 'payment',
    subjectId: payment.id,
    action: TRANSITION_ACTIONS[kind],
    data: entry,
    requestId: context.requestId ?? null,
    createdAt: context.now,
  });
}

/** The charge is owed again (its money went back to the cardholder), or paid again (a won dispute). */
async function setChargeOwed(
  tx: Executor,
  organisationId: number,
  payment: LockedCardPayment,
  owed: boolean,
  now: Date,
) {
  if (payment.charge_id === null) return;
  await setChargeStatus(tx, organisationId, payment.charge_id, owed, now);
  if (payment.subscription_id !== null)
    await refreshStanding(tx, organisationId, payment.subscription_id, now);
}

/**
 * A dispute opened on a card payment: the payment is `disputed`, its charge owed again, so the member's
 * balance owing (and grace) include it. Answers why nothing changed, or null.
 */
export async function recordCardDisputeOpened(
  tx: Executor,
  organisationId: number,
  dispute: { paymentIntentId: string; disputeId: string; reason: string; amountCents: number },
  context: ReversalContext,
): Promise<string | null> {
  const payment = await lockByIntent(tx, organisationId, dispute.paymentIntentId);
  if (!payment) return 'no matching record';
  if (payment.status !== 'sent') return `payment already ${payment.status}`;
  await markDisputed(tx, payment.id, DISPUTED, dispute, context.now);
  await setChargeOwed(tx, organisationId, payment, true, context.now);
  await log(
    tx,
    organisationId,
    payment,
    'payment_disputed',
    { dispute_id: dispute.disputeId, reason: dispute.reason, amount: dispute.amountCents },
    context,
  );
  return null;
}

/**
 * A dispute closed: won, the money comes back (payment `sent`, charge paid, nothing owed for it); lost,
 * the payment stays `disputed` and its charge owed.
 */
export async function recordCardDisputeClosed(
  tx: Executor,
  organisationId: number,
  dispute: { paymentIntentId: string; disputeId: string; status: string },
  context: ReversalContext,
): Promise<string | null> {
  const payment = await lockByIntent(tx, organisationId, dispute.paymentIntentId);
  if (!payment) return 'no matching record';
  if (payment.status !== 'disputed') return `payment is ${payment.status}, not disputed`;
  const won = dispute.status === 'won';
  const meta = { dispute: { ...(payment.meta.dispute as object), status: dispute.status } };
  await markDisputeClosed(tx, payment.id, won, meta, context.now);
  if (won) await setChargeOwed(tx, organisationId, payment, false, context.now);
  await log(
    tx,
    organisationId,
    payment,
    won ? 'dispute_won' : 'dispute_lost',
    { dispute_id: dispute.disputeId },
    context,
  );
  return null;
}

/**
 * A refund made outside the product (Stripe's dashboard), recorded as the product records its own: the
 * payment `refunded` with the amount and how in its meta, its charge `refunded`. Our own refunds arrive
 * here too (their webhook) and find the payment already refunded.
 */
export async function recordOutsideCardRefund(
  tx: Executor,
  organisationId: number,
  refund: { paymentIntentId: string; amountRefundedCents: number },
  context: ReversalContext,
): Promise<string | null> {
  const payment = await lockByIntent(tx, organisationId, refund.paymentIntentId);
  if (!payment) return 'no matching record';
  // Stripe's charge carries what was refunded in all; the product's own refunds (cooling-off) are
  // already records beside the payment, so only the part nobody recorded is new.
  const recorded = await refundedOfPayment(tx, organisationId, payment.id);
  const outside = refund.amountRefundedCents - (recorded?.total ?? 0);
  if (outside <= 0) return 'refund already recorded';
  if (payment.status !== 'sent') return `payment is ${payment.status}, not sent`;
  if (payment.subscription_id === null || !recorded) return 'payment belongs to no membership';
  // Recorded as the product records its own: a refund beside the payment, which stays collected.
  await recordRefund(tx, {
    organisationId,
    gymId: recorded.gym_id,
    subscriptionId: payment.subscription_id,
    userId: payment.user_id,
    paymentId: payment.id,
    amount: outside,
    reason: 'stripe_dashboard',
    method: 'stripe',
    requestId: context.requestId ?? null,
    now: context.now,
  });
  return null;
}
