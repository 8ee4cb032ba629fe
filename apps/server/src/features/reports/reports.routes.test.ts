// The owner's reports on a small made history whose every figure is worked out by hand below, for the
// whole organisation and for one gym; bad input (422), roles (403), another organisation (404), CSV.
//
// Today is Sat 20 June 2026 (Auckland). The reports read March to May 2026 (opening: 28 February).
// Prices: Sixty $60 monthly, Eighty $80 monthly, Weekly $25 weekly (= $108.33 a month:
// 25 × 52 ÷ 12 = 108.333…), Small $25 monthly.
//   Alice gym A  Sixty from 10 Jan, price change to Eighty applied 10 Apr (expansion +$20 in April);
//                charges 10 Mar $60, 10 Apr $80, 10 May $80 paid first time (bank), 10 Jun $80 paid 10 Jun
//   Bob   gym A  Weekly from 2 Feb, paused 20 Apr to 11 May (out of MRR at 30 Apr, back in May);
//                charge 11 May $25 by card failed (insufficient funds), paid by the member's pay-now 12 May;
//                a pause booked for 1 to 15 July
//   Cara  gym B  Sixty from 5 Mar (new in March); charges 5 Mar, 5 Apr paid first time (card),
//                5 May failed (insufficient funds), paid at the desk by staff 6 May;
//                cancelled by staff 15 May, reason cost (voluntary churn in May)
//   Dan   gym A  Sixty from 1 Dec 2025; 1 Mar failed (insufficient funds), paid by the engine's retry
//                2 Mar; 1 Apr failed (invalid account), cancelled for non-payment 15 Apr, written off
//   Eve   gym B  Sixty from 20 Nov 2025; 1 Jun failed, unpaid, owes $60, grace to 22 Jun, failure mail
//                sent 1 Jun: a debtor of 19 days (15–30)
//   Frank gym A  Small from 17 Jun; 17 Jun failed, owes $25: a debtor of 3 days (under 7); a price change
//                to Eighty booked for 17 Jul
//
// MRR at each month's end (cents):
//   28 Feb  Alice 6000 + Bob 10833 + Dan 6000 + Eve 6000                 = 28833 (4 members)
//   31 Mar  + Cara 6000 (new 6000)                                      = 34833 (5)
//   30 Apr  Alice 8000 (expansion 2000); Bob paused, Dan cancelled
//           (churned 10833 + 6000 = 16833)                              = 20000 (3)
//   31 May  Bob back (reactivated 10833); Cara cancelled (churned 6000)  = 24833 (3)
//   Gym A alone: 22833 opening; 22833, 8000, 18833.
// Churn: March 4 at start (Alice, Bob, Dan, Eve), none lost; April 5 at start, Dan lost for non-payment
// (20.00 %; Bob's pause is not a loss); May 4 at start (Dan gone), Cara lost, voluntary, cost (25.00 %).
// Collections, March to May: 9 charges due, $545.00; first time 5 ($340: Alice 3, Cara 2); recovered
// by retries 1 ($60 Dan), by the member 1 ($25 Bob), by staff 1 ($60 Cara); written off 1 ($60 Dan);
// failed 4 ($205); recovery 145 ÷ 205 = 70.73 %. Bank (Alice, Dan) 5 charges $340; card (Cara, Bob) 4, $205.
// Insufficient funds: 3 failed $145, all recovered; invalid account (hard): 1 failed $60, written off.
// Forecast, 20 Jun to 19 Jul: Bob 22 Jun and 29 Jun $25 each (then the July pause: 5 days of the week
// paid from 29 Jun are credited, next charge 15 Jul + 5 = 20 Jul, outside); Eve 1 Jul $60; Alice 10 Jul
// $80; Frank 17 Jul $80 (the booked price change): 5 charges, $270. Collected the same days last month
// (20 May to 19 Jun): Alice's $80 on 10 Jun, shown against 10 Jul.
import { type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  activityLog,
  charges,
  outboundEmails,
  priceChanges,
  subscriptionPauses,
} from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { createCharge } from '../payments/payments.test-support';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
const cookies: Record<string, string> = {};
const PERIOD = 'from=2026-03&to=2026-05';

