// Stripe webhooks end to end: a gym's connected account in the sandbox saves a card and charges it;
// its signed events reach the listening app. Forged, stale and replayed deliveries are refused or
// acknowledged without a second effect.
import { createHmac } from 'node:crypto';
import { SANDBOX_DEFAULTS } from '@gym/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCardThroughCheckout } from '../../adapters/stripe-checkout.test-support';
import { gyms } from '../../db/schema/index';
import { createGym, createMember, createTenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PAYMENT_KEY_METADATA } from '../billing';
import {
  callsOf,
  deliveries,
  paymentActivity,
  paymentAttempt,
  paymentRow,
  receiveSandboxWebhooks,
  replay,
} from './webhooks.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  await receiveSandboxWebhooks(t);
});
afterAll(() => t.close());

/** A gym on its own connected account, and a member whose card was saved through the card form. */
async function cardMember() {
  const stripe = t.providers.stripe;
  const gym = await createGym(t.db, home.organisation.id);
  const { accountId } = await stripe.createConnectedAccount({
    email: 'owner@gym.test',
    businessName: gym.name,
  });
  t.sandbox.controls.stripe.completeOnboarding(accountId);
  await t.db.update(gyms).set({ stripeId: accountId }).where(eq(gyms.id, gym.id));
  const member = await createMember(t.db, { organisationId: home.organisation.id, gymId: gym.id });
  const { customerId } = await stripe.createCustomer({ accountId, email: member.email });
  const { sessionId } = await saveCardThroughCheckout(stripe, {
    accountId,
    customerId,
    registerUrl: t.env.REGISTER_URL,
    number: '4242424242424242',
  });
  const saved = await stripe.cardCheckoutResult(accountId, sessionId);
  const setupIntentId = saved.setupIntentId;
  return { gym, accountId, member, customerId, setupIntentId, paymentMethodId: saved.paymentMethodId! };
}

type CardMember = Awaited<ReturnType<typeof cardMember>>;

/** An attempt written first, then charged with its key in the PaymentIntent's metadata. */
async function charge(card: CardMember) {
  const attempt = await paymentAttempt(t, {
    organisationId: home.organisation.id,
    gymId: card.gym.id,
    userId: card.member.id,
    type: 'stripe_card',
  });
  const outcome = await t.providers.stripe.chargeOffSession({
    accountId: card.accountId,
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    amountCents: attempt.amount,
    metadata: { [PAYMENT_KEY_METADATA]: attempt.idempotencyKey },
    idempotencyKey: attempt.idempotencyKey,
  });
  await t.sandbox.controls.settle();
  return { paymentId: attempt.id, outcome };
}

const callFor = async (eventId: string) =>
  (await callsOf(t, 'stripe')).filter((c) => c.externalId === eventId);
const eventOf = (type: string, about: string) =>
  deliveries(t, 'stripe', type).find((d) => d.body.includes(about))!;

