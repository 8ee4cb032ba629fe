// The Stripe adapter against the sandbox simulator: onboarding, card saving, charges, refunds, webhooks.
import { type RunningSandbox, startSandbox } from '@gym/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from './provider-error';
import { createStripeAdapter, type StripeAdapter } from './stripe';
import { saveCardThroughCheckout, walkCardCheckout } from './stripe-checkout.test-support';
import { type Received, receiveWebhooks } from './test-webhook-receiver';

let sandbox: RunningSandbox;
let hooks: Received;
let stripe: StripeAdapter;
let now = new Date();

beforeAll(async () => {
  hooks = await receiveWebhooks();
  sandbox = await startSandbox({
    webhookTargets: { stripe: hooks.url },
    stripeWebhookSecret: 'whsec_adapter',
  });
  stripe = createStripeAdapter({
    secretKey: 'sk_test_sandbox',
    webhookSecret: 'whsec_adapter',
    apiUrl: sandbox.stripe.url,
    maxNetworkRetries: 0,
    now: () => now,
  });
});
afterAll(async () => {
  await sandbox.close();
  await hooks.close();
});
beforeEach(() => {
  sandbox.controls.reset();
  hooks.list.length = 0;
  now = new Date();
});

async function gymWithSavedCard(number = '4242424242424242') {
  const { accountId } = await stripe.createConnectedAccount({
    email: 'gym@x.nz',
    businessName: 'Sandbox Gym',
  });
  const link = await stripe.onboardingLink({
    accountId,
    returnUrl: 'http://localhost:3000/stripe/callback',
    refreshUrl: 'http://localhost:3000/stripe/callback?refresh=1',
  });
  expect(link.url.startsWith(sandbox.stripe.url)).toBe(true);
  expect((await stripe.completeOnboarding(accountId)).chargesEnabled).toBe(false);
  sandbox.controls.stripe.completeOnboarding(accountId);
  expect(await stripe.completeOnboarding(accountId)).toMatchObject({
    chargesEnabled: true,
    detailsSubmitted: true,
  });

  const { customerId } = await stripe.createCustomer({ accountId, email: 'm@x.nz', name: 'Member' });
  const { sessionId, back } = await saveCardThroughCheckout(stripe, {
    accountId,
    customerId,
    registerUrl: 'http://join.localhost:3000',
    number,
  });
  expect(back.toString()).toBe(`http://join.localhost:3000/card-connected?session_id=${sessionId}`);
  const saved = await stripe.cardCheckoutResult(accountId, sessionId);
  expect(saved.customerId).toBe(customerId);
  return { accountId, customerId, paymentMethodId: saved.paymentMethodId!, saved };
}

describe('Stripe adapter', () => {
  it('saves a card, charges it off-session once per key, and refunds', async () => {
    const { accountId, customerId, paymentMethodId, saved } = await gymWithSavedCard();
    expect(saved).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const input = {
      accountId,
      customerId,
      paymentMethodId,
      amountCents: 2590,
      applicationFeeCents: 100,
      idempotencyKey: 'attempt-9',
    };
    const charged = await stripe.chargeOffSession(input);
    expect(charged).toMatchObject({ status: 'succeeded' });
    expect(await stripe.chargeOffSession(input)).toEqual(charged);
    if (charged.status !== 'succeeded') throw new Error('expected success');
    await expect(
      stripe.refund({ accountId, paymentIntentId: charged.paymentIntentId, idempotencyKey: 'refund-9' }),
    ).resolves.toMatchObject({
      status: 'succeeded',
    });
  });

  it('returns declines as outcomes with the decline code', async () => {
    const { accountId, customerId, paymentMethodId } = await gymWithSavedCard();
    sandbox.controls.stripe.failNextCharge({ customer: customerId }, 'stolen_card');
    const outcome = await stripe.chargeOffSession({
      accountId,
      customerId,
      paymentMethodId,
      amountCents: 1000,
      idempotencyKey: 'a-1',
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      failureCode: 'stolen_card',
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    // A 3-D Secure card is saved once the member passes the challenge; a failed one saves nothing.
    const auth = await gymWithSavedCard('4000002760003184');
    expect(auth.saved).toMatchObject({ status: 'succeeded' });
    const { customerId: other } = await stripe.createCustomer({ accountId: auth.accountId, email: 'f@x.nz' });
    const started = await stripe.startCardCheckout({
      accountId: auth.accountId,
      customerId: other,
      successUrl: 'http://join.localhost:3000/card-connected?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://join.localhost:3000/choose-payment-method',
    });
    const back = await walkCardCheckout(started.url, '4000002760003184', 'fail');
    expect(back.pathname).toBe(`/checkout/${started.sessionId}`);
    expect(await stripe.cardCheckoutResult(auth.accountId, started.sessionId)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      customerId: other,
    });
  });

  it('verifies webhooks against the application clock', async () => {
    await gymWithSavedCard();
    await sandbox.controls.settle();
    const hook = hooks.list.find((h) => h.body.includes('"setup_intent.succeeded"'))!;
    const signature = hook.headers['stripe-signature'] as string;
    expect(stripe.verifyWebhook(hook.body, signature).type).toBe('setup_intent.succeeded');
    expect(() => stripe.verifyWebhook(hook.body, signature.replace(/v1=./, 'v1=0'))).toThrow(ProviderError);
    now = new Date(Date.now() + 10 * 60_000);
    expect(() => stripe.verifyWebhook(hook.body, signature)).toThrow(/tolerance/);
  });

  it('turns an unreachable Stripe into ProviderError unavailable', async () => {
    sandbox.controls.faults.inject('stripe', { status: 500, count: -1 });
    await expect(stripe.createConnectedAccount({})).rejects.toMatchObject({
      provider: 'stripe',
      kind: 'unavailable',
    });
  });
});
