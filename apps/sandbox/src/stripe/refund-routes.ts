// Refunds (by payment_intent or charge, whole or part), charges, and the event log (GET /v1/events).
import type { FastifyInstance } from 'fastify';
import { str, stringMap } from '../shared/form-body';
import { stripeId } from '../shared/ids';
import { nowUnix, type StripeContext } from './context';
import { invalidRequest, missingParam } from './errors';
import { emitStripeEvent } from './events';
import { findScoped } from './lookups';
import { listOf, type StripeCall, stripeRoute } from './route';
import { REFUND_UNUSED, type Refund } from './types';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function chargeToRefund(ctx: StripeContext, call: StripeCall) {
  const { params, account } = call;
  const chargeId = str(params.charge);
  if (chargeId) return findScoped(ctx.state.charges, chargeId, account, 'charge', 'charge');
  const piId = str(params.payment_intent);
  if (!piId) throw missingParam('charge');
  const pi = findScoped(ctx.state.paymentIntents, piId, account, 'payment_intent', 'payment_intent').value;
  if (pi.status !== 'succeeded' || !pi.latest_charge) {
    throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
      param: 'payment_intent',
    });
  }
  return findScoped(ctx.state.charges, pi.latest_charge, account, 'charge', 'charge');
}

export function registerRefundRoutes(app: FastifyInstance, ctx: StripeContext): void {
  stripeRoute(app, ctx, 'POST', '/v1/refunds', (call) => {
    const charge = chargeToRefund(ctx, call).value;
    if (charge.status !== 'succeeded') {
      throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, {
        param: 'charge',
      });
    }
    if (charge.refunded) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const remaining = charge.amount - charge.amount_refunded;
    const amountText = str(call.params.amount);
    const amount = amountText === undefined ? remaining : Number(amountText);
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalidRequest(`Invalid integer: ${amountText}`, { param: 'amount' });
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
        { param: 'amount' },
      );
    }
    const refund: Refund = {
      id: stripeId('re'),
      object: 'refund',
      ...REFUND_UNUSED,
      amount,
      charge: charge.id,
      customer: charge.customer,
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      currency: charge.currency,
      reason: str(call.params.reason) ?? null,
      status: 'succeeded',
      metadata: stringMap(call.params.metadata),
      created: nowUnix(ctx),
    };
    ctx.state.refunds.set(refund.id, { account: call.account, value: refund });
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const source = { account: call.account, call };
    emitStripeEvent(ctx, source, 'refund.created', refund);
    emitStripeEvent(ctx, source, 'charge.refunded', charge, previous);
    return refund;
  });
  stripeRoute(
    app,
    ctx,
    'GET',
    '/v1/refunds/:id',
    ({ pathParams, account }) => findScoped(ctx.state.refunds, pathParams.id, account, 'refund').value,
  );
  stripeRoute(
    app,
    ctx,
    'GET',
    '/v1/charges/:id',
    ({ pathParams, account }) => findScoped(ctx.state.charges, pathParams.id, account, 'charge').value,
  );
  stripeRoute(app, ctx, 'GET', '/v1/events/:id', ({ pathParams, account }) => {
    const found = ctx.state.events.find((e) => e.value.id === pathParams.id && e.account === account);
    if (!found)
      throw invalidRequest(`No such event: '${pathParams.id}'`, { status: 404, code: 'resource_missing' });
    return found.value;
  });
  stripeRoute(app, ctx, 'GET', '/v1/events', ({ params, account }) => {
    const type = str(params.type);
    const limit = Math.min(Number(str(params.limit) ?? 10) || 10, 100);
    const events = ctx.state.events
      .filter((e) => e.account === account)
      .map((e) => e.value)
      .filter((e) => !type || e.type === type)
      .reverse();
    return { ...listOf('/v1/events', events.slice(0, limit)), has_more: events.length > limit };
  });
}
