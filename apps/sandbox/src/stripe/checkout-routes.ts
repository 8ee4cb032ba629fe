// Stripe Checkout in setup mode: POST /v1/checkout/sessions (mode=setup) on a connected account makes a
// session whose `url` is the simulator's hosted page; the page takes the card through the same card form
// and 3-D Secure challenge as a SetupIntent, then sends the person to `success_url` (with
// `{CHECKOUT_SESSION_ID}` filled in), as Checkout does. The session's SetupIntent exists from the start
// here but is shown (`setup_intent`) only once the session is complete, as Stripe shows it since API
// version 2022-08-01; `checkout.session.completed` is sent then. Payment and subscription modes are not
// simulated (the product only saves cards with Checkout).
import type { FastifyInstance } from 'fastify';
import { list, obj, str, stringMap } from '../shared/form-body';
import { escapeHtml, renderPage, withQuery } from '../shared/html';
import { randomText, stripeId } from '../shared/ids';
import { nowUnix, type StripeContext } from './context';
import { invalidRequest, missingParam } from './errors';
import { emitStripeEvent } from './events';
import { listPage } from './list-page';
import { findScoped, listScoped } from './lookups';
import { type StripeCall, stripeRoute } from './route';
import { type CheckoutSession, SETUP_INTENT_UNUSED, type SetupIntent } from './types';

/** Checkout sessions expire 24 hours after they are made (Stripe's default). */
const SESSION_LIFE_S = 24 * 60 * 60;
const isHttpUrl = (value: string | undefined): value is string => !!value && /^https?:\/\/\S+$/i.test(value);

function newSetupIntent(ctx: StripeContext, call: StripeCall, customer: string | null): SetupIntent {
  const id = stripeId('seti');
  const setup = obj(call.params.setup_intent_data);
  return {
    id,
    object: 'setup_intent',
    ...SETUP_INTENT_UNUSED,
    client_secret: `${id}_secret_${randomText(32)}`,
    customer,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    usage: 'off_session',
    description: str(setup.description) ?? null,
    last_setup_error: null,
    next_action: null,
    latest_attempt: null,
    cancellation_reason: null,
    metadata: stringMap(setup.metadata),
    created: nowUnix(ctx),
    livemode: false,
  };
}

