// Confirming a PaymentIntent: decides the card's answer (a queued test failure first, then the test
// card's behaviour), records the Charge, updates the intent, sends the events, and throws Stripe's
// 402 card error when the card is declined.
import { stripeId } from '../shared/ids';
import { behaviourOf, CARD_FAILURES, type CardFailure } from './cards';
import { nowUnix, type StripeContext } from './context';
import { DISPUTE_AFTER_MS, openDispute } from './dispute-routes';
import { cardError, cardErrorObject, invalidRequest } from './errors';
import { emitStripeEvent } from './events';
import { businessName } from './lookups';
import type { StripeCall } from './route';
import type { Scoped } from './state';
import type { Charge, PaymentIntent, PaymentMethod } from './types';

type Answer =
  | { kind: 'ok' }
  | { kind: 'declined'; failure: CardFailure }
  | { kind: 'requires_action' }
  | { kind: 'processing' };

/** How long a held charge stays `processing` before it succeeds (simulated time). */
const PROCESSING_MS = 60 * 60 * 1000;

function takeQueuedFailure(
  ctx: StripeContext,
  pm: PaymentMethod,
  customer: string | null,
): CardFailure | 'processing' | undefined {
  const index = ctx.state.queuedFailures.findIndex(
    (q) => (q.paymentMethod && q.paymentMethod === pm.id) || (q.customer && q.customer === customer),
  );
  if (index < 0) return stagedForEmail(ctx, customer);
  const [queued] = ctx.state.queuedFailures.splice(index, 1);
  if (queued!.failure === 'processing') return 'processing';
  return CARD_FAILURES[queued!.failure] ?? CARD_FAILURES.card_declined;
}

/** A failure staged for the email of the customer being charged (one use of it taken). */
function stagedForEmail(ctx: StripeContext, customer: string | null): CardFailure | undefined {
  const email = customer ? ctx.state.customers.get(customer)?.value.email?.toLowerCase() : undefined;
  const staged = email ? ctx.state.stagedByEmail.get(email) : undefined;
  if (!staged) return undefined;
  if (staged.remaining !== null) {
    staged.remaining -= 1;
    if (staged.remaining <= 0) ctx.state.stagedByEmail.delete(staged.email);
  }
  return CARD_FAILURES[staged.failure] ?? CARD_FAILURES.card_declined;
}

function cardAnswer(
  ctx: StripeContext,
  pm: PaymentMethod,
  customer: string | null,
  offSession: boolean,
): Answer {
  const queued = takeQueuedFailure(ctx, pm, customer);
  if (queued === 'processing') return { kind: 'processing' };
  if (queued) return { kind: 'declined', failure: queued };
  const card = ctx.state.cards.get(pm.id);
  const charge = behaviourOf(card?.number ?? '').charge;
  if (charge === 'ok') return { kind: 'ok' };
  const needsAuth =
    charge === 'auth_always' || (charge === 'auth_unless_set_up' && !card?.setUpForOffSession);
  if (charge === 'auth_always' || charge === 'auth_unless_set_up') {
    if (!needsAuth) return { kind: 'ok' };
    return offSession
      ? { kind: 'declined', failure: CARD_FAILURES.authentication_required! }
      : { kind: 'requires_action' };
  }
  return { kind: 'declined', failure: CARD_FAILURES[charge]! };
}

