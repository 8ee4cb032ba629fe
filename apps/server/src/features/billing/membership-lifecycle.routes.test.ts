// The six lifecycle defects of issue 23, each walked as a person would through the routes and the
// clock, on a real database with the simulators (Akahu, Stripe, Kisi). Every test here failed on the
// code before the transitions module: door access, confirmation, refunds and pauses each took their own
// path and the follow-up (doors, log, history) was missed on one of them.
import { randomUUID } from 'node:crypto';
import { addDays, startOfDayInstant } from '@gym/domain/calendar-date';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, charges, paymentRefunds, payments, subscriptionPauses } from '../../db/schema/index';
import { createStaff } from '../../test/factories';
import {
  doorState,
  doorsAt,
  lifecycleWorld,
  memberCanSignIn,
  subscriptionLog,
  subscriptionRow,
  today,
  travelDays,
} from '../../test/membership-lifecycle';
import { signIn } from '../../test/sign-in';
import { pageRequest, type TestApp } from '../../test/test-app';
import {
  call,
  connectBank,
  joinableGym,
  registerAndVerify,
  registration,
  saveCard,
} from '../registration/registration.test-support';
import { type World, weeklyMember } from '../subscriptions/subscriptions.test-support';
import { bankMember } from '../webhooks/webhooks.test-support';

let t: TestApp;
let w: World;
let admin: string;

beforeAll(async () => {
  ({ t, w, admin } = await lifecycleWorld());
}, 60_000);
afterAll(() => t.close());

const staff = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(
    pageRequest({
      method,
      url,
      cookie: admin,
      ...(payload === undefined ? {} : { payload: payload as object }),
    }),
  );

/** A joiner by bank account whose first payment the bank will refuse (insufficient funds), confirmed. */
async function bankJoinerWhoseFirstPaymentFails(gymId: number, priceId: number) {
  const joiner = registration({ gym_id: gymId, price_id: priceId });
  const cookie = await registerAndVerify(t, joiner);
  const paymentTypeId = await connectBank(t, cookie);
  const [account] = await t.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.paymentTypeId, paymentTypeId));
  t.sandbox.controls.akahu.failNextPayment(account!.akahuAccountId, 'INSUFFICIENT_FUNDS');
  const confirmed = await call(t, cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
  return { joiner, cookie, confirmed };
}

/** A member paying by a connected bank account, on a weekly membership from tomorrow (a term if asked). */
async function bankJoiner(options: { term?: { endsIn: number; coolingEndsIn?: number } } = {}) {
  const bank = await bankMember(t, w.tenant);
  const { sub, start } = await weeklyMember(w, {
    member: bank.member,
    paymentTypeId: bank.paymentTypeId,
    startsIn: 1,
    ...(options.term ? { term: options.term } : {}),
  });
  return { bank, sub, start };
}

