// Part payments taken at the desk (issue "Staff on a phone and at the front desk"): any amount up to what
// is owed pays the oldest charges first; grace and door access stay until nothing is owed; a repeat is
// recorded once; more than is owed is refused naming the most; another organisation's membership is 404.
// On a real database, the bank simulator and the Kisi simulator (doors at gym A).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doorState, lifecycleWorld, travelDays } from '../../test/membership-lifecycle';
import type { TestApp } from '../../test/test-app';
import { bankMember } from '../webhooks/webhooks.test-support';
import {
  activityOf,
  call,
  chargesOf,
  failedCharge,
  ok,
  paymentsOf,
  subscriptionRow,
  type World,
  weeklyMember,
} from './subscriptions.test-support';

let t: TestApp;
let w: World;

beforeAll(async () => {
  ({ t, w } = await lifecycleWorld());
}, 60_000);
afterAll(() => t.close());

const pay = (subId: number, payload: Record<string, unknown>, cookie = w.cookies.admin) =>
  call(w, cookie, { method: 'POST', url: `/api/subscriptions/${subId}/manual-payment`, payload });

async function owingMember() {
  const { sub, member } = await weeklyMember(w);
  const ids = { id: sub.id, userId: member.id, gymId: w.tenant.gymA.id };
  const newer = await failedCharge(w, ids, 2100);
  const older = await failedCharge(w, ids, 2100);
  return { sub, member, newer, older };
}

