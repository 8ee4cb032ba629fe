// The collections report's kept facts are worked out at each transaction's commit (migration 0042): the
// statements inside note which charges changed, and the commit works them out once, from the rows as they
// are then. A rolled-back transaction leaves the facts as they were and nothing noted; a deleted charge's
// facts go.
import { type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../db/client';
import { charges, payments } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCharge } from '../payments/payments.test-support';

let t: TestApp;
let chargeId: number;
let paymentId: number;
/** Three more unpaid charges of the same membership, each with a failed attempt (migration 0045's test). */
let earlier: number[];

const at = (day: string) => new Date(startOfDayInstant(day as CalendarDate).getTime() + 12 * 3_600_000);

/** The charge's kept facts, and what its rows say they are now. */
async function facts(db: Executor, id = chargeId) {
  const [kept] = await queryRows<{ status: string; failed: boolean; recovered_by: string }>(
    db,
    sql`select status, failed, recovered_by from charge_collection_facts where charge_id = ${id}`,
  );
  const [now] = await queryRows<{ status: string; failed: boolean; recovered_by: string }>(
    db,
    sql`select status, failed, recovered_by from charge_collection_rows(array[${id}]::bigint[])`,
  );
  return { kept, now };
}

/** The report's totals as kept, against the same worked out again from every charge's rows. */
async function totalsMatchRows(db: Executor) {
  const kept = await queryRows(
    db,
    sql`select t.status, t.failed, t.recovered_by, sum(t.charges)::int as charges, sum(t.amount)::int as amount
        from collection_month_totals t group by 1, 2, 3 having sum(t.charges) <> 0 order by 1, 2, 3`,
  );
  const rebuilt = await queryRows(
    db,
    sql`select f.status, f.failed, f.recovered_by, count(*)::int as charges, sum(f.total)::int as amount
        from charge_collection_rows(array(select c.id from charges c)) f group by 1, 2, 3 order by 1, 2, 3`,
  );
  expect(kept).toEqual(rebuilt);
}

const pending = async (db: Executor) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from charge_collection_pending`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await createTenant(t.db);
  const organisationId = tenant.organisation.id;
  const gymId = tenant.gymA.id;
  const offering = await createOffering(t.db, { organisationId, allGymsAccess: true, name: 'Open gym' });
  const price = await createPrice(t.db, {
    organisationId,
    offeringId: offering.id,
    amount: 5000,
    billingFrequency: 'monthly',
  });
  const user = await createMember(t.db, { organisationId, gymId });
  const sub = await createSubscription(t.db, {
    organisationId,
    gymId,
    userId: user.id,
    priceId: price.id,
    startDate: '2026-01-01',
    anchorDay: 1,
    currentPeriodStart: '2026-06-01',
    currentPeriodEnd: '2026-07-01',
  });
  const made = await createCharge(t.db, {
    organisationId,
    gymId,
    userId: user.id,
    subscriptionId: sub.id,
    periodStart: '2026-05-01',
    amount: 5000,
    type: 'stripe_card',
    attempts: [
      { status: 'failed', at: at('2026-05-01'), errorStatus: 'INSUFFICIENT_FUNDS' },
      { status: 'pending_request', at: at('2026-05-03') },
    ],
  });
  chargeId = made.charge.id;
  paymentId = made.payments.at(-1)!.id;
  earlier = [];
  for (const periodStart of ['2026-02-01', '2026-03-01', '2026-04-01']) {
    const charge = await createCharge(t.db, {
      organisationId,
      gymId,
      userId: user.id,
      subscriptionId: sub.id,
      periodStart,
      amount: 5000,
      type: 'stripe_card',
      attempts: [{ status: 'failed', at: at(periodStart), errorStatus: 'INSUFFICIENT_FUNDS' }],
    });
    earlier.push(charge.charge.id);
  }
}, 120_000);
afterAll(() => t?.close());

it('works a charge out once its transaction commits, and not at all when it rolls back', async () => {
  expect(await facts(t.db)).toEqual({
    kept: { status: 'unpaid', failed: true, recovered_by: '' },
    now: { status: 'unpaid', failed: true, recovered_by: '' },
  });
  expect(await pending(t.db)).toBe(0);

  // The retry's answer: the attempt sent, then its charge paid, in one transaction.
  const settle = async (tx: Executor) => {
    await tx.update(payments).set({ status: 'sent' }).where(eq(payments.id, paymentId));
    await tx
      .update(charges)
      .set({ status: 'paid', paidAt: at('2026-05-03') })
      .where(eq(charges.id, chargeId));
  };
  await expect(
    t.db.transaction(async (tx) => {
      await settle(tx);
      // Inside: the rows changed, the kept facts wait for the commit.
      expect(await facts(tx)).toEqual({
        kept: { status: 'unpaid', failed: true, recovered_by: '' },
        now: { status: 'paid', failed: true, recovered_by: 'retries' },
      });
      expect(await pending(tx)).toBe(1);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect((await facts(t.db)).kept).toEqual({ status: 'unpaid', failed: true, recovered_by: '' });
  expect(await pending(t.db)).toBe(0);
  await totalsMatchRows(t.db);

  await t.db.transaction(settle);
  expect(await facts(t.db)).toEqual({
    kept: { status: 'paid', failed: true, recovered_by: 'retries' },
    now: { status: 'paid', failed: true, recovered_by: 'retries' },
  });
  expect(await pending(t.db)).toBe(0);
  await totalsMatchRows(t.db);

  // A charge deleted (with its attempts) takes its facts with it at the commit.
  await t.db.transaction(async (tx) => {
    await tx.delete(payments).where(eq(payments.chargeId, chargeId));
    await tx.delete(charges).where(eq(charges.id, chargeId));
  });
  expect(await facts(t.db)).toEqual({ kept: undefined, now: undefined });
  expect(await pending(t.db)).toBe(0);
  await totalsMatchRows(t.db);
});

it('works out every charge a transaction noted at its one commit, and none a rolled-back savepoint noted', async () => {
  // The commit's trigger fires once for each charge noted; the first takes them all (migration 0045).
  const [rolledBack, first, second] = earlier as [number, number, number];
  const paid = (tx: Executor, ids: number[]) =>
    tx
      .update(charges)
      .set({ status: 'paid', paidAt: at('2026-05-04') })
      .where(inArray(charges.id, ids));
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`savepoint before_noting`);
    await paid(tx, [rolledBack]);
    expect(await pending(tx)).toBe(1);
    await tx.execute(sql`rollback to savepoint before_noting`);
    expect(await pending(tx)).toBe(0);
    await paid(tx, [first, second]);
    await tx.execute(sql`savepoint after_noting`);
    await paid(tx, [rolledBack]);
    await tx.execute(sql`rollback to savepoint after_noting`);
    expect(await pending(tx)).toBe(2);
  });
  for (const id of [first, second]) {
    const { kept, now } = await facts(t.db, id);
    expect(kept?.status).toBe('paid');
    expect(kept).toEqual(now);
  }
  expect((await facts(t.db, rolledBack)).kept?.status).toBe('unpaid');
  expect(await pending(t.db)).toBe(0);
  await totalsMatchRows(t.db);
});
