// Price changes (with the notice and the history), starting early and manual payments on a real database
// and the bank simulator: what each writes, the state rules (409), every validation message, and repeats
// that change nothing. Each test makes its own members.
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails, prices } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import {
  activityOf,
  call,
  chargesOf,
  failedCharge,
  makeWorld,
  ok,
  paymentsOf,
  priceChangesOf,
  subscriptionRow,
  todayOf,
  type World,
  weeklyMember,
  weeklyPrice,
} from './subscriptions.test-support';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  w = await makeWorld(t);
}, 60_000);
afterAll(() => t.close());

const today = () => todayOf(t);
const post = (url: string, payload: Record<string, unknown>, cookie = w.cookies.admin) =>
  call(w, cookie, { method: 'POST', url, payload });

describe('scheduled price changes', () => {
  it('schedules from the end of the current period, keeps it in the history and previews the notice', async () => {
    const { sub, start, member } = await weeklyMember(w, { amount: 2100 });
    const dearer = await weeklyPrice(w, { amount: 2500 });
    const body = { subscription_id: sub.id, price_id: dearer.id };

    const preview = await ok(w, w.cookies.admin, {
      method: 'POST',
      url: '/api/subscriptions/change-price-email-preview',
      payload: body,
    });
    // The dearer price is of another offering (weeklyPrice makes one each): the notice names it.
    expect(preview.data).toMatchObject({
      to: member.email,
      subject: expect.stringContaining('membership is changing to'),
    });
    expect(preview.data.text).toContain('from $21.00 to $25.00');

    const res = await post('/api/subscriptions/schedule-price-change', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      price_change: {
        to_price_id: dearer.id,
        from_amount: 2100,
        to_amount: 2500,
        takes_effect_at: addDays(start, 7),
        status: 'scheduled',
        created_by: { id: w.tenant.admin.id },
      },
      subscription: {
        scheduled_price_change: { price_id: dearer.id, takes_effect_at: addDays(start, 7), amount: 2500 },
      },
    });
    expect(await subscriptionRow(w, sub.id)).toMatchObject({
      transitionToPriceId: dearer.id,
      transitionTakesEffectAt: addDays(start, 7),
    });
    expect(await activityOf(w, member.id, 'subscription.price_change_scheduled')).toHaveLength(1);

    // The same change again changes nothing; another one replaces it, kept as cancelled in the history.
    expect((await post('/api/subscriptions/schedule-price-change', body)).statusCode).toBe(200);
    expect(await priceChangesOf(w, sub.id)).toHaveLength(1);
    const later = addDays(today(), 30);
    await ok(w, w.cookies.admin, {
      method: 'POST',
      url: '/api/subscriptions/schedule-price-change',
      payload: { ...body, takes_effect_at: later },
    });
    const history = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/users/${member.id}/price-change-history?per_page=10`,
    });
    expect(history.meta).toMatchObject({ total: 2, current_page: 1 });
    expect(
      history.data.map((c: { status: string; takes_effect_at: string }) => [c.status, c.takes_effect_at]),
    ).toEqual([
      ['scheduled', later],
      ['cancelled', addDays(start, 7)],
    ]);
  });

  it('answers field messages for a price that does not fit and a date that has passed', async () => {
    const { sub, start } = await weeklyMember(w);
    const monthly = await weeklyPrice(w, { billingFrequency: 'monthly' });
    const atGymB = await weeklyPrice(w, { gymIds: [w.tenant.gymB.id] });
    const archived = await weeklyPrice(w);
    await t.db.update(prices).set({ archivedAt: new Date() }).where(eq(prices.id, archived.id));
    const foreign = await t.db
      .insert(prices)
      .values({
        organisationId: w.other.organisation.id,
        offeringId: (await weeklyPrice(w)).offeringId,
        amount: 100,
        billingFrequency: 'weekly',
      })
      .returning();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { price_id: monthly.id, takes_effect_at: addDays(start, 9) },
        {
          takes_effect_at: [
            `A change from weekly to monthly billing must take effect on the day a weekly period starts (the next is ${formatDate(addDays(start, 14))})`,
          ],
        },
      ],
      [{ price_id: atGymB.id }, { price_id: ['This price is not offered at the member’s gym'] }],
      [{ price_id: archived.id }, { price_id: ['This price is archived'] }],
      [{ price_id: foreign[0]!.id }, { price_id: ['Choose a price of this organisation'] }],
      [{ price_id: sub.priceId }, { price_id: ['The member is already on this price'] }],
      [
        { price_id: atGymB.id, takes_effect_at: today() },
        { takes_effect_at: ['The change must take effect after today'] },
      ],
      [{}, { price_id: ['Value is required'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post('/api/subscriptions/schedule-price-change', {
        subscription_id: sub.id,
        ...payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await priceChangesOf(w, sub.id)).toHaveLength(0);
  });

  it('refuses a cancelled membership (409)', async () => {
    const { sub } = await weeklyMember(w);
    const dearer = await weeklyPrice(w, { amount: 3000 });
    await ok(w, w.cookies.admin, {
      method: 'POST',
      url: `/api/subscriptions/${sub.id}/cancel`,
      payload: { cancellation_reasons: ['cost'] },
    });
    const res = await post('/api/subscriptions/schedule-price-change', {
      subscription_id: sub.id,
      price_id: dearer.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This membership is cancelled; its price cannot change.');
  });
});

describe('starting early', () => {
  it('charges the pro-rata days brought forward, sends the attempt and starts the membership today', async () => {
    const bank = await bankMember(t, w.tenant);
    const { sub } = await weeklyMember(w, {
      amount: 2100,
      startsIn: 3,
      paymentTypeId: bank.paymentTypeId,
      member: bank.member,
    });
    const data = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/subscriptions/${sub.id}/start-early-data`,
    });
    // $21.00 a week, 3 of 7 days: $9.00.
    expect(data.data).toMatchObject({
      can_start_early: true,
      start_date: addDays(today(), 3),
      new_start_date: today(),
      days_brought_forward: 3,
      pro_rata_amount: 900,
      total: 900,
      formatted_total: '$9.00',
      next_charge_date: addDays(today(), 3),
      payment_method: 'bank_account',
    });
    const res = await post(`/api/subscriptions/${sub.id}/start-early`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.subscription).toMatchObject({
      state: 'active',
      start_date: today(),
      current_period_start: today(),
      current_period_end: addDays(today(), 3),
      can: { start_early: false },
    });
    const [charge] = await chargesOf(w, sub.id);
    expect(charge).toMatchObject({
      periodStart: today(),
      periodEnd: addDays(today(), 3),
      amount: 900,
      isProRata: true,
    });
    const [attempt] = await paymentsOf(w, sub.id);
    expect(attempt).toMatchObject({ amount: 900, isProRata: true, chargeId: charge!.id });
    expect(attempt!.akahuId).not.toBeNull();
    // A stale page starting it again.
    const again = await post(`/api/subscriptions/${sub.id}/start-early`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This membership has already started.');
    expect(await chargesOf(w, sub.id)).toHaveLength(1);
  });

  it('says why a membership cannot start early', async () => {
    const { sub: started } = await weeklyMember(w);
    const data = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/subscriptions/${started.id}/start-early-data`,
    });
    expect(data.data).toMatchObject({
      can_start_early: false,
      reason: 'This membership has already started.',
    });
    const { sub: noMethod } = await weeklyMember(w, { startsIn: 2 });
    const res = await post(`/api/subscriptions/${noMethod.id}/start-early`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The member has no payment method to charge.');
  });
});

describe('manual payments', () => {
  it('pays what is owed in cash, clears grace, and records who took it; a repeat is recorded once', async () => {
    const { sub, member } = await weeklyMember(w);
    const ids = { id: sub.id, userId: member.id, gymId: w.tenant.gymA.id };
    await failedCharge(w, ids, 2100);
    await failedCharge(w, ids, 2100);
    const owing = await subscriptionRow(w, sub.id);
    expect(owing.balanceOwing).toBe(4200);
    expect(owing.gracePeriodEndsAt).not.toBeNull();

    const balance = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/subscriptions/${sub.id}/balance`,
    });
    expect(balance.data.payable.map((c: { cumulative: number }) => c.cumulative)).toEqual([2100, 4200]);
    const actions = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/subscriptions/${sub.id}/actions`,
    });
    expect(actions.data).toMatchObject({
      state: 'grace',
      card_colour: 'amber',
      can: { record_payment: true },
    });

    // More than is owed is refused, naming the most (a part payment is part-payment.routes.test.ts's).
    const tooMuch = await post(`/api/subscriptions/${sub.id}/manual-payment`, {
      type: 'cash',
      amount: 4300,
      idempotency_key: 'desk-payment-1',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({
      amount: ['The amount can be at most $42.00, which is everything owed.'],
    });

    const body = {
      type: 'eftpos',
      amount: 4200,
      idempotency_key: 'desk-payment-2',
      note: 'Paid at the desk',
    };
    const res = await post(`/api/subscriptions/${sub.id}/manual-payment`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      grace_cleared: true,
      subscription: { state: 'active', card_colour: 'green', balance_owing: 0, grace_period_ends_at: null },
    });
    expect(res.json().data.payments).toHaveLength(2);
    const manual = (await paymentsOf(w, sub.id)).filter((p) => p.type === 'eftpos');
    expect(manual).toHaveLength(2);
    expect(manual.every((p) => p.status === 'sent' && p.processedBy === w.tenant.admin.id)).toBe(true);
    expect((await chargesOf(w, sub.id)).every((c) => c.status === 'paid')).toBe(true);
    expect(await activityOf(w, member.id, 'payment.manual_recorded')).toHaveLength(2);
    expect(await activityOf(w, member.id, 'subscription.grace_cleared')).toHaveLength(1);

    // One receipt for the whole payment, by the engine's receipt template, with its plain-text part:
    // sent from the outbox at once (not at the next minute's tick) to the development mail capture.
    const receipts = () =>
      t.db
        .select()
        .from(outboundEmails)
        .where(and(eq(outboundEmails.userId, member.id), eq(outboundEmails.template, 'payment_receipt')));
    const [queued] = await receipts();
    expect(queued).toMatchObject({
      key: `receipt:payment:${Math.min(...manual.map((p) => p.id))}`,
      status: 'sent',
      toAddress: member.email,
    });
    const mail = await t.mail.waitFor(
      (m) => m.to.includes(member.email.toLowerCase()) && m.subject.startsWith('Receipt'),
    );
    expect(mail.subject).toBe(`Receipt: $42.00 paid to ${w.tenant.gymA.name}`);
    const from = manual.map((p) => p.periodStartAt!).sort()[0]!;
    const to = manual.map((p) => p.periodEndAt!).sort()[1]!;
    expect(mail.text).toContain(`Your payment of $42.00 to ${w.tenant.gymA.name} went through`);
    expect(mail.text).toContain(
      `It pays for your membership from ${formatDate(from as CalendarDate)} to ${formatDate(addDays(to as CalendarDate, -1))}.`,
    );
    expect(mail.text).toContain('Paid by EFTPOS.');
    expect(mail.text).not.toContain('<');
    expect(mail.html).toContain('$42.00');

    // The same payment sent twice (the page's key) is recorded once; a new one finds nothing owed.
    const repeat = await post(`/api/subscriptions/${sub.id}/manual-payment`, body);
    expect(repeat.statusCode).toBe(200);
    expect((await paymentsOf(w, sub.id)).filter((p) => p.type === 'eftpos')).toHaveLength(2);
    expect(await receipts()).toHaveLength(1);
    expect(
      t.mail.messages.filter(
        (m) => m.to.includes(member.email.toLowerCase()) && m.subject.startsWith('Receipt'),
      ),
    ).toHaveLength(1);
    const nothing = await post(`/api/subscriptions/${sub.id}/manual-payment`, {
      ...body,
      idempotency_key: 'desk-payment-3',
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Nothing is owed on this membership.');
  });

  it('answers field messages for bad input', async () => {
    const { sub } = await weeklyMember(w);
    const res = await post(`/api/subscriptions/${sub.id}/manual-payment`, {
      type: 'cheque',
      amount: 12.5,
      idempotency_key: 'x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      type: ['Choose cash or EFTPOS'],
      amount: ['Value must be whole cents'],
      idempotency_key: ['Value must be 8 to 64 letters, digits, - or _'],
    });
    const missing = await post(`/api/subscriptions/${sub.id}/manual-payment`, {});
    expect(missing.json().errors).toMatchObject({
      type: ['Value is required'],
      amount: ['Value is required'],
    });
  });
});
