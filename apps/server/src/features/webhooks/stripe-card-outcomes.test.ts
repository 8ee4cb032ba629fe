// What Stripe says about a card payment after the charge call: a payment still `processing` waits, and
// its later `payment_intent.succeeded` settles it (issue 30, item 6); an attempt resent after Stripe
// forgot its idempotency key is looked up, not charged again (item 2).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, gyms, payments, paymentTypes, subscriptions } from '../../db/schema/index';
import { unique } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PAYMENT_KEY_METADATA, sendAttempt } from '../billing';
import {
  call,
  joinableGym,
  registerAndVerify,
  registration,
  saveCard,
} from '../registration/registration.test-support';
import { receiveSandboxWebhooks } from './webhooks.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
});
afterAll(() => t.close());

/** A person on the join site with a good card saved on their gym's connected account. */
async function cardJoiner() {
  const { gym, price } = await joinableGym(t, { stripe: true });
  const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
  const paymentTypeId = await saveCard(t, cookie, '4242424242424242');
  const [gymRow] = await t.db.select({ stripeId: gyms.stripeId }).from(gyms).where(eq(gyms.id, gym.id));
  const [card] = await t.db
    .select({
      customer: cards.stripeCustomerId,
      paymentMethod: cards.stripePaymentMethodId,
      userId: paymentTypes.userId,
    })
    .from(cards)
    .innerJoin(paymentTypes, eq(paymentTypes.id, cards.paymentTypeId))
    .where(eq(cards.paymentTypeId, paymentTypeId));
  return {
    gym,
    cookie,
    paymentTypeId,
    accountId: gymRow!.stripeId!,
    customer: card!.customer,
    paymentMethod: card!.paymentMethod,
    userId: card!.userId,
  };
}

describe('a card payment Stripe is still processing', () => {
  it('is pending, not failed; the later payment_intent.succeeded settles it and starts the membership', async () => {
    const joiner = await cardJoiner();
    t.sandbox.controls.stripe.holdNextCharge({ customer: joiner.customer });
    const c = call(t, joiner.cookie);
    const confirmed = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const subId = confirmed.json().data.id as number;
    expect(confirmed.json().data.status).toBe('payment_pending');
    const [waiting] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subId));
    expect(waiting).toMatchObject({ status: 'pending_request', errorStatus: null });
    expect(waiting!.stripeId).toMatch(/^pi_/);
    expect(t.sandbox.controls.stripe.paymentIntent(waiting!.stripeId!)?.status).toBe('processing');

    // An hour on, Stripe finishes the payment and says so by webhook.
    t.clock.advance(60 * 60 * 1000 + 1000);
    await t.sandbox.controls.settle();
    const [settled] = await t.db.select().from(payments).where(eq(payments.id, waiting!.id));
    expect(settled).toMatchObject({ status: 'sent', stripeId: waiting!.stripeId });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub!.isStaging).toBe(false);
    expect((await c.get('/api/me/active-subscription')).json().data.status).toBe('active');
  });
});

describe('an attempt resent after Stripe forgot its idempotency key', () => {
  it('a resend 25 simulated hours on finds the payment Stripe made and charges nobody twice', async () => {
    const joiner = await cardJoiner();
    const organisationId = (
      await t.db.select({ o: gyms.organisationId }).from(gyms).where(eq(gyms.id, joiner.gym.id))
    )[0]!.o;
    const [attempt] = await t.db
      .insert(payments)
      .values({
        organisationId,
        gymId: joiner.gym.id,
        userId: joiner.userId,
        paymentTypeId: joiner.paymentTypeId,
        type: 'stripe_card',
        amount: 2590,
        status: 'pending_request',
        idempotencyKey: unique('attempt'),
        createdAt: t.clock.now(),
      })
      .returning();
    // The call was made and Stripe charged the card; the worker died before writing the answer, and
    // Stripe's webhooks did not get through.
    t.sandbox.controls.webhooks.drop('stripe', -1);
    const made = await t.providers.stripe.chargeOffSession({
      accountId: joiner.accountId,
      customerId: joiner.customer,
      paymentMethodId: joiner.paymentMethod,
      amountCents: 2590,
      metadata: { [PAYMENT_KEY_METADATA]: attempt!.idempotencyKey, payment_id: String(attempt!.id) },
      idempotencyKey: attempt!.idempotencyKey,
    });
    if (made.status !== 'succeeded') throw new Error('expected the first charge to succeed');

    await t.sandbox.controls.settle();
    t.sandbox.controls.webhooks.drop('stripe', 0);
    t.clock.advance(25 * 60 * 60 * 1000);
    expect(await sendAttempt(t, attempt!.id)).toBe('answered');

    const intents = t.sandbox.controls.stripe
      .events(joiner.accountId)
      .filter((e) => e.type === 'payment_intent.created')
      .map((e) => e.data.object as { id: string; metadata: Record<string, string> })
      .filter((pi) => pi.metadata[PAYMENT_KEY_METADATA] === attempt!.idempotencyKey);
    expect(intents.map((pi) => pi.id)).toEqual([made.paymentIntentId]);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, attempt!.id));
    expect(row).toMatchObject({ status: 'sent', stripeId: made.paymentIntentId });
  });
});
