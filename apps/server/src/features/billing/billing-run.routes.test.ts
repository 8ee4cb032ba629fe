// The billing engine on a real database and the provider simulators, driven the way a person drives it:
// POST /api/dev/clock moves the clock and runs each billing day on the way. Each test makes its own
// organisation and member and reads back only its own rows, against the simulator's own ledger.
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessControlIntegrations,
  accessCredentials,
  activityLog,
  charges,
  payments,
  places,
  subscriptionPauses,
  subscriptions,
} from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { connectKisi, kisiApi } from '../access-control/access-control.test-support';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';

let t: TestApp;
let adminCookie: string;
let trainerCookie: string;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  // Answers arrive as in `npm start`: by webhook, moments after each payment is made.
  await receiveSandboxWebhooks(t);
  tenant = await createTenant(t.db);
  await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
  adminCookie = await signIn(t.app, tenant.admin.email);
  trainerCookie = await signIn(t.app, tenant.trainer.email);
}, 60_000);
afterAll(() => t.close());

const today = () => todayInAuckland(t.clock.now());

async function travel(days: number) {
  const res = await t.app.inject(
    pageRequest({ method: 'POST', url: '/api/dev/clock', cookie: adminCookie, payload: { days } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { today: CalendarDate; days: { day: string; charges: number }[] };
}

/** A member paying by bank for a weekly membership starting tomorrow (today's run may have been). */
async function weeklyBankMember(price = 2500) {
  const bank = await bankMember(t, tenant);
  const offering = await createOffering(t.db, {
    organisationId: tenant.organisation.id,
    allGymsAccess: true,
  });
  const weekly = await createPrice(t.db, {
    organisationId: tenant.organisation.id,
    offeringId: offering.id,
    amount: price,
    billingFrequency: 'weekly',
  });
  const start = addDays(today(), 1);
  const sub = await createSubscription(t.db, {
    organisationId: tenant.organisation.id,
    gymId: tenant.gymA.id,
    userId: bank.member.id,
    priceId: weekly.id,
    paymentTypeId: bank.paymentTypeId,
    startDate: start,
    anchorDay: Number(start.slice(8)),
  });
  return { bank, sub, start, weekly, offering };
}

const chargesOf = (subscriptionId: number) =>
  t.db
    .select()
    .from(charges)
    .where(eq(charges.subscriptionId, subscriptionId))
    .orderBy(asc(charges.periodStart));
const attemptsOf = (subscriptionId: number) =>
  t.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId)).orderBy(asc(payments.id));
const subscriptionRow = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('the clock', () => {
  it('reads and moves for organisation admins only, forward only, with field messages', async () => {
    const read = await t.app.inject(
      pageRequest({ method: 'GET', url: '/api/dev/clock', cookie: adminCookie }),
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ today: today(), can_travel: true });

    const trainer = await t.app.inject(
      pageRequest({ method: 'POST', url: '/api/dev/clock', cookie: trainerCookie, payload: { days: 1 } }),
    );
    expect(trainer.statusCode).toBe(403);

    for (const payload of [
      {},
      { days: 0 },
      { days: 1.5 },
      { days: 1, to: '2030-01-01T00:00:00Z' },
      { to: 'soon' },
    ]) {
      const res = await t.app.inject(
        pageRequest({ method: 'POST', url: '/api/dev/clock', cookie: adminCookie, payload }),
      );
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const back = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: '/api/dev/clock',
        cookie: adminCookie,
        payload: { to: new Date(t.clock.now().getTime() - 60_000).toISOString() },
      }),
    );
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.to).toEqual(['The clock only moves forward']);
  });
});

