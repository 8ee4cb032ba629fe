// /v1/setup_intents: create, retrieve, update, confirm (secret key, or publishable key with the
// client secret as Stripe.js does), cancel, list.
import type { FastifyInstance } from 'fastify';
import { list, obj, str, stringMap } from '../shared/form-body';
import { randomText, stripeId } from '../shared/ids';
import { nowUnix, type StripeContext } from './context';
import { cardError, invalidRequest } from './errors';
import { emitStripeEvent } from './events';
import { findScoped, listScoped } from './lookups';
import { cardFromParams, createPaymentMethod, resolvePaymentMethod } from './payment-methods';
import { listOf, type StripeCall, stripeRoute } from './route';
import { confirmSetup } from './setup-engine';
import { SETUP_INTENT_UNUSED, type SetupIntent } from './types';

export function registerSetupIntentRoutes(app: FastifyInstance, ctx: StripeContext): void {
  const find = (call: StripeCall) => {
    const scoped = findScoped(
      ctx.state.setupIntents,
      call.pathParams.id,
      call.account,
      'setup_intent',
      'intent',
    );
    if (call.keyType === 'publishable' && str(call.params.client_secret) !== scoped.value.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the SetupIntent.',
        {
          param: 'client_secret',
        },
      );
    }
    return scoped;
  };

  const confirm = (call: StripeCall, scoped: ReturnType<typeof find>) => {
    const { params, account } = call;
    const pmId = str(params.payment_method) ?? scoped.value.payment_method;
    const pmData = obj(params.payment_method_data);
    const pm = pmId
      ? resolvePaymentMethod(ctx, account, pmId, 'payment_method')
      : str(pmData.type)
        ? createPaymentMethod(ctx, account, cardFromParams(ctx, pmData), obj(pmData.billing_details))
        : undefined;
    if (!pm) {
      throw invalidRequest('You cannot confirm this SetupIntent because it is missing a payment method.', {
        code: 'setup_intent_unexpected_state',
      });
    }
    const result = confirmSetup(ctx, { account, call }, scoped, pm, str(params.return_url));
    if (result === 'failed')
      throw cardError({ ...scoped.value.last_setup_error!, setup_intent: structuredClone(scoped.value) });
    return scoped.value;
  };

  stripeRoute(app, ctx, 'POST', '/v1/setup_intents', (call) => {
    const { params, account } = call;
    const customer = str(params.customer);
    if (customer) findScoped(ctx.state.customers, customer, account, 'customer', 'customer');
    const pmId = str(params.payment_method);
    const id = stripeId('seti');
    const seti: SetupIntent = {
      id,
      object: 'setup_intent',
      ...SETUP_INTENT_UNUSED,
      client_secret: `${id}_secret_${randomText(32)}`,
      customer: customer ?? null,
      payment_method: pmId ? resolvePaymentMethod(ctx, account, pmId, 'payment_method').id : null,
      payment_method_types: list(params.allowed_payment_method_types ?? params.payment_method_types).filter(
        (t): t is string => typeof t === 'string',
      ),
      status: pmId ? 'requires_confirmation' : 'requires_payment_method',
      usage: str(params.usage) === 'on_session' ? 'on_session' : 'off_session',
      description: str(params.description) ?? null,
      last_setup_error: null,
      next_action: null,
      latest_attempt: null,
      cancellation_reason: null,
      metadata: stringMap(params.metadata),
      created: nowUnix(ctx),
      livemode: false,
    };
    if (seti.payment_method_types.length === 0) seti.payment_method_types = ['card'];
    const scoped = { account, value: seti };
    ctx.state.setupIntents.set(id, scoped);
    emitStripeEvent(ctx, { account, call }, 'setup_intent.created', seti);
    return str(params.confirm) === 'true' ? confirm(call, scoped) : seti;
  });

  stripeRoute(app, ctx, 'GET', '/v1/setup_intents/:id', (call) => find(call).value, { publishable: true });
  stripeRoute(app, ctx, 'GET', '/v1/setup_intents', ({ params, account }) => {
    const customer = str(params.customer);
    return listOf(
      '/v1/setup_intents',
      listScoped(ctx.state.setupIntents, account).filter((s) => !customer || s.customer === customer),
    );
  });
  stripeRoute(app, ctx, 'POST', '/v1/setup_intents/:id', (call) => {
    const seti = find(call).value;
    if (call.params.metadata !== undefined)
      seti.metadata = { ...seti.metadata, ...stringMap(call.params.metadata) };
    const pmId = str(call.params.payment_method);
    if (pmId) {
      seti.payment_method = resolvePaymentMethod(ctx, call.account, pmId, 'payment_method').id;
      seti.status = 'requires_confirmation';
    }
    return seti;
  });
  stripeRoute(app, ctx, 'POST', '/v1/setup_intents/:id/confirm', (call) => confirm(call, find(call)), {
    publishable: true,
  });
  stripeRoute(app, ctx, 'POST', '/v1/setup_intents/:id/cancel', (call) => {
    const seti = find(call).value;
    if (seti.status === 'succeeded' || seti.status === 'canceled') {
      throw invalidRequest(`You cannot cancel this SetupIntent because it has a status of ${seti.status}.`, {
        code: 'setup_intent_unexpected_state',
      });
    }
    Object.assign(seti, {
      status: 'canceled',
      cancellation_reason: str(call.params.cancellation_reason) ?? null,
    });
    emitStripeEvent(ctx, { account: call.account, call }, 'setup_intent.canceled', seti);
    return seti;
  });
}