describe('issue 23: door access follows the membership', { timeout: 120_000 }, () => {
  it('gives a bank joiner door access once the first payment settled (it waited for the second charge)', async () => {
    const { organisation, gym, price } = await joinableGym(t);
    const orgAdmin = await doorsAt(t, organisation.id, gym.id);
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    await connectBank(t, cookie);
    const confirmed = await call(t, cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const subId = confirmed.json().data.id as number;
    const userId = (await call(t, cookie).get('/api/me')).json().data.id as number;

    await travelDays(t, orgAdmin, 1);
    const [paid] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subId));
    expect(paid!.status).toBe('sent');
    expect(await doorState(t, orgAdmin, userId)).toEqual({ should_have_access: true, has_access: true });
    expect((await subscriptionLog(t, subId)).map((e) => e.action)).toContain('door_access.granted');
  });

  it('takes door access away when a flexi membership staff cancelled reaches the end of its paid period', async () => {
    const { bank, sub } = await bankJoiner();
    await travelDays(t, admin, 1);
    const cancelled = await staff('POST', `/api/subscriptions/${sub.id}/cancel`, {
      cancellation_reasons: ['moving_away'],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.preview.kind).toBe('flexi');
    // Paid to the end of the week: green, doors open until then.
    expect(await doorState(t, admin, bank.member.id)).toEqual({ should_have_access: true, has_access: true });

    await travelDays(t, admin, 7);
    expect(await doorState(t, admin, bank.member.id)).toEqual({
      should_have_access: false,
      has_access: false,
    });
    expect((await subscriptionLog(t, sub.id)).map((e) => e.action)).toContain('door_access.revoked');
  });

  it('takes door access away when a term cancelled with a break fee reaches the end of its paid period', async () => {
    // Cooling-off over the day it starts: a cancellation owes the break fee.
    const { bank, sub } = await bankJoiner({ term: { endsIn: 85, coolingEndsIn: 1 } });
    await travelDays(t, admin, 2);
    const cancelled = await staff('POST', `/api/subscriptions/${sub.id}/cancel`, {
      cancellation_reasons: ['cost'],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.preview.kind).toBe('break_fee');
    expect(await doorState(t, admin, bank.member.id)).toEqual({ should_have_access: true, has_access: true });

    await travelDays(t, admin, 6);
    expect(await doorState(t, admin, bank.member.id)).toEqual({
      should_have_access: false,
      has_access: false,
    });
    expect((await subscriptionLog(t, sub.id)).map((e) => e.action)).toContain('door_access.revoked');
  });
});

describe('issue 23: confirmation', { timeout: 120_000 }, () => {
  it('keeps a start date staff set: confirming early saves the method and the first period is charged on that date', async () => {
    const start = addDays(today(t), 20);
    const email = `staff-added-${randomUUID().slice(0, 8)}@example.co.nz`;
    const added = await staff('POST', '/api/members', {
      name: 'Rangi Start',
      email,
      mobile_number: '021 555 0199',
      gym_id: w.tenant.gymA.id,
      price_id: (await weeklyMember(w)).priceId,
      start_date: start,
    });
    expect(added.statusCode, added.body).toBe(201);
    const userId = added.json().data.id as number;
    await memberCanSignIn(t, userId, w.tenant.member.id);
    const cookie = await signIn(t.app, email);
    await connectBank(t, cookie);
    const confirmed = await call(t, cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const subId = confirmed.json().data.id as number;

    const sub = await subscriptionRow(t, subId);
    expect(sub).toMatchObject({ startDate: start, isStaging: false, currentPeriodStart: null });
    expect(await t.db.select().from(charges).where(eq(charges.subscriptionId, subId))).toEqual([]);

    await travelDays(t, admin, 20);
    const made = await t.db.select().from(charges).where(eq(charges.subscriptionId, subId));
    expect(made.map((c) => [c.periodStart, c.periodEnd])).toEqual([[start, addDays(start, 7)]]);
  });

  it('owes nothing after a card declined at confirmation: no balance, no grace, never cancelled for non-payment', async () => {
    const { gym, price } = await joinableGym(t, { stripe: true });
    const joiner = registration({ gym_id: gym.id, price_id: price.id });
    const cookie = await registerAndVerify(t, joiner);
    await saveCard(t, cookie, '4000000000000341');
    const declined = await call(t, cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(declined.statusCode, declined.body).toBe(422);
    const subId = (await call(t, cookie).get('/api/me/active-subscription')).json().data.id as number;
    expect(await subscriptionRow(t, subId)).toMatchObject({
      balanceOwing: 0,
      periodsOwing: 0,
      gracePeriodEndsAt: null,
    });

    await travelDays(t, admin, 30);
    const after = await subscriptionRow(t, subId);
    expect(after).toMatchObject({ balanceOwing: 0, gracePeriodEndsAt: null, cancelledAt: null });
    // Nothing was tried again behind the member's back, and no later period was charged.
    expect(await t.db.select().from(payments).where(eq(payments.subscriptionId, subId))).toHaveLength(1);
    expect(await t.db.select().from(charges).where(eq(charges.subscriptionId, subId))).toHaveLength(1);
    // The confirm screen said it; no mail says it again.
    expect(
      t.mail.messages.filter((m) => m.to.includes(joiner.email) && /first payment/.test(m.subject)),
    ).toEqual([]);
  });

  it('starts a membership declined at confirmation on the day its first payment succeeds, and bills from that day', async () => {
    const { organisation, gym, price } = await joinableGym(t, { stripe: true });
    const orgAdmin = await doorsAt(t, organisation.id, gym.id);
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const userId = (await call(t, cookie).get('/api/me')).json().data.id as number;
    await saveCard(t, cookie, '4000000000000341');
    const declinedOn = today(t);
    const declined = await call(t, cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(declined.statusCode, declined.body).toBe(422);
    const subId = (await call(t, cookie).get('/api/me/active-subscription')).json().data.id as number;

    // A week later the member saves a card that pays and confirms again.
    await travelDays(t, admin, 7);
    await saveCard(t, cookie, '4242424242424242');
    const paidOn = today(t);
    expect(paidOn).toBe(addDays(declinedOn, 7));
    const confirmed = await call(t, cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The one charge covers the week from today (the joining fee with it), not the week never had.
    const made = await t.db.select().from(charges).where(eq(charges.subscriptionId, subId));
    expect(made.map((c) => [c.periodStart, c.periodEnd, c.amount, c.status])).toEqual([
      [paidOn, addDays(paidOn, 7), 2500 + 1000, 'paid'],
    ]);
    const sent = (await t.db.select().from(payments).where(eq(payments.subscriptionId, subId))).filter(
      (p) => p.status === 'sent',
    );
    expect(sent.map((p) => [p.periodStartAt, p.periodEndAt, p.chargeId])).toEqual([
      [paidOn, addDays(paidOn, 7), made[0]!.id],
    ]);
    expect(await subscriptionRow(t, subId)).toMatchObject({
      startDate: paidOn,
      currentPeriodStart: paidOn,
      currentPeriodEnd: addDays(paidOn, 7),
      upcomingState: null,
      balanceOwing: 0,
      gracePeriodEndsAt: null,
    });
    expect(await doorState(t, orgAdmin, userId)).toEqual({ should_have_access: true, has_access: true });
    const moved = (await subscriptionLog(t, subId)).find((e) => e.action === 'subscription.start_moved');
    expect(moved?.data).toMatchObject({ from_start_date: declinedOn, start_date: paidOn });

    // A week on, the next period is charged on its day, and the plan never drifted.
    await travelDays(t, admin, 7);
    const later = await t.db
      .select()
      .from(charges)
      .where(eq(charges.subscriptionId, subId))
      .orderBy(asc(charges.periodStart));
    expect(later.map((c) => [c.periodStart, c.periodEnd, c.amount, c.status])).toEqual([
      [paidOn, addDays(paidOn, 7), 3500, 'paid'],
      [addDays(paidOn, 7), addDays(paidOn, 14), 2500, 'paid'],
    ]);
    const drift = await t.app.inject(
      pageRequest({
        method: 'GET',
        url: `/api/expected-payments-debugging?from=${declinedOn}&to=${today(t)}&drift_only=true`,
        cookie: orgAdmin,
      }),
    );
    expect(drift.statusCode, drift.body).toBe(200);
    expect(drift.json().data).toEqual([]);
  });

  it('mails a bank joiner whose first payment failed after the confirm answered: nothing owed, confirm again', async () => {
    const { gym, price } = await joinableGym(t);
    const { joiner, cookie, confirmed } = await bankJoinerWhoseFirstPaymentFails(gym.id, price.id);
    // A bank payment is answered later: the confirm says it is on its way.
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const subId = confirmed.json().data.id as number;

    await travelDays(t, admin, 1);
    const [paid] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subId));
    expect(paid!.status).toBe('failed');
    const mail = await t.mail.waitFor(
      (m) => m.to.includes(joiner.email.toLowerCase()) && /first payment/.test(m.subject),
    );
    expect(mail.subject).toBe(`Your first payment to ${gym.name} didn't go through`);
    expect(mail.text).toContain('nothing is owed');
    expect(mail.text).toMatch(/Choose how to pay: http\S+\/confirm-subscription/);
    expect(await subscriptionRow(t, subId)).toMatchObject({ balanceOwing: 0, gracePeriodEndsAt: null });
    // The join site sends the member back to the confirm step, not to a finished account.
    expect((await call(t, cookie).get('/api/me')).json().data.registration_complete).toBe(false);

    // A later day's run sends no second mail for the same attempt.
    await travelDays(t, admin, 2);
    expect(
      t.mail.messages.filter(
        (m) => m.to.includes(joiner.email.toLowerCase()) && /first payment/.test(m.subject),
      ),
    ).toHaveLength(1);
  });

  it('does not let staff retry a first payment that failed after the confirm: the member confirms again', async () => {
    // The lifecycle model's seed 487550909: a retry a week later paid for the week the member never had,
    // and the period due that day was never charged.
    const { organisation, gym, price } = await joinableGym(t);
    const theirAdmin = await signIn(
      t.app,
      (await createStaff(t.db, { organisationId: organisation.id, role: 'admin' })).email,
    );
    const asTheirAdmin = (method: 'GET' | 'POST', url: string) =>
      t.app.inject(
        pageRequest({ method, url, cookie: theirAdmin, ...(method === 'POST' ? { payload: {} } : {}) }),
      );
    const { confirmed } = await bankJoinerWhoseFirstPaymentFails(gym.id, price.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const subId = confirmed.json().data.id as number;
    await travelDays(t, admin, 7);
    const [failed] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subId));
    expect(failed!.status).toBe('failed');

    const read = await asTheirAdmin('GET', `/api/payments/${failed!.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const detail = read.json().data;
    expect(detail.retry).toEqual({ allowed: false, reason: expect.stringContaining('nothing is owed') });
    const retry = await asTheirAdmin('POST', `/api/payments/${failed!.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json().message).toContain('confirms again');
    expect(await t.db.select().from(payments).where(eq(payments.subscriptionId, subId))).toHaveLength(1);
    expect(await subscriptionRow(t, subId)).toMatchObject({ balanceOwing: 0, gracePeriodEndsAt: null });
  });
});

describe('issue 23: refunds and pauses', { timeout: 120_000 }, () => {
  it('keeps a cooling-off payment sent with the refund beside it, and counts what the gym kept as collected', async () => {
    const { sub } = await bankJoiner({ term: { endsIn: 85, coolingEndsIn: 15 } });
    await travelDays(t, admin, 2);
    const cancelled = await staff('POST', `/api/subscriptions/${sub.id}/cancel`, {
      cancellation_reasons: ['cost'],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = cancelled.json().data.preview.refund as number;
    expect(refund).toBe(1800); // $21 a week, 6 of 7 days unused (the cancellation day counted).

    const [paid] = await t.db.select().from(payments).where(eq(payments.subscriptionId, sub.id));
    expect(paid!.status).toBe('sent');
    const [charge] = await t.db.select().from(charges).where(eq(charges.subscriptionId, sub.id));
    expect(charge!.status).toBe('paid');
    const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid!.id));
    expect(refunds).toMatchObject([{ amount: 1800, reason: 'cooling_off', method: 'bank_transfer_by_gym' }]);

    const listed = (await staff('GET', `/api/payments/${paid!.id}`)).json().data;
    expect(listed).toMatchObject({ status: 'sent', refunded: 1800, formatted_refunded: '$18.00' });
    const expected = await staff(
      'GET',
      `/api/expected-payments-debugging?from=${charge!.periodStart}&to=${charge!.periodStart}`,
    );
    expect(expected.statusCode, expected.body).toBe(200);
    const row = expected
      .json()
      .data.find(
        (r: { subscription_id: number; charge: unknown }) => r.subscription_id === sub.id && r.charge,
      );
    expect(row.charge).toMatchObject({ status: 'paid', collected: 2100 - 1800 });
  });

  it('logs a pause at the application clock and keeps an ended pause in the subscription’s pauses', async () => {
    const { sub, member } = await weeklyMember(w, { paidFrom: 1 });
    const starts = addDays(today(t), 1);
    const ends = addDays(today(t), 4);
    const paused = await staff('POST', `/api/subscriptions/${sub.id}/pause`, {
      start_date: starts,
      end_date: ends,
      reason: 'Travel',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await travelDays(t, admin, 5);

    const log = await subscriptionLog(t, sub.id);
    for (const action of ['subscription.pause_started', 'subscription.pause_ended']) {
      const entry = log.find((e) => e.action === action);
      expect(entry, action).toBeDefined();
      // Written by that day's run, at the application clock's time (ahead of the machine's by the travel).
      const day = action === 'subscription.pause_started' ? starts : ends;
      expect(entry!.createdAt >= startOfDayInstant(day), action).toBe(true);
      expect(entry!.createdAt < startOfDayInstant(addDays(day, 1)), action).toBe(true);
    }
    const [pause] = await t.db
      .select()
      .from(subscriptionPauses)
      .where(and(eq(subscriptionPauses.subscriptionId, sub.id)))
      .orderBy(asc(subscriptionPauses.id));
    expect(pause!.endedAt).not.toBeNull();
    const detail = await staff('GET', `/api/members/${member.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.latest_subscription.pauses).toEqual([
      expect.objectContaining({ id: pause!.id, start_date: starts, end_date: ends }),
    ]);
  });
});