/** An instant on an Auckland day, at the hour given (noon by default). */
const at = (day: string, hour = 12) =>
  new Date(startOfDayInstant(day as CalendarDate).getTime() + hour * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at('2026-06-20', 9));
  tenant = await createTenant(t.db);
  other = await createTenant(t.db);
  const db = t.db;
  const organisationId = tenant.organisation.id;
  const { gymA, gymB, admin } = tenant;
  const offering = await createOffering(db, { organisationId, allGymsAccess: true, name: 'Open gym' });
  const price = (amount: number, billingFrequency: 'monthly' | 'weekly') =>
    createPrice(db, { organisationId, offeringId: offering.id, amount, billingFrequency });
  const sixty = await price(6000, 'monthly');
  const eighty = await price(8000, 'monthly');
  const weekly = await price(2500, 'weekly');
  const small = await price(2500, 'monthly');
  const person = (name: string, gymId: number) =>
    createMember(db, {
      organisationId,
      gymId,
      user: { name, email: `${name.toLowerCase()}-${organisationId}@example.com` },
    });
  const cancel = (
    subscriptionId: number,
    userId: number,
    action: 'subscription.cancelled' | 'subscription.cancelled_for_non_payment',
    when: Date,
  ) =>
    db.insert(activityLog).values({
      organisationId,
      actorUserId: null,
      userId,
      subjectType: 'subscription',
      subjectId: subscriptionId,
      action,
      createdAt: when,
    });
  const charge = (
    who: { id: number },
    gymId: number,
    subscriptionId: number,
    periodStart: string,
    amount: number,
    type: string,
    attempts: { status: string; at: Date; errorStatus?: string; processedBy?: number }[],
  ) =>
    createCharge(db, {
      organisationId,
      gymId,
      userId: who.id,
      subscriptionId,
      periodStart,
      amount,
      type,
      attempts,
    });

  const alice = await person('Alice', gymA.id);
  const aliceSub = await createSubscription(db, {
    organisationId,
    gymId: gymA.id,
    userId: alice.id,
    priceId: eighty.id,
    startDate: '2026-01-10',
    anchorDay: 10,
    currentPeriodStart: '2026-06-10',
    currentPeriodEnd: '2026-07-10',
  });
  await db.insert(priceChanges).values({
    organisationId,
    subscriptionId: aliceSub.id,
    userId: alice.id,
    fromPriceId: sixty.id,
    toPriceId: eighty.id,
    fromAmount: 6000,
    toAmount: 8000,
    takesEffectAt: '2026-04-10',
    appliedAt: at('2026-04-10', 3),
  });
  for (const [d, amount] of [
    ['2026-03-10', 6000],
    ['2026-04-10', 8000],
    ['2026-05-10', 8000],
    ['2026-06-10', 8000],
  ] as const)
    await charge(alice, gymA.id, aliceSub.id, d, amount, 'bank_account', [{ status: 'sent', at: at(d) }]);

  const bob = await person('Bob', gymA.id);
  const bobSub = await createSubscription(db, {
    organisationId,
    gymId: gymA.id,
    userId: bob.id,
    priceId: weekly.id,
    startDate: '2026-02-02',
    anchorDay: 22,
    currentPeriodStart: '2026-06-15',
    currentPeriodEnd: '2026-06-22',
  });
  await db.insert(subscriptionPauses).values([
    {
      organisationId,
      subscriptionId: bobSub.id,
      startDate: '2026-04-20',
      endDate: '2026-05-11',
      appliedAt: at('2026-04-20', 3),
      endedAt: at('2026-05-11', 3),
    },
    { organisationId, subscriptionId: bobSub.id, startDate: '2026-07-01', endDate: '2026-07-15' },
  ]);
  const bobCharge = await charge(bob, gymA.id, bobSub.id, '2026-05-11', 2500, 'stripe_card', [
    { status: 'failed', at: at('2026-05-11'), errorStatus: 'insufficient_funds' },
    { status: 'sent', at: at('2026-05-12') },
  ]);
  await db.insert(activityLog).values({
    organisationId,
    actorUserId: bob.id,
    userId: bob.id,
    subjectType: 'payment',
    subjectId: bobCharge.payments[1]!.id,
    action: 'payment.retried_by_member',
    createdAt: at('2026-05-12'),
  });

  const cara = await person('Cara', gymB.id);
  const caraSub = await createSubscription(db, {
    organisationId,
    gymId: gymB.id,
    userId: cara.id,
    priceId: sixty.id,
    startDate: '2026-03-05',
    anchorDay: 5,
    currentPeriodStart: '2026-05-05',
    currentPeriodEnd: '2026-06-05',
    cancelledAt: at('2026-05-15'),
    endsAt: '2026-06-05',
    cancellationReasons: ['cost'],
  });
  await cancel(caraSub.id, cara.id, 'subscription.cancelled', at('2026-05-15'));
  for (const d of ['2026-03-05', '2026-04-05'])
    await charge(cara, gymB.id, caraSub.id, d, 6000, 'stripe_card', [{ status: 'sent', at: at(d) }]);
  await charge(cara, gymB.id, caraSub.id, '2026-05-05', 6000, 'stripe_card', [
    { status: 'failed', at: at('2026-05-05'), errorStatus: 'INSUFFICIENT_FUNDS' },
    { status: 'sent', at: at('2026-05-06'), processedBy: admin.id },
  ]);

  const dan = await person('Dan', gymA.id);
  const danSub = await createSubscription(db, {
    organisationId,
    gymId: gymA.id,
    userId: dan.id,
    priceId: sixty.id,
    startDate: '2025-12-01',
    anchorDay: 1,
    currentPeriodStart: '2026-04-01',
    currentPeriodEnd: '2026-05-01',
    cancelledAt: startOfDayInstant('2026-04-15' as CalendarDate),
    endsAt: '2026-04-15',
    cancellationReasons: ['non_payment'],
  });
  await cancel(danSub.id, dan.id, 'subscription.cancelled_for_non_payment', at('2026-04-15', 2));
  await charge(dan, gymA.id, danSub.id, '2026-03-01', 6000, 'bank_account', [
    { status: 'failed', at: at('2026-03-01'), errorStatus: 'INSUFFICIENT_FUNDS' },
    { status: 'sent', at: at('2026-03-02') },
  ]);
  const written = await charge(dan, gymA.id, danSub.id, '2026-04-01', 6000, 'bank_account', [
    { status: 'failed', at: at('2026-04-01'), errorStatus: 'INVALID_ACCOUNT' },
  ]);
  await db.update(charges).set({ status: 'written_off' }).where(eq(charges.id, written.charge.id));

  const eve = await person('Eve', gymB.id);
  const eveSub = await createSubscription(db, {
    organisationId,
    gymId: gymB.id,
    userId: eve.id,
    priceId: sixty.id,
    startDate: '2025-11-20',
    anchorDay: 1,
    currentPeriodStart: '2026-06-01',
    currentPeriodEnd: '2026-07-01',
    gracePeriodEndsAt: '2026-06-22',
    balanceOwing: 6000,
    periodsOwing: 1,
  });
  await charge(eve, gymB.id, eveSub.id, '2026-06-01', 6000, 'bank_account', [
    { status: 'failed', at: at('2026-06-01'), errorStatus: 'INSUFFICIENT_FUNDS' },
  ]);
  await db.insert(outboundEmails).values({
    key: `payment_failed:test:${eve.id}`,
    organisationId,
    userId: eve.id,
    template: 'payment_failed',
    toAddress: eve.email,
    subject: 'Payment failed',
    html: '',
    text: '',
    status: 'sent',
    createdAt: at('2026-06-01', 10),
    sentAt: at('2026-06-01', 10),
  });

  const frank = await person('Frank', gymA.id);
  const frankSub = await createSubscription(db, {
    organisationId,
    gymId: gymA.id,
    userId: frank.id,
    priceId: small.id,
    startDate: '2026-06-17',
    anchorDay: 17,
    currentPeriodStart: '2026-06-17',
    currentPeriodEnd: '2026-07-17',
    gracePeriodEndsAt: '2026-06-24',
    balanceOwing: 2500,
    periodsOwing: 1,
    transitionToPriceId: eighty.id,
    transitionTakesEffectAt: '2026-07-17',
  });
  await db.insert(priceChanges).values({
    organisationId,
    subscriptionId: frankSub.id,
    userId: frank.id,
    fromPriceId: small.id,
    toPriceId: eighty.id,
    fromAmount: 2500,
    toAmount: 8000,
    takesEffectAt: '2026-07-17',
  });
  await charge(frank, gymA.id, frankSub.id, '2026-06-17', 2500, 'bank_account', [
    { status: 'failed', at: at('2026-06-17'), errorStatus: 'INSUFFICIENT_FUNDS' },
  ]);

  cookies.admin = await signIn(t.app, tenant.admin.email);
  cookies.gymAdmin = await signIn(t.app, tenant.gymAdmin.email);
  cookies.trainer = await signIn(t.app, tenant.trainer.email);
  cookies.other = await signIn(t.app, other.admin.email);
}, 120_000);
afterAll(() => t?.close());

