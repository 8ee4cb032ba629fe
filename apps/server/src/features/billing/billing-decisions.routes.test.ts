// BILLING.md "Decided where the rules above were silent": one test per decision, named after it, walked
// through the routes and the clock on a real database with the simulators (Akahu, Stripe, Kisi). Each
// test makes its own members; none depends on another's. Each walks days of the clock: 2 minutes each.
import { randomUUID } from 'node:crypto';
import { addDays, type CalendarDate, calendarDateParts, startOfDayInstant } from '@gym/domain/calendar-date';
import { failureKind, HARD_FAILURE_CODES } from '@gym/domain/payment-retry';
import { canUndoCancellation } from '@gym/domain/subscription-state';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, charges, gyms, paymentRefunds, payments, subscriptions } from '../../db/schema/index';
import { createPrice, createSubscription } from '../../test/catalogue-factories';
import { createStaff } from '../../test/factories';
import {
  doorState,
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
import {
  failedCharge,
  type World,
  weeklyMember,
  weeklyPrice,
} from '../subscriptions/subscriptions.test-support';
import { bankMember } from '../webhooks/webhooks.test-support';

let t: TestApp;
let w: World;
let admin: string;

beforeAll(async () => {
  ({ t, w, admin } = await lifecycleWorld());
}, 60_000);
afterAll(() => t.close());

const as = (cookie: string) => ({
  get: (url: string) => t.app.inject(pageRequest({ method: 'GET', url, cookie })),
  post: (url: string, payload: unknown = {}) =>
    t.app.inject(pageRequest({ method: 'POST', url, cookie, payload: payload as object })),
});
const byAdmin = () => as(admin);

/**
 * A person who joined on the join site and confirmed, in an organisation of their own (its gym sells a
 * weekly price with a $10 joining fee; a term of `termWeeks` weeks if asked), paying by card (2 %
 * surcharge) or bank; answers the organisation's admin cookie too.
 */
async function joiner(options: { card?: string; termWeeks?: number; amount?: number } = {}) {
  const { organisation, gym, offering } = await joinableGym(t, { stripe: true, surchargeBp: 200 });
  await t.db.update(gyms).set({ breakFeeBasisPoints: 2500 }).where(eq(gyms.id, gym.id));
  const price = await createPrice(t.db, {
    organisationId: organisation.id,
    offeringId: offering.id,
    amount: options.amount ?? 2000,
    billingFrequency: 'weekly',
    joiningFee: 1000,
    ...(options.termWeeks ? { termAmount: options.termWeeks, termUnit: 'weeks' } : {}),
  });
  const orgAdmin = await signIn(
    t.app,
    (await createStaff(t.db, { organisationId: organisation.id, role: 'admin' })).email,
  );
  const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
  if (options.card) await saveCard(t, cookie, options.card);
  else await connectBank(t, cookie);
  const confirmed = await call(t, cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
  const subId = (await call(t, cookie).get('/api/me/active-subscription')).json().data.id as number;
  const userId = (await call(t, cookie).get('/api/me')).json().data.id as number;
  return { organisation, gym, price, orgAdmin, cookie, confirmed, subId, userId, start: today(t) };
}

const paymentsOf = (subscriptionId: number) =>
  t.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId)).orderBy(asc(payments.id));
const chargesOf = (subscriptionId: number) =>
  t.db
    .select()
    .from(charges)
    .where(eq(charges.subscriptionId, subscriptionId))
    .orderBy(asc(charges.periodStart), asc(charges.id));
const cancelBy = (cookie: string, id: number, dryRun = false) =>
  as(cookie).post(`/api/subscriptions/${id}/cancel`, { cancellation_reasons: ['cost'], dry_run: dryRun });

