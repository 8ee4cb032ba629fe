// Staff cancellations on a real database and the bank simulator: a flexi membership ends at the end of
// its paid period and can be undone until then; a term inside cooling-off ends today with the unused days
// refunded; a term cancelled early owes the break fee as one final charge, sent at once; another
// organisation's membership is not found. Each test makes its own members.
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, charges, gyms, paymentRefunds, payments, subscriptions } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { billingDeps } from './billing.test-support';
import { cancelSubscription, undoCancellation } from './cancellation.service';

let t: TestApp;
let adminCookie: string;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  tenant = await createTenant(t.db);
  await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
  // A 25 % break fee at gym A.
  await t.db.update(gyms).set({ breakFeeBasisPoints: 2500 }).where(eq(gyms.id, tenant.gymA.id));
  adminCookie = await signIn(t.app, tenant.admin.email);
}, 60_000);
afterAll(() => t.close());

const today = () => todayInAuckland(t.clock.now());

async function travel(days: number) {
  const res = await t.app.inject(
    pageRequest({ method: 'POST', url: '/api/dev/clock', cookie: adminCookie, payload: { days } }),
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** A bank member on a weekly price from tomorrow; a 12-week term with 14 days' cooling-off if asked. */
async function weeklyMember(options: { term?: boolean; price?: number } = {}) {
  const bank = await bankMember(t, tenant);
  const offering = await createOffering(t.db, {
    organisationId: tenant.organisation.id,
    allGymsAccess: true,
  });
  const price = await createPrice(t.db, {
    organisationId: tenant.organisation.id,
    offeringId: offering.id,
    amount: options.price ?? 2100,
    billingFrequency: 'weekly',
  });
  const start: CalendarDate = addDays(today(), 1);
  const sub = await createSubscription(t.db, {
    organisationId: tenant.organisation.id,
    gymId: tenant.gymA.id,
    userId: bank.member.id,
    priceId: price.id,
    paymentTypeId: bank.paymentTypeId,
    startDate: start,
    anchorDay: Number(start.slice(8)),
    ...(options.term
      ? { isTermMembership: true, termEndsAt: addDays(start, 84), coolingPeriodEndsAt: addDays(start, 14) }
      : {}),
  });
  return { bank, sub, start };
}

const row = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const chargesOf = (id: number) =>
  t.db.select().from(charges).where(eq(charges.subscriptionId, id)).orderBy(asc(charges.periodStart));
const attemptsOf = (id: number) =>
  t.db.select().from(payments).where(eq(payments.subscriptionId, id)).orderBy(asc(payments.id));

const cancel = (subscriptionId: number, organisationId = tenant.organisation.id) =>
  cancelSubscription(billingDeps(t), {
    organisationId,
    subscriptionId,
    actorUserId: tenant.admin.id,
    reasons: ['Moving away'],
    comment: 'Off to Dunedin',
  });

describe('cancelling a membership', () => {
  it('ends a flexi membership at the end of its paid period, undoable until then, charging nothing more', async () => {
    const { sub, start } = await weeklyMember();
    await travel(2);
    const outcome = await cancel(sub.id);
    expect(outcome).toMatchObject({ kind: 'flexi', endsOn: addDays(start, 7), refund: 0, breakFee: 0 });
    expect(await cancel(sub.id)).toEqual({ kind: 'already_cancelled' });
    const cancelled = await row(sub.id);
    expect(cancelled).toMatchObject({ endsAt: addDays(start, 7), cancellationReasons: ['Moving away'] });
    expect(cancelled.undoCancellationUntil).not.toBeNull();

    expect(
      await undoCancellation(billingDeps(t), {
        organisationId: tenant.organisation.id,
        subscriptionId: sub.id,
        actorUserId: tenant.admin.id,
      }),
    ).toBe('undone');
    expect(await row(sub.id)).toMatchObject({ cancelledAt: null, endsAt: null, cancellationReasons: [] });

    await cancel(sub.id);
    await travel(14);
    // One charge, for the period paid before the cancellation; none after it took effect.
    expect((await chargesOf(sub.id)).map((c) => c.periodStart)).toEqual([start]);
    expect(
      await undoCancellation(billingDeps(t), {
        organisationId: tenant.organisation.id,
        subscriptionId: sub.id,
        actorUserId: null,
      }),
    ).toBe('too_late');
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.subjectId, sub.id));
    expect(logged.map((a) => a.action)).toEqual(
      expect.arrayContaining(['subscription.cancelled', 'subscription.cancellation_undone']),
    );
  });

  it('ends a term inside cooling-off today and refunds the unused days of the period', async () => {
    const { sub, start } = await weeklyMember({ term: true, price: 2100 });
    await travel(3); // paid on its first day; two days used (start, start + 1), today is start + 2
    const outcome = await cancel(sub.id);
    // $21.00 for 7 days; 5 unused days: $15.00.
    expect(outcome).toMatchObject({ kind: 'cooling_off', endsOn: addDays(start, 2), refund: 1500 });
    expect(await row(sub.id)).toMatchObject({
      endsAt: addDays(start, 2),
      cancelledDuringCoolingOffPeriod: true,
      undoCancellationUntil: null,
    });
    // The payment stays collected; the refund is its own record beside it (BILLING.md, turn 3).
    const [paid] = await attemptsOf(sub.id);
    expect(paid).toMatchObject({ status: 'sent' });
    expect(
      await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid!.id)),
    ).toMatchObject([{ amount: 1500, reason: 'cooling_off', method: 'bank_transfer_by_gym' }]);
    expect((await chargesOf(sub.id))[0]).toMatchObject({ status: 'paid' });
  });

  it('charges the break fee on the rest of a term as one final charge, sent at once', async () => {
    const { sub, start } = await weeklyMember({ term: true, price: 2000 });
    await travel(15); // past cooling-off (start + 14); periods start, +7, +14 charged
    const outcome = await cancel(sub.id);
    // Paid to start + 21; the term ends at start + 84: 9 more weekly charges of $20.00 = $180.00; 25 %: $45.00.
    expect(outcome).toMatchObject({ kind: 'break_fee', endsOn: addDays(start, 21), breakFee: 4500 });
    // The fee moved money at once, so the cancellation cannot be undone (the member would keep the
    // membership having paid to leave it).
    expect(await row(sub.id)).toMatchObject({ undoCancellationUntil: null });
    expect(
      await undoCancellation(billingDeps(t), {
        organisationId: tenant.organisation.id,
        subscriptionId: sub.id,
        actorUserId: tenant.admin.id,
      }),
    ).toBe('too_late');
    const fee = (await chargesOf(sub.id)).find((c) => c.kind === 'break_fee')!;
    expect(fee).toMatchObject({ amount: 4500, surcharge: 0, periodStart: today() });
    const attempts = (await attemptsOf(sub.id)).filter((a) => a.chargeId === fee.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.akahuId).not.toBeNull();
    await travel(1);
    expect((await chargesOf(sub.id)).find((c) => c.kind === 'break_fee')).toMatchObject({ status: 'paid' });
    // Cancelling again neither charges a second fee nor moves the end.
    expect(await cancel(sub.id)).toEqual({ kind: 'already_cancelled' });
    expect((await chargesOf(sub.id)).filter((c) => c.kind === 'break_fee')).toHaveLength(1);
  });

  it("does not find another organisation's membership", async () => {
    const { sub } = await weeklyMember();
    const other = await createTenant(t.db);
    expect(await cancel(sub.id, other.organisation.id)).toEqual({ kind: 'not_found' });
    expect(await row(sub.id)).toMatchObject({ cancelledAt: null });
  });
});