export function registerCheckoutRoutes(app: FastifyInstance, ctx: StripeContext): void {
  const find = (call: StripeCall) =>
    findScoped(ctx.state.checkoutSessions, call.pathParams.id, call.account, 'checkout.session', 'session');

  stripeRoute(app, ctx, 'POST', '/v1/checkout/sessions', (call) => {
    const { params, account } = call;
    const mode = str(params.mode);
    if (!mode) throw missingParam('mode');
    if (mode !== 'setup') {
      throw invalidRequest('The sandbox simulates Checkout in setup mode only.', { param: 'mode' });
    }
    const successUrl = str(params.success_url);
    if (!successUrl) throw missingParam('success_url');
    if (!isHttpUrl(successUrl)) throw invalidRequest('Not a valid URL', { param: 'success_url' });
    const cancelUrl = str(params.cancel_url);
    if (cancelUrl !== undefined && !isHttpUrl(cancelUrl))
      throw invalidRequest('Not a valid URL', { param: 'cancel_url' });
    const types = list(params.payment_method_types).filter((t): t is string => typeof t === 'string');
    if (types.some((t) => t !== 'card'))
      throw invalidRequest('The sandbox supports the card payment method only.', {
        param: 'payment_method_types',
      });
    const currency = str(params.currency)?.toLowerCase() ?? null;
    if (types.length === 0 && !currency) {
      throw invalidRequest(
        'You must provide `currency` when creating a Checkout Session in setup mode without `allowed_payment_method_types`.',
        { param: 'currency' },
      );
    }
    const customer = str(params.customer) ?? null;
    if (customer) findScoped(ctx.state.customers, customer, account, 'customer', 'customer');
    const seti = newSetupIntent(ctx, call, customer);
    ctx.state.setupIntents.set(seti.id, { account, value: seti });
    const id = `cs_test_${randomText(58)}`;
    const created = nowUnix(ctx);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: types.length > 0 ? types : null,
      amount_subtotal: null,
      amount_total: null,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: cancelUrl ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created,
      currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer,
      customer_account: null,
      customer_creation: null,
      customer_details: null,
      customer_email: str(params.customer_email) ?? null,
      discounts: null,
      expires_at: created + SESSION_LIFE_S,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: stringMap(params.metadata),
      mode: 'setup',
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: ['card'],
      payment_status: 'no_payment_required',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: null,
      ui_mode: 'hosted',
      url: `${ctx.publicUrl()}/checkout/${id}`,
      wallet_options: null,
    };
    ctx.state.checkoutSessions.set(id, { account, value: session });
    ctx.state.checkoutSetupIntents.set(id, seti.id);
    return session;
  });

  stripeRoute(app, ctx, 'GET', '/v1/checkout/sessions/:id', (call) => find(call).value);
  stripeRoute(app, ctx, 'GET', '/v1/checkout/sessions', ({ params, account }) =>
    listPage(
      '/v1/checkout/sessions',
      listScoped(ctx.state.checkoutSessions, account),
      params,
      'checkout.session',
    ),
  );
  stripeRoute(app, ctx, 'POST', '/v1/checkout/sessions/:id/expire', (call) => {
    const session = find(call).value;
    if (session.status !== 'open') {
      throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`, {
        param: 'session',
      });
    }
    Object.assign(session, { status: 'expired', url: null });
    emitStripeEvent(ctx, { account: call.account, call }, 'checkout.session.expired', session);
    return session;
  });

  registerHostedCheckoutPage(app, ctx);
}

/** The hosted page: the card form for the session's SetupIntent, then back to the platform. */
function registerHostedCheckoutPage(app: FastifyInstance, ctx: StripeContext): void {
  type Params = { Params: { id: string } };
  const openSession = (id: string) => {
    const scoped = ctx.state.checkoutSessions.get(id);
    if (!scoped) return undefined;
    const session = scoped.value;
    if (session.status === 'open' && session.expires_at <= nowUnix(ctx)) {
      Object.assign(session, { status: 'expired', url: null });
      emitStripeEvent(ctx, { account: scoped.account }, 'checkout.session.expired', session);
    }
    return scoped;
  };
  const gone = (reply: import('fastify').FastifyReply, message: string) =>
    reply
      .status(404)
      .type('text/html')
      .send(renderPage('Checkout', `<h1>This page is no longer available</h1><p>${escapeHtml(message)}</p>`));

  app.get<Params>('/checkout/:id', async (request, reply) => {
    const scoped = openSession(request.params.id);
    if (!scoped) return gone(reply, 'Unknown checkout session.');
    const session = scoped.value;
    if (session.status === 'complete') return reply.redirect(successUrlOf(session), 303);
    if (session.status !== 'open') return gone(reply, 'This checkout session has expired.');
    const seti = ctx.state.setupIntents.get(ctx.state.checkoutSetupIntents.get(session.id) ?? '')!.value;
    const returnUrl = `${ctx.publicUrl()}/checkout/${session.id}/return`;
    return reply.redirect(
      withQuery(`${ctx.publicUrl()}/card-form`, {
        client_secret: seti.client_secret,
        return_url: returnUrl,
        cancel_url: session.cancel_url ?? undefined,
      }),
      303,
    );
  });

  app.get<Params>('/checkout/:id/return', async (request, reply) => {
    const scoped = openSession(request.params.id);
    if (!scoped) return gone(reply, 'Unknown checkout session.');
    const session = scoped.value;
    const seti = ctx.state.setupIntents.get(ctx.state.checkoutSetupIntents.get(session.id) ?? '')?.value;
    if (session.status === 'open' && seti?.status === 'succeeded') {
      const pm = seti.payment_method ? ctx.state.paymentMethods.get(seti.payment_method)?.value : undefined;
      Object.assign(session, {
        status: 'complete',
        setup_intent: seti.id,
        url: null,
        customer_details: {
          address: null,
          email: pm?.billing_details.email ?? null,
          name: pm?.billing_details.name ?? null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
      });
      emitStripeEvent(ctx, { account: scoped.account }, 'checkout.session.completed', session);
    }
    if (session.status === 'complete') return reply.redirect(successUrlOf(session), 303);
    // Authentication failed or the card was refused: the card form again, as Checkout stays on its page.
    return reply.redirect(`/checkout/${session.id}`, 303);
  });
}

const successUrlOf = (session: CheckoutSession) =>
  (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