describe('BILLING.md: decided where the rules above were silent', { timeout: 120_000 }, () => {
  it('Cooling-off lasts 14 days from the start date (a day is inside it when before that date)', async () => {
    const j = await joiner({ termWeeks: 12 });
    expect(j.confirmed.statusCode, j.confirmed.body).toBe(200);
    expect((await subscriptionRow(t, j.subId)).coolingPeriodEndsAt).toBe(addDays(j.start, 14));
    await travelDays(t, j.orgAdmin, 13);
    expect((await cancelBy(j.orgAdmin, j.subId, true)).json().data.preview.kind).toBe('cooling_off');
    await travelDays(t, j.orgAdmin, 1);
    expect((await cancelBy(j.orgAdmin, j.subId, true)).json().data.preview.kind).toBe('break_fee');
  });

  it('Cooling-off refund: price × unused days ÷ days, half up, the day counted; no joining fee or surcharge back; a record beside the payment', async () => {
    const j = await joiner({ card: '4242424242424242', termWeeks: 12 });
    expect(j.confirmed.statusCode, j.confirmed.body).toBe(200);
    await travelDays(t, j.orgAdmin, 2);
    const cancelled = await cancelBy(j.orgAdmin, j.subId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // $20.00 a week, 5 of 7 days unused (the cancellation day counted): 1428.57 → $14.29.
    expect(cancelled.json().data.preview).toMatchObject({
      kind: 'cooling_off',
      refund: 1429,
      refund_method: 'stripe',
    });
    const [paid] = await paymentsOf(j.subId);
    expect(paid).toMatchObject({ status: 'sent', amount: 3000, surcharge: 60 });
    expect(
      await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid!.id)),
    ).toMatchObject([
      { amount: 1429, reason: 'cooling_off', method: 'stripe', stripeRefundId: expect.any(String) },
    ]);
    const shown = (await as(j.orgAdmin).get(`/api/payments/${paid!.id}`)).json().data;
    expect(shown).toMatchObject({ status: 'sent', status_group: 'successful', refunded: 1429 });
    // What the gym kept ($30.60 − $14.29) is the member's collected total.
    const member = (await as(j.orgAdmin).get(`/api/members/${j.userId}`)).json().data;
    expect(member.latest_subscription.payments_sum).toBe(3000 - 1429);
  });

  it('Break fee: full periods from the end of the paid period to the term’s end at the price then, charged that day with the card surcharge; ends with the paid period', async () => {
    const j = await joiner({ card: '4242424242424242', termWeeks: 4 });
    expect(j.confirmed.statusCode, j.confirmed.body).toBe(200);
    await travelDays(t, j.orgAdmin, 15); // past cooling-off; start, +7 and +14 charged, paid to +21
    const cancelled = await cancelBy(j.orgAdmin, j.subId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // One period (+21) before the term ends (+28): $20.00 × 25 % = $5.00, and 2 % surcharge on it.
    expect(cancelled.json().data.preview).toMatchObject({ kind: 'break_fee', ends_on: addDays(j.start, 21) });
    const fee = (await chargesOf(j.subId)).find((c) => c.kind === 'break_fee');
    expect(fee).toMatchObject({ amount: 500, surcharge: 10, dueDate: today(t) });
    expect((await subscriptionRow(t, j.subId)).endsAt).toBe(addDays(j.start, 21));
  });

  it('Failure classes: the named failures are hard (never retried); every other, a generic decline included, is soft', async () => {
    for (const code of HARD_FAILURE_CODES) expect(failureKind(code), code).toBe('hard');
    for (const code of ['closed_account', 'consent_expired', 'expired_card', 'incorrect_number', 'lost_card'])
      expect(failureKind(code), code).toBe('hard');
    expect(failureKind('generic_decline')).toBe('soft');
    // Through the engine: a bank failure BILLING.md does not name is retried the next day; a hard one is not.
    const soft = await bankMember(t, w.tenant);
    const hard = await bankMember(t, w.tenant);
    t.sandbox.controls.akahu.failNextPayment(soft.accountId, 'DAILY_LIMIT_EXCEEDED');
    t.sandbox.controls.akahu.failNextPayment(hard.accountId, 'INVALID_ACCOUNT');
    const a = await weeklyMember(w, { member: soft.member, paymentTypeId: soft.paymentTypeId, startsIn: 1 });
    const b = await weeklyMember(w, { member: hard.member, paymentTypeId: hard.paymentTypeId, startsIn: 1 });
    await travelDays(t, admin, 3);
    expect((await paymentsOf(a.sub.id)).map((p) => [p.attempt, p.status])).toEqual([
      [1, 'failed'],
      [2, 'sent'],
    ]);
    expect((await paymentsOf(b.sub.id)).map((p) => p.attempt)).toEqual([1]);
  });

  it('Grace for terms: the term grace before term_ends_at, the failed-payment grace after the term', async () => {
    // The organisation's defaults: 14 days after a failure, 28 for a term membership.
    const inTerm = await weeklyMember(w, { term: { endsIn: 30 } });
    const afterTerm = await weeklyMember(w, { term: { endsIn: -1 } });
    for (const [m, days] of [
      [inTerm, 28],
      [afterTerm, 14],
    ] as const) {
      await failedCharge(w, { id: m.sub.id, userId: m.member.id, gymId: w.tenant.gymA.id }, 2100);
      expect((await subscriptionRow(t, m.sub.id)).gracePeriodEndsAt).toBe(addDays(today(t), days));
    }
  });

  it('Grace end: unpaid grace cancels on grace_period_ends_at itself, before that day’s charges, and the retries stop', async () => {
    const bank = await bankMember(t, w.tenant);
    const { sub } = await weeklyMember(w, {
      member: bank.member,
      paymentTypeId: bank.paymentTypeId,
      paidFrom: 6,
    });
    const failed = await failedCharge(
      w,
      { id: sub.id, userId: bank.member.id, gymId: w.tenant.gymA.id },
      2100,
    );
    const ends = addDays(today(t), 1); // also the day the next week falls due
    await t.db.update(subscriptions).set({ gracePeriodEndsAt: ends }).where(eq(subscriptions.id, sub.id));
    await travelDays(t, admin, 6);
    const row = await subscriptionRow(t, sub.id);
    expect(row.endsAt).toBe(ends);
    expect(row.cancelledAt).toEqual(startOfDayInstant(ends));
    expect((await chargesOf(sub.id)).map((c) => c.periodStart)).not.toContain(ends);
    expect(await t.db.select().from(payments).where(eq(payments.chargeId, failed.id))).toHaveLength(1);
  });

  it('Surcharge base: a card charge is surcharged on its whole amount, joining fee included', async () => {
    const j = await joiner({ card: '4242424242424242' });
    expect(j.confirmed.statusCode, j.confirmed.body).toBe(200);
    const [first] = await paymentsOf(j.subId);
    // $20.00 + $10.00 joining fee = $30.00; 2 % of it is 60 cents.
    expect(first).toMatchObject({ amount: 3000, surcharge: 60, status: 'sent' });
  });

  it('Same-day order: a staff action on a day takes effect after that day’s run', async () => {
    const bank = await bankMember(t, w.tenant);
    const { sub, start } = await weeklyMember(w, {
      member: bank.member,
      paymentTypeId: bank.paymentTypeId,
      startsIn: 1,
    });
    await travelDays(t, admin, 1); // the run of the start day charged its first week
    const cancelled = await cancelBy(admin, sub.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The cancellation sees the week the run charged this morning: access to its end, no second charge.
    expect(cancelled.json().data.preview).toMatchObject({ kind: 'flexi', ends_on: addDays(start, 7) });
    expect(await chargesOf(sub.id)).toHaveLength(1);
  });

  it('Default price-change date: the end of the period current when the change is scheduled', async () => {
    const { sub } = await weeklyMember(w, { paidFrom: 3 });
    const dearer = await weeklyPrice(w, { amount: 2600 });
    const res = await byAdmin().post('/api/subscriptions/schedule-price-change', {
      subscription_id: sub.id,
      price_id: dearer.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await subscriptionRow(t, sub.id);
    expect(row.transitionTakesEffectAt).toBe(row.currentPeriodEnd);
    expect(row.transitionToPriceId).toBe(dearer.id);
  });

  it('Term ending mid-period: the period grid does not move; periods from term_ends_at are at the transition price', async () => {
    const bank = await bankMember(t, w.tenant);
    const after = await weeklyPrice(w, { amount: 3000 });
    const { sub, start } = await weeklyMember(w, {
      member: bank.member,
      paymentTypeId: bank.paymentTypeId,
      startsIn: 1,
      term: { endsIn: 11 }, // start + 10: inside the second week
    });
    await t.db
      .update(subscriptions)
      .set({ transitionToPriceId: after.id })
      .where(eq(subscriptions.id, sub.id));
    await travelDays(t, admin, 15);
    expect((await chargesOf(sub.id)).map((c) => [c.periodStart, c.amount])).toEqual([
      [start, 2100],
      [addDays(start, 7), 2100],
      [addDays(start, 14), 3000],
    ]);
    // The term's end is a transition of its own, logged on its day.
    const ended = (await subscriptionLog(t, sub.id)).find((e) => e.action === 'subscription.term_ended');
    expect(ended?.data).toMatchObject({ term_ends_at: addDays(start, 10), transition_to_price_id: after.id });
  });

  it('Undo: allowed strictly before undo_cancellation_until', async () => {
    const until = new Date('2027-03-01T11:00:00.000Z');
    expect(canUndoCancellation({ cancelledAt: until, undoCancellationUntil: until }, until)).toBe(false);
    expect(
      canUndoCancellation(
        { cancelledAt: until, undoCancellationUntil: until },
        new Date(until.getTime() - 1),
      ),
    ).toBe(true);
    const late = await weeklyMember(w, { paidFrom: 3 });
    const inTime = await weeklyMember(w, { paidFrom: 3 });
    for (const m of [late, inTime]) expect((await cancelBy(admin, m.sub.id)).statusCode).toBe(200);
    // The moment has come (the clock reads at or after it): too late.
    await t.db
      .update(subscriptions)
      .set({ undoCancellationUntil: t.clock.now() })
      .where(eq(subscriptions.id, late.sub.id));
    expect((await byAdmin().post(`/api/subscriptions/${late.sub.id}/undo-cancellation`)).statusCode).toBe(
      409,
    );
    const undone = await byAdmin().post(`/api/subscriptions/${inTime.sub.id}/undo-cancellation`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await subscriptionRow(t, inTime.sub.id)).cancelledAt).toBeNull();
  });

  it('Members moved from another system: no joining fee; term and billing anchor start on the move date', async () => {
    // As the demo's move makes them: the period paid in the old system ends on the move date, here.
    const bank = await bankMember(t, w.tenant);
    const moved = addDays(today(t), 1);
    const price = await createPrice(t.db, {
      organisationId: w.tenant.organisation.id,
      offeringId: (await weeklyPrice(w)).offeringId,
      amount: 2400,
      billingFrequency: 'weekly',
      joiningFee: 5000,
    });
    const sub = await createSubscription(t.db, {
      organisationId: w.tenant.organisation.id,
      gymId: w.tenant.gymA.id,
      userId: bank.member.id,
      priceId: price.id,
      paymentTypeId: bank.paymentTypeId,
      startDate: addDays(moved, -7),
      anchorDay: calendarDateParts(moved).day,
      currentPeriodStart: addDays(moved, -7),
      currentPeriodEnd: moved,
      initialState: 'active',
    });
    await travelDays(t, admin, 1);
    const [first] = await chargesOf(sub.id);
    expect(first).toMatchObject({ periodStart: moved, periodEnd: addDays(moved, 7), amount: 2400 });
    const [attempt] = await paymentsOf(sub.id);
    expect(attempt!.meta).not.toHaveProperty('joining_fee');
  });

  it('A first payment declined at confirmation is not a debt: nothing owed, no grace, unconfirmed until a payment succeeds', async () => {
    const j = await joiner({ card: '4000000000000341' });
    expect(j.confirmed.statusCode).toBe(422);
    expect(await subscriptionRow(t, j.subId)).toMatchObject({
      balanceOwing: 0,
      periodsOwing: 0,
      gracePeriodEndsAt: null,
      upcomingState: 'failed',
    });
    // The member tries another card: paid, begun, and still nothing owed.
    await saveCard(t, j.cookie, '4242424242424242');
    const paid = await call(t, j.cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('active');
    expect(await subscriptionRow(t, j.subId)).toMatchObject({ balanceOwing: 0, upcomingState: null });
  });

  it('A start date set by staff stands; one already past when the member confirms starts on the confirmation day', async () => {
    const email = `staff-start-${randomUUID().slice(0, 8)}@example.co.nz`;
    const { priceId } = await weeklyMember(w);
    const added = await byAdmin().post('/api/members', {
      name: 'Tama Later',
      email,
      mobile_number: '021 555 0177',
      gym_id: w.tenant.gymA.id,
      price_id: priceId,
      start_date: addDays(today(t), 2),
    });
    expect(added.statusCode, added.body).toBe(201);
    await travelDays(t, admin, 3);
    await memberCanSignIn(t, added.json().data.id, w.tenant.member.id);
    const cookie = await signIn(t.app, email);
    await connectBank(t, cookie);
    const confirmed = await call(t, cookie).post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const subId = confirmed.json().data.id as number;
    expect((await subscriptionRow(t, subId)).startDate).toBe(today(t));
    expect((await chargesOf(subId)).map((c) => c.periodStart)).toEqual([today(t)]);
  });

  it('Door access follows the membership, whatever moved it: first payment by bank, pause begins and ends, grace cancels', async () => {
    const bank = await bankMember(t, w.tenant);
    const { sub } = await weeklyMember(w, {
      member: bank.member,
      paymentTypeId: bank.paymentTypeId,
      startsIn: 1,
    });
    const doors = () => doorState(t, admin, bank.member.id);
    await travelDays(t, admin, 1);
    expect(await doors()).toEqual({ should_have_access: true, has_access: true });
    const paused = await byAdmin().post(`/api/subscriptions/${sub.id}/pause`, {
      start_date: addDays(today(t), 1),
      end_date: addDays(today(t), 3),
      reason: 'Holiday',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await travelDays(t, admin, 1);
    expect(await doors()).toEqual({ should_have_access: false, has_access: false });
    await travelDays(t, admin, 2);
    expect(await doors()).toEqual({ should_have_access: true, has_access: true });
    await failedCharge(w, { id: sub.id, userId: bank.member.id, gymId: w.tenant.gymA.id }, 2100);
    await t.db
      .update(subscriptions)
      .set({ gracePeriodEndsAt: addDays(today(t), 1) })
      .where(eq(subscriptions.id, sub.id));
    await travelDays(t, admin, 1);
    expect(await doors()).toEqual({ should_have_access: false, has_access: false });
    const actions = (await subscriptionLog(t, sub.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'door_access.granted')).toHaveLength(2);
    expect(actions.filter((a) => a === 'door_access.revoked')).toHaveLength(2);
  });

  it('Activity times are the application clock’s, for every entry', async () => {
    const bank = await bankMember(t, w.tenant);
    const { sub } = await weeklyMember(w, {
      member: bank.member,
      paymentTypeId: bank.paymentTypeId,
      startsIn: 1,
    });
    await travelDays(t, admin, 9); // the application clock is now at least nine days ahead of the machine
    expect((await cancelBy(admin, sub.id)).statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, bank.member.id)));
    expect(entries.length).toBeGreaterThan(3);
    const firstDay = startOfDayInstant(addDays(today(t), -9) as CalendarDate);
    for (const e of entries) {
      expect(e.createdAt >= firstDay, e.action).toBe(true);
      expect(e.createdAt <= t.clock.now(), e.action).toBe(true);
    }
  });

  it('Pause history is kept: an ended pause stays in the subscription’s pauses with its dates and credit', async () => {
    const { sub, member } = await weeklyMember(w, { paidFrom: 3 });
    const start = addDays(today(t), 1);
    const end = addDays(today(t), 3);
    const paused = await byAdmin().post(`/api/subscriptions/${sub.id}/pause`, {
      start_date: start,
      end_date: end,
      reason: 'Surgery',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await travelDays(t, admin, 4);
    const latest = (await byAdmin().get(`/api/members/${member.id}`)).json().data.latest_subscription;
    expect(latest.pauses).toEqual([
      expect.objectContaining({ start_date: start, end_date: end, credit_days: 2 }),
    ]);
    expect(latest.pause_start_at).toBeNull();
  });
});