const get = (who: string, url: string) =>
  t.app.inject(pageRequest({ method: 'GET', url, cookie: cookies[who] }));
const data = async (who: string, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /api/reports/recurring-revenue', () => {
  it('adds up each month’s end and its movement', async () => {
    const r = await data('admin', `/api/reports/recurring-revenue?${PERIOD}`);
    expect(r.period).toEqual({ from: '2026-03', to: '2026-05', months: ['2026-03', '2026-04', '2026-05'] });
    expect(r.opening_mrr).toBe(28833);
    expect(r.months).toEqual([
      {
        month: '2026-03',
        mrr: 34833,
        members: 5,
        new: 6000,
        expansion: 0,
        contraction: 0,
        churned: 0,
        reactivated: 0,
        net: 6000,
      },
      {
        month: '2026-04',
        mrr: 20000,
        members: 3,
        new: 0,
        expansion: 2000,
        contraction: 0,
        churned: 16833,
        reactivated: 0,
        net: -14833,
      },
      {
        month: '2026-05',
        mrr: 24833,
        members: 3,
        new: 0,
        expansion: 0,
        contraction: 0,
        churned: 6000,
        reactivated: 10833,
        net: 4833,
      },
    ]);
  });

  it('reads one gym for its admin, and by default the twelve months to this one', async () => {
    const r = await data('gymAdmin', `/api/reports/recurring-revenue?${PERIOD}`);
    expect(r.opening_mrr).toBe(22833);
    expect(r.months.map((m: { mrr: number }) => m.mrr)).toEqual([22833, 8000, 18833]);
    const byDefault = await data('admin', '/api/reports/recurring-revenue');
    expect(byDefault.period.from).toBe('2025-07');
    expect(byDefault.period.months).toHaveLength(12);
    // June ends today: Frank joined (new $25), nobody else moved.
    expect(byDefault.months.at(-1)).toMatchObject({ month: '2026-06', mrr: 27333, new: 2500, net: 2500 });
  });

  it('downloads as CSV', async () => {
    const res = await get('admin', `/api/reports/recurring-revenue/export?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('recurring-revenue-2026-06-20.csv');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Month,Monthly recurring revenue,Members paying,New,Expansion,Contraction,Churned,Reactivated,Net change',
    );
    expect(lines[2]).toBe('2026-04,200.00,3,0.00,20.00,0.00,168.33,0.00,-148.33');
  });
});

describe('GET /api/reports/churn', () => {
  it('counts those lost as a share of those at the month’s start, with the reasons', async () => {
    const r = await data('admin', `/api/reports/churn?${PERIOD}`);
    expect(r.months).toEqual([
      { month: '2026-03', members_at_start: 4, lost: 0, voluntary: 0, non_payment: 0, rate: 0, reasons: [] },
      {
        month: '2026-04',
        members_at_start: 5,
        lost: 1,
        voluntary: 0,
        non_payment: 1,
        rate: 2000,
        reasons: [{ reason: 'non_payment', label: 'Not paid by the end of grace', count: 1 }],
      },
      {
        month: '2026-05',
        members_at_start: 4,
        lost: 1,
        voluntary: 1,
        non_payment: 0,
        rate: 2500,
        reasons: [{ reason: 'cost', label: 'Cost', count: 1 }],
      },
    ]);
    expect(r.reasons.map((x: { reason: string }) => x.reason)).toEqual(['cost', 'non_payment']);
  });

  it('reads one gym for its admin', async () => {
    const r = await data('gymAdmin', `/api/reports/churn?${PERIOD}`);
    // Gym A: Alice, Bob, Dan at each start until Dan is lost in April.
    expect(
      r.months.map((m: { members_at_start: number; lost: number }) => [m.members_at_start, m.lost]),
    ).toEqual([
      [3, 0],
      [3, 1],
      [2, 0],
    ]);
  });

  it('downloads as CSV', async () => {
    const res = await get('admin', `/api/reports/churn/export?${PERIOD}`);
    expect(res.body).toContain('2026-05,4,1,1,0,25%,Cost: 1');
  });
});

describe('GET /api/reports/collections', () => {
  it('follows each charge to first time, retries, member, staff or written off', async () => {
    const r = await data('admin', `/api/reports/collections?${PERIOD}`);
    expect(r.total).toEqual({
      due: { count: 9, amount: 54500 },
      first_time: { count: 5, amount: 34000 },
      by_retries: { count: 1, amount: 6000 },
      by_member: { count: 1, amount: 2500 },
      by_staff: { count: 1, amount: 6000 },
      written_off: { count: 1, amount: 6000 },
      outstanding: { count: 0, amount: 0 },
      pending: { count: 0, amount: 0 },
      failed: { count: 4, amount: 20500 },
      recovery_rate: 7073,
    });
    expect(
      r.months.map((m: { month: string; due: unknown; recovery_rate: number }) => [
        m.month,
        m.due,
        m.recovery_rate,
      ]),
    ).toEqual([
      ['2026-03', { count: 3, amount: 18000 }, 10000],
      ['2026-04', { count: 3, amount: 20000 }, 0],
      ['2026-05', { count: 3, amount: 16500 }, 10000],
    ]);
    const rail = (name: string) => r.rails.find((x: { rail: string }) => x.rail === name);
    expect(rail('bank').due).toEqual({ count: 5, amount: 34000 });
    expect(rail('card').due).toEqual({ count: 4, amount: 20500 });
    expect(rail('card').by_member).toEqual({ count: 1, amount: 2500 });
    expect(rail('other').due).toEqual({ count: 0, amount: 0 });
    expect(
      r.failures.map(
        (f: { code: string; kind: string; failed: unknown; written_off: unknown; recovery_rate: number }) => [
          f.code,
          f.kind,
          f.failed,
          f.written_off,
          f.recovery_rate,
        ],
      ),
    ).toEqual([
      ['INSUFFICIENT_FUNDS', 'soft', { count: 3, amount: 14500 }, { count: 0, amount: 0 }, 10000],
      ['INVALID_ACCOUNT', 'hard', { count: 1, amount: 6000 }, { count: 1, amount: 6000 }, 0],
    ]);
  });

  it('reads a summary the triggers kept as the rows say (migration 0027, against working it out again)', async () => {
    const kept = await queryRows(
      t.db,
      sql`select t.organisation_id::int, t.month::text, t.gym_id::int, t.first_type, t.failure, t.status, t.failed,
            t.recovered_by, t.charges, t.amount::float8
          from collection_month_totals t where t.charges <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`,
    );
    const rebuilt = await queryRows(
      t.db,
      sql`select f.organisation_id::int, f.month::text, f.gym_id::int, f.first_type, f.failure, f.status, f.failed,
            f.recovered_by, count(*)::int as charges, sum(f.total)::float8 as amount
          from charge_collection_rows(array(select c.id from charges c)) f
          group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8`,
    );
    expect(kept.length).toBeGreaterThan(3);
    expect(kept).toEqual(rebuilt);
  });

  it('reads one gym for its admin', async () => {
    const r = await data('gymAdmin', `/api/reports/collections?${PERIOD}`);
    // Gym A: Alice 3 first time, Dan retried and written off, Bob by the member.
    expect(r.total.due).toEqual({ count: 6, amount: 36500 });
    expect(r.total.by_staff).toEqual({ count: 0, amount: 0 });
    // Recovered Dan's $60 and Bob's $25 of $145 failed (Dan's $60 written off): 8500 ÷ 14500.
    expect(r.total.recovery_rate).toBe(5862);
  });

  it('downloads as CSV', async () => {
    const res = await get('admin', `/api/reports/collections/export?${PERIOD}`);
    expect(res.body).toContain('Failure,Invalid account (hard)');
    expect(res.body).toContain('Total,2026-03 to 2026-05,9,545.00,5,340.00');
  });
});

describe('GET /api/reports/debtors', () => {
  it('lists everyone owing, aged, with the grace end and last reminder', async () => {
    const res = await get('admin', '/api/reports/debtors');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.meta).toEqual({ current_page: 1, per_page: 25, total: 2, last_page: 1 });
    expect(r.data.map((d: { name: string }) => d.name)).toEqual(['Eve', 'Frank']);
    expect(r.data[0]).toMatchObject({
      balance_owing: 6000,
      periods_owing: 1,
      owing_since: '2026-06-01',
      days_owed: 19,
      bucket: '15_30',
      grace_period_ends_at: '2026-06-22',
      last_reminder: 'payment_failed',
      last_reminder_at: at('2026-06-01', 10).toISOString(),
    });
    expect(r.data[1]).toMatchObject({
      days_owed: 3,
      bucket: 'under_7',
      last_reminder: null,
      last_reminder_at: null,
    });
    expect(r.buckets).toEqual([
      { bucket: 'under_7', label: 'Under 7 days', count: 1, amount: 2500 },
      { bucket: '7_14', label: '7–14 days', count: 0, amount: 0 },
      { bucket: '15_30', label: '15–30 days', count: 1, amount: 6000 },
      { bucket: 'over_30', label: 'Over 30 days', count: 0, amount: 0 },
    ]);
  });

  it('filters by age and gym, and pages', async () => {
    const aged = await get('admin', '/api/reports/debtors?bucket=15_30');
    expect(aged.json().data.map((d: { name: string }) => d.name)).toEqual(['Eve']);
    expect(aged.json().meta.total).toBe(1);
    const gymA = await get('gymAdmin', '/api/reports/debtors');
    expect(gymA.json().data.map((d: { name: string }) => d.name)).toEqual(['Frank']);
    const second = await get('admin', '/api/reports/debtors?per_page=1&page=2');
    expect(second.json().data.map((d: { name: string }) => d.name)).toEqual(['Frank']);
    expect(second.json().meta).toMatchObject({ total: 2, last_page: 2 });
  });

  it('downloads everyone as CSV', async () => {
    const res = await get('admin', '/api/reports/debtors/export');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Eve,');
    expect(lines[1]).toContain(',60.00,1,01/06/2026,19,15–30 days,22/06/2026,payment failed,');
  });
});

describe('GET /api/reports/forecast', () => {
  it('plans each day by the rules (a pause, a price change) against the same day last month', async () => {
    const r = await data('admin', '/api/reports/forecast');
    expect(r.from).toBe('2026-06-20');
    expect(r.to).toBe('2026-07-19');
    expect(r.days).toHaveLength(30);
    const expected = r.days
      .filter((d: { expected: { count: number } }) => d.expected.count > 0)
      .map((d: { day: string; expected: { amount: number } }) => [d.day, d.expected.amount]);
    expect(expected).toEqual([
      ['2026-06-22', 2500],
      ['2026-06-29', 2500],
      ['2026-07-01', 6000],
      ['2026-07-10', 8000],
      ['2026-07-17', 8000],
    ]);
    expect(r.expected).toEqual({ count: 5, amount: 27000 });
    const july10 = r.days.find((d: { day: string }) => d.day === '2026-07-10');
    expect(july10).toMatchObject({
      last_month_day: '2026-06-10',
      collected_last_month: { count: 1, amount: 8000 },
    });
    expect(r.collected_last_month).toEqual({ count: 1, amount: 8000 });
  });

  it('reads one gym for its admin, and downloads as CSV', async () => {
    const r = await data('gymAdmin', '/api/reports/forecast?days=10');
    expect(r.days).toHaveLength(10);
    expect(r.expected).toEqual({ count: 2, amount: 5000 });
    const res = await get('admin', '/api/reports/forecast/export?days=3');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toEqual([
      'Day,Expected charges,Expected ($),Same day last month,Collected payments,Collected ($)',
      '20/06/2026,0,0.00,20/05/2026,0,0.00',
      '21/06/2026,0,0.00,21/05/2026,0,0.00',
      '22/06/2026,1,25.00,22/05/2026,0,0.00',
    ]);
  });
});

describe('the reports refuse', () => {
  it('bad filters with field messages (422)', async () => {
    for (const [url, field] of [
      ['/api/reports/recurring-revenue?from=2026-13', 'from'],
      ['/api/reports/churn?from=2026-05&to=2026-03', 'to'],
      ['/api/reports/collections?from=2024-01&to=2026-01', 'to'],
      ['/api/reports/debtors?bucket=old', 'bucket'],
      ['/api/reports/debtors?per_page=500', 'per_page'],
      ['/api/reports/forecast?days=0', 'days'],
      ['/api/reports/forecast?gym_id=abc', 'gym_id'],
      ['/api/reports/recurring-revenue/export?to=May', 'to'],
    ] as const) {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors), url).toContain(field);
    }
  });

  it('another organisation, another gym and a lower role (404, 403)', async () => {
    const reports = ['recurring-revenue', 'churn', 'collections', 'debtors', 'forecast'];
    const secrets = ['Alice', 'Eve', 'alice-'];
    await expectIsolated(
      t.app,
      cookies.other!,
      reports.flatMap((r) => [
        {
          name: `${r} of another organisation's gym`,
          request: { method: 'GET', url: `/api/reports/${r}?gym_id=${tenant.gymA.id}` },
          refusedWith: [404],
          mustNotContain: secrets,
        },
        {
          name: `${r} export of another organisation's gym`,
          request: { method: 'GET', url: `/api/reports/${r}/export?gym_id=${tenant.gymA.id}` },
          refusedWith: [404],
          mustNotContain: secrets,
        },
      ]),
    );
    await expectIsolated(
      t.app,
      cookies.gymAdmin!,
      reports.map((r) => ({
        name: `${r} of a gym not theirs`,
        request: { method: 'GET', url: `/api/reports/${r}?gym_id=${tenant.gymB.id}` },
        refusedWith: [403],
        mustNotContain: ['Eve', 'Cara'],
      })),
    );
    await expectIsolated(
      t.app,
      cookies.trainer!,
      reports.map((r) => ({
        name: `${r} for a trainer`,
        request: { method: 'GET', url: `/api/reports/${r}` },
        refusedWith: [403],
        mustNotContain: secrets,
      })),
    );
    // The other organisation's own reports hold none of this one's figures.
    const theirs = await data('other', `/api/reports/recurring-revenue?${PERIOD}`);
    expect(theirs.opening_mrr).toBe(0);
    expect((await get('other', '/api/reports/debtors')).json().meta.total).toBe(0);
  });
});