describe('the daily billing run', () => {
  it('charges a bank member each week, one charge per period, paid once at the bank', async () => {
    const { bank, sub, start } = await weeklyBankMember();
    await travel(1);
    // The day's run made the first charge; the bank answered by webhook moments later.
    let rows = await chargesOf(sub.id);
    expect(rows.map((c) => [c.periodStart, c.periodEnd, c.amount, c.status])).toEqual([
      [start, addDays(start, 7), 2500, 'paid'],
    ]);
    await travel(14);
    rows = await chargesOf(sub.id);
    expect(rows.map((c) => c.periodStart)).toEqual([start, addDays(start, 7), addDays(start, 14)]);
    expect(rows.every((c) => c.status === 'paid')).toBe(true);
    const attempts = await attemptsOf(sub.id);
    expect(attempts).toHaveLength(3);
    expect(attempts.every((a) => a.status === 'sent' && a.akahuId && a.attempt === 1)).toBe(true);
    // The simulator's ledger agrees: three payments of $25 from the member's account, each once.
    const ledger = attempts.map((a) => t.sandbox.controls.akahu.payment(a.akahuId!));
    expect(ledger.map((p) => [p?.amount, p?.status, p?.from])).toEqual(
      Array(3).fill([25, 'SENT', bank.accountId]),
    );
    const row = await subscriptionRow(sub.id);
    expect(row).toMatchObject({
      currentPeriodStart: addDays(start, 14),
      currentPeriodEnd: addDays(start, 21),
      balanceOwing: 0,
      gracePeriodEndsAt: null,
    });
  });

  it('retries a soft failure 1, 3 and 5 days after it, then grace ends and cancels', async () => {
    const { bank, sub, start } = await weeklyBankMember(3000);
    t.sandbox.controls.akahu.setBalance(bank.accountId, 0);
    await travel(16);
    const rows = await chargesOf(sub.id);
    // Charges fell due on day 0 and 7; grace (14 days from the failure on day 0) ended on day 14, before
    // that day's charge, so none was made.
    expect(rows.map((c) => [c.periodStart, c.status])).toEqual([
      [start, 'unpaid'],
      [addDays(start, 7), 'unpaid'],
    ]);
    const attempts = await attemptsOf(sub.id);
    const first = attempts.filter((a) => a.chargeId === rows[0]!.id);
    expect(first.map((a) => [a.attempt, a.isRetry, a.status, a.errorStatus])).toEqual([
      [1, false, 'failed', 'INSUFFICIENT_FUNDS'],
      [2, true, 'failed', 'INSUFFICIENT_FUNDS'],
      [3, true, 'failed', 'INSUFFICIENT_FUNDS'],
      [4, true, 'failed', 'INSUFFICIENT_FUNDS'],
    ]);
    const failedOn = first.map((a) => todayInAuckland(a.createdAt));
    expect(failedOn).toEqual([start, addDays(start, 1), addDays(start, 3), addDays(start, 5)]);
    const row = await subscriptionRow(sub.id);
    expect(row.gracePeriodEndsAt).toBe(addDays(start, 14));
    expect(row.endsAt).toBe(addDays(start, 14));
    expect(row.cancelledAt).not.toBeNull();
    expect(row.cancellationReasons).toEqual(['non_payment']);
    expect(row).toMatchObject({ balanceOwing: 6000, periodsOwing: 2 });
    // Nothing more is charged, or retried, once it has ended.
    const attemptsBefore = (await attemptsOf(sub.id)).length;
    await travel(8);
    expect(await chargesOf(sub.id)).toHaveLength(2);
    expect(await attemptsOf(sub.id)).toHaveLength(attemptsBefore);
    const log = await t.db.select().from(activityLog).where(eq(activityLog.subjectId, sub.id));
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['subscription.grace_started', 'subscription.cancelled_for_non_payment']),
    );
  });

  it('clears grace when a retry pays everything owed', async () => {
    const { bank, sub, start } = await weeklyBankMember(2000);
    t.sandbox.controls.akahu.failNextPayment(bank.accountId, 'INSUFFICIENT_FUNDS');
    await travel(1);
    let row = await subscriptionRow(sub.id);
    expect(row.gracePeriodEndsAt).toBe(addDays(start, 14));
    expect(row.balanceOwing).toBe(2000);
    await travel(1);
    row = await subscriptionRow(sub.id);
    expect(row).toMatchObject({ gracePeriodEndsAt: null, balanceOwing: 0, periodsOwing: 0 });
    const [charge] = await chargesOf(sub.id);
    expect(charge!.status).toBe('paid');
    const attempts = await attemptsOf(sub.id);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'sent'],
    ]);
  });

  it('a hard failure is not retried', async () => {
    const { bank, sub } = await weeklyBankMember(2200);
    t.sandbox.controls.akahu.failNextPayment(bank.accountId, 'INVALID_ACCOUNT');
    await travel(6);
    const attempts = await attemptsOf(sub.id);
    expect(attempts.map((a) => [a.attempt, a.status, a.errorStatus])).toEqual([
      [1, 'failed', 'INVALID_ACCOUNT'],
    ]);
  });

  it('a pause credits the paid days it covers and moves the next charge (BILLING.md example)', async () => {
    const { sub, start } = await weeklyBankMember(2400);
    // Paid day 0 to day 7; paused day 3 to day 17: 4 days credited, next charge day 17 + 4 = day 21.
    await t.db.insert(subscriptionPauses).values({
      organisationId: tenant.organisation.id,
      subscriptionId: sub.id,
      startDate: addDays(start, 3),
      endDate: addDays(start, 17),
    });
    await travel(22);
    const rows = await chargesOf(sub.id);
    expect(rows.map((c) => c.periodStart)).toEqual([start, addDays(start, 21)]);
    const [pause] = await t.db
      .select()
      .from(subscriptionPauses)
      .where(eq(subscriptionPauses.subscriptionId, sub.id));
    expect(pause).toMatchObject({ creditDays: 4 });
    expect(pause!.endedAt).not.toBeNull();
    const row = await subscriptionRow(sub.id);
    expect(row).toMatchObject({ pausedAt: null, pauseDaysCredit: 0, currentPeriodEnd: addDays(start, 28) });
  });

  it('applies a scheduled price change to periods starting on or after its date', async () => {
    const { sub, start, offering } = await weeklyBankMember(2500);
    const dearer = await createPrice(t.db, {
      organisationId: tenant.organisation.id,
      offeringId: offering.id,
      amount: 2900,
      billingFrequency: 'weekly',
    });
    await t.db
      .update(subscriptions)
      .set({ transitionToPriceId: dearer.id, transitionTakesEffectAt: addDays(start, 7) })
      .where(eq(subscriptions.id, sub.id));
    await travel(15);
    const rows = await chargesOf(sub.id);
    expect(rows.map((c) => c.amount)).toEqual([2500, 2900, 2900]);
    const row = await subscriptionRow(sub.id);
    expect(row).toMatchObject({
      priceId: dearer.id,
      transitionToPriceId: null,
      transitionTakesEffectAt: null,
    });
  });

  it('takes door access away when grace ends unpaid', async () => {
    await connectKisi(t, tenant.organisation.id, adminCookie);
    const kisiPlaceId = await kisiApi(t).createPlace('Central');
    const [integration] = await t.db
      .select()
      .from(accessControlIntegrations)
      .where(eq(accessControlIntegrations.organisationId, tenant.organisation.id));
    const [place] = await t.db
      .insert(places)
      .values({
        organisationId: tenant.organisation.id,
        gymId: tenant.gymA.id,
        integrationId: integration!.id,
        placeId: String(kisiPlaceId),
        name: 'Central',
      })
      .returning();
    const { bank, sub } = await weeklyBankMember(2600);
    t.sandbox.controls.akahu.setBalance(bank.accountId, 0);
    await travel(1);
    const [granted] = await t.db
      .select()
      .from(accessCredentials)
      .where(eq(accessCredentials.userId, bank.member.id));
    expect(granted).toMatchObject({ status: 'active', placeId: place!.id });
    const assignments = await kisiApi(t).roleAssignments(Number(granted!.externalUserId));
    expect(assignments.map((a) => [a.role_id, a.place_id])).toEqual([['basic', kisiPlaceId]]);
    await travel(15);
    const [revoked] = await t.db
      .select()
      .from(accessCredentials)
      .where(eq(accessCredentials.userId, bank.member.id));
    expect(revoked).toMatchObject({ status: 'revoked' });
    expect(await kisiApi(t).roleAssignments(Number(granted!.externalUserId))).toEqual([]);
    expect((await subscriptionRow(sub.id)).cancelledAt).not.toBeNull();
  });
});
