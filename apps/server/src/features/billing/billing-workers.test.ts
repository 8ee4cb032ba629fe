// Several workers running the same billing day at once (issue 11, "Concurrency"): each member is charged
// exactly once, checked in our ledger and in the bank simulator's own, and the ledger is the one a single
// worker makes. On a PostgreSQL server (TEST_DATABASE_URL) the workers hold their own connections; on
// PGlite they interleave on one, which still exercises every claim.
import { todayInAuckland } from '@gym/domain/calendar-date';
import { SANDBOX_DEFAULTS } from '@gym/sandbox';
import { AkahuClient } from 'akahu';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, payments } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { billingDeps } from './billing.test-support';
import { runBillingDay } from './billing-run.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
}, 60_000);
afterAll(() => t.close());

/** A fresh organisation whose `count` bank members are all due today, at prices 1000 + i cents. */
async function dueToday(count: number) {
  const tenant = await createTenant(t.db);
  await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
  const offering = await createOffering(t.db, {
    organisationId: tenant.organisation.id,
    allGymsAccess: true,
  });
  const today = todayInAuckland(t.clock.now());
  const members = [];
  for (let i = 0; i < count; i++) {
    const bank = await bankMember(t, tenant);
    const price = await createPrice(t.db, {
      organisationId: tenant.organisation.id,
      offeringId: offering.id,
      amount: 1000 + i,
      billingFrequency: i % 2 ? 'weekly' : 'monthly',
    });
    const sub = await createSubscription(t.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      userId: bank.member.id,
      priceId: price.id,
      paymentTypeId: bank.paymentTypeId,
      startDate: today,
      anchorDay: Number(today.slice(8)),
    });
    members.push({ bank, sub, amount: 1000 + i });
  }
  return { today, members };
}

async function ledgerOf(members: Awaited<ReturnType<typeof dueToday>>['members']) {
  const ids = members.map((m) => m.sub.id);
  const made = await t.db
    .select()
    .from(charges)
    .where(inArray(charges.subscriptionId, ids))
    .orderBy(asc(charges.id));
  const attempts = await t.db.select().from(payments).where(inArray(payments.subscriptionId, ids));
  return members.map((m, i) => ({
    member: i,
    charges: made.filter((c) => c.subscriptionId === m.sub.id).map((c) => [c.periodStart, c.amount]),
    attempts: attempts
      .filter((a) => a.subscriptionId === m.sub.id)
      .map((a) => [a.attempt, a.amount, a.status]),
  }));
}

describe('workers side by side', () => {
  it.each([2, 4])(
    '%i workers running one day charge each member once, as one worker does',
    async (workers) => {
      const one = await dueToday(12);
      const many = await dueToday(12);
      const deps = billingDeps(t);

      await runBillingDay(deps, one.today);
      await Promise.all(Array.from({ length: workers }, () => runBillingDay(deps, many.today)));
      await t.sandbox.controls.advanceClock(60_000);
      await t.sandbox.controls.settle();

      const single = await ledgerOf(one.members);
      const side = await ledgerOf(many.members);
      expect(side).toEqual(single);
      for (const row of side) {
        expect(row.charges).toHaveLength(1);
        expect(row.attempts).toEqual([[1, row.charges[0]![1], 'sent']]);
      }
      // The bank's own ledger: exactly one payment from each member, of the amount charged.
      const url = new URL(t.sandbox.akahu.url);
      const bankApi = new AkahuClient({
        appToken: SANDBOX_DEFAULTS.akahuAppToken,
        appSecret: SANDBOX_DEFAULTS.akahuAppSecret,
        protocol: 'http',
        host: url.hostname,
        port: Number(url.port),
      });
      for (const { bank, amount } of many.members) {
        const made = await bankApi.payments.list(bank.userToken);
        expect(made.map((p) => [p.amount, p.status])).toEqual([[amount / 100, 'SENT']]);
      }
      const attempts = await t.db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.subscriptionId,
            many.members.map((m) => m.sub.id),
          ),
        );
      expect(new Set(attempts.map((a) => a.akahuId)).size).toBe(many.members.length);
    },
  );
});
