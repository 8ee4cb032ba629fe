// What Stripe says about a card payment after the charge call: a payment still `processing` waits, and
// its later `payment_intent.succeeded` settles it (issue 30, item 6); an attempt resent after Stripe
// forgot its idempotency key is looked up, not charged again (item 2); disputes, refunds made in Stripe's
// dashboard and an account that can no longer charge reach the payment, the member's balance and the
// gym (item 4).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  cards,
  charges,
  gyms,
  paymentRefunds,
  payments,
  paymentTypes,
  subscriptions,
} from '../../db/schema/index';
import { createStaff, unique } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
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
async function cardJoiner(number = '4242424242424242') {
  const { gym, price } = await joinableGym(t, { stripe: true });
  const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
  const paymentTypeId = await saveCard(t, cookie, number);
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
    expect(await sendAttempt(t, { organisationId: attempt!.organisationId, paymentId: attempt!.id })).toBe(
      'answered',
    );

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

/** Joins with `number` and confirms: the first payment succeeds; answers it with its subscription. */
async function paidMember(number: string) {
  const joiner = await cardJoiner(number);
  const confirmed = await call(t, joiner.cookie).post('/api/subscriptions', {
    idempotency_key: randomUUID(),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const subId = confirmed.json().data.id as number;
  await t.sandbox.controls.settle();
  const [payment] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subId));
  expect(payment).toMatchObject({ status: 'sent' });
  return { ...joiner, subId, payment: payment! };
}

const subscriptionOf = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const paymentOf = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const disputeOf = (accountId: string) =>
  t.sandbox.controls.stripe
    .events(accountId)
    .filter((e) => e.type === 'charge.dispute.created')
    .map((e) => e.data.object as { id: string; payment_intent: string })[0]!;

describe('a card payment disputed, refunded in Stripe’s dashboard, or on an account that stopped charging', () => {
  it('a dispute opened makes the payment disputed and owed; lost, it stays owed', async () => {
    const member = await paidMember('4000000000000259');
    t.clock.advance(61_000);
    await t.sandbox.controls.settle();
    const opened = await paymentOf(member.payment.id);
    expect(opened).toMatchObject({ status: 'disputed', errorStatus: 'CARD_DISPUTED' });
    const total = member.payment.amount + member.payment.surcharge;
    expect(await subscriptionOf(member.subId)).toMatchObject({ balanceOwing: total, periodsOwing: 1 });

    t.sandbox.controls.stripe.closeDispute(disputeOf(member.accountId).id, 'lost');
    await t.sandbox.controls.settle();
    const lost = await paymentOf(member.payment.id);
    expect(lost.status).toBe('disputed');
    expect(lost.meta).toMatchObject({ dispute: { status: 'lost', reason: 'fraudulent' } });
    expect((await subscriptionOf(member.subId)).balanceOwing).toBe(total);
  });

  it('a dispute won gives the payment back: sent, nothing owed', async () => {
    const member = await paidMember('4000000000002685');
    t.clock.advance(61_000);
    await t.sandbox.controls.settle();
    expect((await paymentOf(member.payment.id)).status).toBe('disputed');
    t.sandbox.controls.stripe.closeDispute(disputeOf(member.accountId).id, 'won');
    await t.sandbox.controls.settle();
    const won = await paymentOf(member.payment.id);
    expect(won).toMatchObject({ status: 'sent', errorStatus: null });
    expect(won.meta).toMatchObject({ dispute: { status: 'won', reason: 'product_not_received' } });
    expect(await subscriptionOf(member.subId)).toMatchObject({ balanceOwing: 0, periodsOwing: 0 });
  });

  it('records a refund made in Stripe’s dashboard as the product records its own', async () => {
    const member = await paidMember('4242424242424242');
    // The gym's owner refunds in Stripe's dashboard: a refund the product did not ask for.
    await t.providers.stripe.refund({
      accountId: member.accountId,
      paymentIntentId: member.payment.stripeId!,
      idempotencyKey: unique('dashboard-refund'),
    });
    await t.sandbox.controls.settle();
    // BILLING.md: a refund is its own record beside the payment, which stays collected.
    const refunded = await paymentOf(member.payment.id);
    expect(refunded.status).toBe('sent');
    const records = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, refunded.id));
    expect(records).toMatchObject([
      {
        amount: member.payment.amount + member.payment.surcharge,
        reason: 'stripe_dashboard',
        method: 'stripe',
      },
    ]);
    const [charge] = await t.db.select().from(charges).where(eq(charges.id, refunded.chargeId!));
    expect(charge!.status).toBe('paid');
    // Stripe sends the same event again: nothing more is recorded.
    await t.sandbox.controls.settle();
    expect(
      await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, refunded.id)),
    ).toHaveLength(1);
  });

  it('shows on the gym page that a connected account can no longer charge (account.updated)', async () => {
    const joiner = await cardJoiner();
    const organisationId = (
      await t.db.select({ o: gyms.organisationId }).from(gyms).where(eq(gyms.id, joiner.gym.id))
    )[0]!.o;
    await t.db.update(gyms).set({ stripeConnectedAt: t.clock.now() }).where(eq(gyms.id, joiner.gym.id));
    const admin = await createStaff(t.db, { organisationId, role: 'admin' });
    const cookie = await signIn(t.app, admin.email);
    t.sandbox.controls.stripe.disableCharges(joiner.accountId, 'requirements.past_due');
    await t.sandbox.controls.settle();

    const [gym] = await t.db.select().from(gyms).where(eq(gyms.id, joiner.gym.id));
    expect(gym).toMatchObject({ stripeChargesEnabled: false, stripeDisabledReason: 'requirements.past_due' });
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'gym'), eq(activityLog.subjectId, joiner.gym.id)));
    expect(logged.map((a) => a.action)).toContain('gym.stripe_charges_disabled');
    const page = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/gyms/${joiner.gym.id}/stripe`, cookie }),
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      status: 'charges_disabled',
      charges_enabled: false,
      disabled_reason: 'requirements.past_due',
    });
  });
});