function signed(body: string, secret: string, at: Date) {
  const ts = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${ts},v1=${v1}` } };
}

describe('POST /api/webhooks/stripe', () => {
  it('records the card set-up and a charge: the payment is sent and keeps the PaymentIntent id', async () => {
    const card = await cardMember();
    const { paymentId, outcome } = await charge(card);
    if (outcome.status !== 'succeeded') throw new Error('expected the charge to succeed');

    expect(await paymentRow(t, paymentId)).toMatchObject({
      status: 'sent',
      stripeId: outcome.paymentIntentId,
    });
    const succeeded = JSON.parse(eventOf('payment_intent.succeeded', outcome.paymentIntentId).body);
    expect(await callFor(succeeded.id)).toMatchObject([
      {
        organisationId: home.organisation.id,
        eventType: 'payment_intent.succeeded',
        status: 'processed',
        error: null,
        signatureValid: true,
        headers: { 'stripe-signature': expect.stringMatching(/^t=\d+,v1=\[redacted\]$/) },
      },
    ]);
    const setup = JSON.parse(eventOf('setup_intent.succeeded', card.setupIntentId).body);
    expect(await callFor(setup.id)).toMatchObject([{ status: 'processed', error: 'no matching record' }]);
    const created = JSON.parse(eventOf('customer.created', card.customerId).body);
    expect(await callFor(created.id)).toMatchObject([
      { status: 'processed', error: 'event type not acted on', organisationId: home.organisation.id },
    ]);
    expect(await paymentActivity(t, paymentId)).toMatchObject([
      { action: 'payment.sent', data: { source: 'stripe_webhook' } },
    ]);
  });

  it('records a declined charge as failed with the decline code and message', async () => {
    const card = await cardMember();
    t.sandbox.controls.stripe.failNextCharge({ customer: card.customerId }, 'insufficient_funds');
    const { paymentId, outcome } = await charge(card);
    expect(outcome.status).toBe('failed');
    expect(await paymentRow(t, paymentId)).toMatchObject({
      status: 'failed',
      errorStatus: 'INSUFFICIENT_FUNDS',
      errorDescription: expect.stringMatching(/insufficient funds/i),
    });
  });

  it('refuses forged and stale deliveries, leaves the payment alone, and takes a retry once', async () => {
    const card = await cardMember();
    t.sandbox.controls.webhooks.drop('stripe', -1);
    const { paymentId, outcome } = await charge(card);
    t.sandbox.controls.webhooks.drop('stripe', 0);
    if (outcome.status !== 'succeeded') throw new Error('expected the charge to succeed');
    const dropped = eventOf('payment_intent.succeeded', outcome.paymentIntentId);
    const eventId = JSON.parse(dropped.body).id;

    const forged = await replay(t, 'stripe', signed(dropped.body, 'whsec_someone_else', t.clock.now()));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 'rejected', error: 'invalid_signature' });
    const old = new Date(t.clock.now().getTime() - 10 * 60_000);
    const stale = await replay(t, 'stripe', signed(dropped.body, SANDBOX_DEFAULTS.stripeWebhookSecret, old));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ status: 'rejected', error: 'stale' });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'pending_request', stripeId: null });

    t.sandbox.controls.webhooks.redeliver(dropped.id);
    await t.sandbox.controls.settle();
    expect(await paymentRow(t, paymentId)).toMatchObject({
      status: 'sent',
      stripeId: outcome.paymentIntentId,
    });

    // The genuine delivery captured and sent again: fresh, it is a duplicate; ten minutes on, stale.
    const captured = { body: dropped.body, headers: dropped.headers };
    expect((await replay(t, 'stripe', captured)).json()).toEqual({ received: true, status: 'duplicate' });
    t.clock.advance(10 * 60_000);
    const late = await replay(t, 'stripe', captured).finally(() => t.clock.advance(-10 * 60_000));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'stale' });

    const calls = await callFor(eventId);
    expect(calls.map((c) => c.status)).toEqual([
      'rejected',
      'rejected',
      'processed',
      'duplicate',
      'rejected',
    ]);
    expect(calls.map((c) => c.error?.split(':')[0] ?? null)).toEqual([
      'invalid_signature',
      'stale',
      null,
      `already processed as call ${calls[2]!.id}`,
      'stale',
    ]);
    expect(await paymentActivity(t, paymentId)).toHaveLength(1);
  });

  it('answers a correctly signed body that is not JSON with 400 (no retries for days), and one dated ahead as stale', async () => {
    const secret = t.env.STRIPE_WEBHOOK_SECRET!;
    const malformed = await replay(t, 'stripe', signed('{"id": "evt_broken", ', secret, t.clock.now()));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 'rejected', error: 'malformed' });
    const body = JSON.stringify({
      id: 'evt_from_the_future',
      object: 'event',
      type: 'ping',
      data: { object: {} },
    });
    const ahead = new Date(t.clock.now().getTime() + 60 * 60_000);
    const future = await replay(t, 'stripe', signed(body, secret, ahead));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ status: 'rejected', error: 'stale' });
  });

  it('records events of an account no gym holds, with no organisation', async () => {
    const { accountId } = await t.providers.stripe.createConnectedAccount({ email: 'stranger@gym.test' });
    t.sandbox.controls.stripe.completeOnboarding(accountId);
    await t.sandbox.controls.settle();
    const event = JSON.parse(eventOf('account.updated', accountId).body);
    expect(await callFor(event.id)).toMatchObject([
      { status: 'processed', organisationId: null, error: 'no matching record' },
    ]);
  });
});
