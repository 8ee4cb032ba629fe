// What Stripe says about a card payment after the charge call: a payment still `processing` waits, and
// its later `payment_intent.succeeded` settles it (issue 30, item 6).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, payments, paymentTypes, subscriptions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
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
  const [card] = await t.db
    .select({ customer: cards.stripeCustomerId, userId: paymentTypes.userId })
    .from(cards)
    .innerJoin(paymentTypes, eq(paymentTypes.id, cards.paymentTypeId))
    .where(eq(cards.paymentTypeId, paymentTypeId));
  return { gym, cookie, customer: card!.customer, userId: card!.userId };
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