describe('part payments', () => {
  it('a part payment pays the oldest charge first and leaves grace on; the rest clears grace with doors on', async () => {
    const { sub, member, newer, older } = await owingMember();
    const graceEndsAt = (await subscriptionRow(w, sub.id)).gracePeriodEndsAt;
    expect(graceEndsAt).not.toBeNull();

    const first = await pay(sub.id, { type: 'cash', amount: 3000, idempotency_key: 'part-payment-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      grace_cleared: false,
      subscription: { state: 'grace', balance_owing: 1200, grace_period_ends_at: graceEndsAt },
    });
    expect(await subscriptionRow(w, sub.id)).toMatchObject({
      balanceOwing: 1200,
      periodsOwing: 1,
      gracePeriodEndsAt: graceEndsAt,
    });
    const charges = await chargesOf(w, sub.id);
    expect(charges.find((c) => c.id === older.id)?.status).toBe('paid');
    expect(charges.find((c) => c.id === newer.id)?.status).toBe('unpaid');
    const cash = (await paymentsOf(w, sub.id)).filter((p) => p.type === 'cash');
    expect(cash.map((p) => [p.chargeId, p.amount, p.paysPart]).sort()).toEqual(
      [
        [older.id, 2100, false],
        [newer.id, 900, true],
      ].sort(),
    );
    expect(await doorState(t, w.cookies.admin, member.id)).toEqual({
      should_have_access: true,
      has_access: true,
    });
    const entries = await activityOf(w, member.id, 'payment.manual_recorded');
    expect(entries.at(-1)?.data).toMatchObject({ part_payment: true, paid_total: 3000, still_owing: 1200 });

    // The balance shows what is left of the part-paid charge.
    const balance = await ok(w, w.cookies.admin, {
      method: 'GET',
      url: `/api/subscriptions/${sub.id}/balance`,
    });
    expect(balance.data).toMatchObject({
      balance_owing: 1200,
      payable_total: 1200,
      payable: [{ id: newer.id, total: 2100, collected: 900, remainder: 1200, cumulative: 1200 }],
    });

    // A receipt that says so.
    const mail = await t.mail.waitFor(
      (m) => m.to.includes(member.email.toLowerCase()) && m.subject.startsWith('Receipt'),
    );
    expect(mail.text).toContain('Part payment of $30.00; $12.00 still owing.');

    // More than is left is refused, naming the most; nothing changes.
    const over = await pay(sub.id, { type: 'cash', amount: 1201, idempotency_key: 'part-payment-over' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({
      amount: ['The amount can be at most $12.00, which is everything owed.'],
    });
    expect((await subscriptionRow(w, sub.id)).balanceOwing).toBe(1200);

    // The rest, as a second part: the charge is paid, grace clears, doors stay on.
    const rest = await pay(sub.id, { type: 'eftpos', amount: 1200, idempotency_key: 'part-payment-2' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({
      grace_cleared: true,
      subscription: { state: 'active', card_colour: 'green', balance_owing: 0, grace_period_ends_at: null },
    });
    expect(await subscriptionRow(w, sub.id)).toMatchObject({ balanceOwing: 0, periodsOwing: 0 });
    expect((await chargesOf(w, sub.id)).every((c) => c.status === 'paid')).toBe(true);
    const onNewer = (await paymentsOf(w, sub.id)).filter(
      (p) => p.chargeId === newer.id && p.status === 'sent',
    );
    expect(onNewer.map((p) => p.amount + p.surcharge).sort()).toEqual([1200, 900]);
    expect(await activityOf(w, member.id, 'subscription.grace_cleared')).toHaveLength(1);
    expect(await doorState(t, w.cookies.admin, member.id)).toEqual({
      should_have_access: true,
      has_access: true,
    });
  });

  it('a retry after a part payment asks the bank only for what is left', async () => {
    const bank = await bankMember(t, w.tenant);
    const { sub } = await weeklyMember(w, { member: bank.member, paymentTypeId: bank.paymentTypeId });
    const ids = { id: sub.id, userId: bank.member.id, gymId: w.tenant.gymA.id };
    const charge = await failedCharge(w, ids, 2100);
    const part = await pay(sub.id, { type: 'cash', amount: 900, idempotency_key: 'part-then-retry' });
    expect(part.statusCode, part.body).toBe(200);
    const failed = (await paymentsOf(w, sub.id)).find(
      (p) => p.chargeId === charge.id && p.status === 'failed',
    );
    const retry = await call(w, w.cookies.admin, {
      method: 'POST',
      url: `/api/payments/${failed!.id}/retry`,
      payload: {},
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const attempt = (await paymentsOf(w, sub.id)).find((p) => p.id === retry.json().data.retry_payment_id);
    expect(attempt).toMatchObject({ chargeId: charge.id, amount: 1200, surcharge: 0, paysPart: true });
    expect((await subscriptionRow(w, sub.id)).balanceOwing).toBe(1200);
  });

  it('the next day’s retry after a part payment asks the bank only for what is left, as the bank', async () => {
    const bank = await bankMember(t, w.tenant);
    const { sub } = await weeklyMember(w, { member: bank.member, paymentTypeId: bank.paymentTypeId });
    const ids = { id: sub.id, userId: bank.member.id, gymId: w.tenant.gymA.id };
    const charge = await failedCharge(w, ids, 2100);
    const part = await pay(sub.id, { type: 'eftpos', amount: 600, idempotency_key: 'part-then-run' });
    expect(part.statusCode, part.body).toBe(200);
    await travelDays(t, w.cookies.admin, 1);
    const retries = (await paymentsOf(w, sub.id)).filter((p) => p.chargeId === charge.id && p.isRetry);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ type: 'bank_account', amount: 1500, surcharge: 0, paysPart: true });
  });

  it('the same part payment sent twice is recorded once', async () => {
    const { sub } = await owingMember();
    const body = { type: 'cash', amount: 500, idempotency_key: 'part-payment-twice' };
    const once = await pay(sub.id, body);
    const twice = await pay(sub.id, body);
    expect([once.statusCode, twice.statusCode]).toEqual([200, 200]);
    expect((await paymentsOf(w, sub.id)).filter((p) => p.type === 'cash')).toHaveLength(1);
    expect((await subscriptionRow(w, sub.id)).balanceOwing).toBe(3700);
  });

  it('refuses more than is owed (422), a cent is enough, and another organisation gets 404', async () => {
    const { sub } = await owingMember();
    const over = await pay(sub.id, { type: 'cash', amount: 4201, idempotency_key: 'part-payment-too-much' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({
      amount: ['The amount can be at most $42.00, which is everything owed.'],
    });
    const other = await pay(
      sub.id,
      { type: 'cash', amount: 100, idempotency_key: 'part-payment-other-org' },
      w.cookies.otherAdmin,
    );
    expect(other.statusCode).toBe(404);
    expect((await paymentsOf(w, sub.id)).filter((p) => p.type === 'cash')).toHaveLength(0);
    const cent = await pay(sub.id, { type: 'cash', amount: 1, idempotency_key: 'part-payment-cent' });
    expect(cent.statusCode, cent.body).toBe(200);
    expect((await subscriptionRow(w, sub.id)).balanceOwing).toBe(4199);
  });
});