/** What the cardholder's statement shows: the account's business name, in capitals, at most 22 characters. */
const statementDescriptor = (ctx: StripeContext, account: string | null): string =>
  businessName(ctx, account)
    .toUpperCase()
    .replace(/[<>\\'"*]/g, '')
    .slice(0, 22);

function recordCharge(
  ctx: StripeContext,
  scoped: Scoped<PaymentIntent>,
  pm: PaymentMethod,
  failure?: CardFailure,
  pending = false,
): Charge {
  const pi = scoped.value;
  const ok = !failure && !pending;
  const charge: Charge = {
    id: stripeId('ch'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: ok ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: ok && pi.application_fee_amount ? stripeId('fee') : null,
    application_fee_amount: pi.application_fee_amount,
    balance_transaction: ok ? stripeId('txn') : null,
    billing_details: structuredClone(pm.billing_details),
    calculated_statement_descriptor: statementDescriptor(ctx, scoped.account),
    captured: ok,
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: {
      network_status: ok || pending ? 'approved_by_network' : 'declined_by_network',
      reason: failure?.decline_code ?? null,
      risk_level: 'normal',
      seller_message: ok
        ? 'Payment complete.'
        : 'The bank did not return any further details with this decline.',
      type: ok || pending ? 'authorized' : 'issuer_declined',
    },
    paid: ok,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      type: 'card',
      card: { ...pm.card, network: pm.card.brand, three_d_secure: null },
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: pi.statement_descriptor_suffix,
    status: pending ? 'pending' : ok ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
    created: nowUnix(ctx),
    livemode: false,
  };
  ctx.state.charges.set(charge.id, { account: scoped.account, value: charge });
  return charge;
}

export function confirmPayment(
  ctx: StripeContext,
  call: StripeCall,
  scoped: Scoped<PaymentIntent>,
  offSession: boolean,
): PaymentIntent {
  const pi = scoped.value;
  const source = { account: scoped.account, call };
  const pm = pi.payment_method ? ctx.state.paymentMethods.get(pi.payment_method)?.value : undefined;
  if (!pm) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, pass payment_method.",
      { code: 'payment_intent_unexpected_state', extra: { payment_intent: structuredClone(pi) } },
    );
  }
  const account = scoped.account ? ctx.state.accounts.get(scoped.account) : undefined;
  if (account && !account.charges_enabled) {
    throw invalidRequest(
      'Your account cannot currently make charges. Finish onboarding to enable card payments.',
      {
        code: 'account_invalid',
      },
    );
  }
  const answer = cardAnswer(ctx, pm, pi.customer, offSession);
  if (answer.kind === 'requires_action') {
    Object.assign(pi, {
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
    });
    emitStripeEvent(ctx, source, 'payment_intent.requires_action', pi);
    return pi;
  }
  if (answer.kind === 'processing') return holdProcessing(ctx, scoped, pm, source);
  const failure = answer.kind === 'declined' ? answer.failure : undefined;
  const charge = recordCharge(ctx, scoped, pm, failure);
  pi.latest_charge = charge.id;
  if (!failure) {
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      last_payment_error: null,
      next_action: null,
    });
    const card = ctx.state.cards.get(pm.id);
    if (card && pi.setup_future_usage === 'off_session') card.setUpForOffSession = true;
    emitStripeEvent(ctx, source, 'charge.succeeded', charge);
    emitStripeEvent(ctx, source, 'payment_intent.succeeded', pi);
    const dispute = behaviourOf(card?.number ?? '').dispute;
    if (dispute) {
      const scopedCharge = ctx.state.charges.get(charge.id)!;
      ctx.runtime.scheduler.after(DISPUTE_AFTER_MS, 'stripe:dispute', () => {
        openDispute(ctx, scopedCharge, dispute);
      });
    }
    return pi;
  }
  const error = cardErrorObject(failure, { charge: charge.id, payment_method: structuredClone(pm) });
  Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error, next_action: null });
  emitStripeEvent(ctx, source, 'charge.failed', charge);
  emitStripeEvent(ctx, source, 'payment_intent.payment_failed', pi);
  throw cardError({ ...error, payment_intent: structuredClone(pi) });
}

/**
 * A payment Stripe has accepted but not finished (`processing`): the intent and its pending charge wait,
 * then succeed an hour later with the usual events, as a delayed card or bank debit does.
 */
function holdProcessing(
  ctx: StripeContext,
  scoped: Scoped<PaymentIntent>,
  pm: PaymentMethod,
  source: { account: string | null; call: StripeCall },
): PaymentIntent {
  const pi = scoped.value;
  const charge = recordCharge(ctx, scoped, pm, undefined, true);
  Object.assign(pi, {
    status: 'processing',
    latest_charge: charge.id,
    last_payment_error: null,
    next_action: null,
  });
  emitStripeEvent(ctx, source, 'charge.pending', charge);
  emitStripeEvent(ctx, source, 'payment_intent.processing', pi);
  ctx.runtime.scheduler.after(PROCESSING_MS, 'stripe:processing', () => {
    if (pi.status !== 'processing') return;
    Object.assign(charge, {
      status: 'succeeded',
      paid: true,
      captured: true,
      amount_captured: charge.amount,
      balance_transaction: stripeId('txn'),
      application_fee: charge.application_fee_amount ? stripeId('fee') : null,
    });
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
    const later = { account: scoped.account, call: null };
    emitStripeEvent(ctx, later, 'charge.succeeded', charge);
    emitStripeEvent(ctx, later, 'payment_intent.succeeded', pi);
  });
  return pi;
}
