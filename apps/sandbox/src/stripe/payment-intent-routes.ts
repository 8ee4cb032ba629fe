// /v1/payment_intents: create (optionally confirm=true, off_session=true, application_fee_amount on a
// connected account), retrieve, confirm, cancel, list.
import type { FastifyInstance } from 'fastify';
import { bool, str, stringMap } from '../shared/form-body';
import { randomText, stripeId } from '../shared/ids';
import { confirmPayment } from './charge-engine';
import { nowUnix, type StripeContext } from './context';
import { invalidRequest, missingParam } from './errors';
import { emitStripeEvent } from './events';
import { listPage } from './list-page';
import { findScoped, listScoped } from './lookups';
import { resolvePaymentMethod } from './payment-methods';
import { type StripeCall, stripeRoute } from './route';
import { searchPage } from './search';
import { PAYMENT_INTENT_UNUSED, type PaymentIntent } from './types';

function readAmounts(call: StripeCall): { amount: number; currency: string; fee: number | null } {
  const { params, account } = call;
  const amountText = str(params.amount);
  if (amountText === undefined) throw missingParam('amount');
  const amount = Number(amountText);
  if (!Number.isInteger(amount) || amount < 0)
    throw invalidRequest(`Invalid integer: ${amountText}`, { param: 'amount' });
  const currency = str(params.currency)?.toLowerCase();
  if (!currency) throw missingParam('currency');
  if (amount < 50) {
    throw invalidRequest(`Amount must be at least $0.50 ${currency}`, {
      code: 'amount_too_small',
      param: 'amount',
    });
  }
  const feeText = str(params.application_fee_amount);
  const fee = feeText === undefined ? null : Number(feeText);
  if (fee !== null && !account) {
    throw invalidRequest(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      { param: 'application_fee_amount' },
    );
  }
  if (fee !== null && (!Number.isInteger(fee) || fee < 0 || fee > amount)) {
    throw invalidRequest('application_fee_amount must be a non-negative integer no larger than amount.', {
      param: 'application_fee_amount',
    });
  }
  return { amount, currency, fee };
}

export function registerPaymentIntentRoutes(app: FastifyInstance, ctx: StripeContext): void {
  const find = (call: StripeCall) =>
    findScoped(ctx.state.paymentIntents, call.pathParams.id, call.account, 'payment_intent', 'intent');

  stripeRoute(app, ctx, 'POST', '/v1/payment_intents', (call) => {
    const { params, account } = call;
    const { amount, currency, fee } = readAmounts(call);
    const customer = str(params.customer);
    if (customer) findScoped(ctx.state.customers, customer, account, 'customer', 'customer');
    const pmId = str(params.payment_method);
    const pm = pmId ? resolvePaymentMethod(ctx, account, pmId, 'payment_method') : undefined;
    if (pm?.customer && pm.customer !== customer) {
      throw invalidRequest(
        customer
          ? 'The provided PaymentMethod belongs to a different Customer.'
          : 'The provided PaymentMethod was previously attached to a Customer. To use it, also pass that Customer.',
        { param: 'payment_method' },
      );
    }
    const confirm = bool(params.confirm) === true;
    const offSession = bool(params.off_session) === true;
    if (offSession && !confirm)
      throw invalidRequest('off_session can only be used when confirm=true.', { param: 'off_session' });
    const id = stripeId('pi');
    const pi: PaymentIntent = {
      id,
      object: 'payment_intent',
      ...PAYMENT_INTENT_UNUSED,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      customer: customer ?? null,
      payment_method: pm?.id ?? null,
      payment_method_types: ['card'],
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${randomText(25)}`,
      application_fee_amount: fee,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      description: str(params.description) ?? null,
      statement_descriptor_suffix: str(params.statement_descriptor_suffix) ?? null,
      setup_future_usage: (str(params.setup_future_usage) as PaymentIntent['setup_future_usage']) ?? null,
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      canceled_at: null,
      cancellation_reason: null,
      metadata: stringMap(params.metadata),
      created: nowUnix(ctx),
      livemode: false,
    };
    const scoped = { account, value: pi };
    ctx.state.paymentIntents.set(id, scoped);
    emitStripeEvent(ctx, { account, call }, 'payment_intent.created', pi);
    return confirm ? confirmPayment(ctx, call, scoped, offSession) : pi;
  });

  stripeRoute(app, ctx, 'GET', '/v1/payment_intents/search', ({ params, account }) =>
    searchPage('/v1/payment_intents/search', listScoped(ctx.state.paymentIntents, account), params),
  );
  stripeRoute(app, ctx, 'GET', '/v1/payment_intents/:id', (call) => find(call).value);
  stripeRoute(app, ctx, 'GET', '/v1/payment_intents', ({ params, account }) => {
    const customer = str(params.customer);
    return listPage(
      '/v1/payment_intents',
      listScoped(ctx.state.paymentIntents, account).filter((p) => !customer || p.customer === customer),
      params,
      'payment_intent',
    );
  });
  stripeRoute(app, ctx, 'POST', '/v1/payment_intents/:id/confirm', (call) => {
    const scoped = find(call);
    const pi = scoped.value;
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) {
      throw invalidRequest(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
        extra: { payment_intent: structuredClone(pi) },
      });
    }
    const pmId = str(call.params.payment_method);
    if (pmId) pi.payment_method = resolvePaymentMethod(ctx, call.account, pmId, 'payment_method').id;
    return confirmPayment(ctx, call, scoped, bool(call.params.off_session) === true);
  });
  stripeRoute(app, ctx, 'POST', '/v1/payment_intents/:id/cancel', (call) => {
    const pi = find(call).value;
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw invalidRequest(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    }
    Object.assign(pi, {
      status: 'canceled',
      canceled_at: nowUnix(ctx),
      cancellation_reason: str(call.params.cancellation_reason) ?? 'requested_by_customer',
    });
    emitStripeEvent(ctx, { account: call.account, call }, 'payment_intent.canceled', pi);
    return pi;
  });
}
