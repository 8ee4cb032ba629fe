// GET /api/expected-payments-debugging on a real database: the rules' charges next to the engine's, drift
// first, with field messages for a bad range, organisation admins only, and another organisation's gym 404.
import type { ExpectedPaymentsAnswer } from '@gym/domain/api/expected-payments';
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { billingDeps } from './billing.test-support';
import { runBillingDay } from './billing-run.service';
import { reconcile } from './reconciliation.service';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  tenant = await createTenant(t.db);
  other = await createTenant(t.db);
  await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
  adminCookie = await signIn(t.app, tenant.admin.email);
}, 60_000);
afterAll(() => t.close());

const deps = () => billingDeps(t);
const today = () => todayInAuckland(t.clock.now());

const get = (query: string, cookie = adminCookie) =>
  t.app.inject(pageRequest({ method: 'GET', url: `/api/expected-payments-debugging?${query}`, cookie }));

describe('GET /api/expected-payments-debugging', () => {
  it('refuses a bad range with field messages, and staff who are not organisation admins', async () => {
    const cases: [string, string][] = [
      ['from=yesterday', 'from'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['from=2026-01-01&to=2026-06-01', 'to'],
      ['gym_id=abc', 'gym_id'],
      ['drift_only=maybe', 'drift_only'],
      ['per_page=1000', 'per_page'],
    ];
    for (const [query, field] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
    expect((await get(`gym_id=${other.gymA.id}`)).statusCode).toBe(404);
    const trainer = await signIn(t.app, tenant.trainer.email);
    expect((await get('', trainer)).statusCode).toBe(403);
  });

  it("shows the rules' charges next to the engine's, a missed one as drift first", async () => {
    const bank = await bankMember(t, tenant);
    const offering = await createOffering(t.db, {
      organisationId: tenant.organisation.id,
      allGymsAccess: true,
    });
    const price = await createPrice(t.db, {
      organisationId: tenant.organisation.id,
      offeringId: offering.id,
      amount: 2750,
      billingFrequency: 'weekly',
    });
    const start = addDays(today(), -7);
    const sub = await createSubscription(t.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      userId: bank.member.id,
      priceId: price.id,
      paymentTypeId: bank.paymentTypeId,
      startDate: start,
      anchorDay: Number(start.slice(8)),
    });
    const range = `from=${start}&to=${addDays(today(), 7)}&gym_id=${tenant.gymA.id}`;
    const before = await get(range);
    expect(before.statusCode, before.body).toBe(200);
    const mine = (body: ExpectedPaymentsAnswer) => body.data.filter((r) => r.subscription_id === sub.id);
    const planned = mine(before.json());
    expect(planned.map((r) => [r.period_start, r.expected, r.charge, r.drift])).toEqual([
      [start, { amount: 2750, surcharge: 0 }, null, 'not_charged'],
      [today(), { amount: 2750, surcharge: 0 }, null, null],
      [addDays(today(), 7), { amount: 2750, surcharge: 0 }, null, null],
    ]);
    expect(before.json().data[0].drift).not.toBeNull();
    expect(planned[0]).toMatchObject({ member: { id: bank.member.id }, gym: { id: tenant.gymA.id } });

    await runBillingDay(deps(), today());
    await t.sandbox.controls.settle();
    await t.sandbox.controls.advanceClock(60_000);
    const after = mine((await get(range)).json());
    expect(
      after.map((r) => [r.period_start, r.charge?.status ?? null, r.charge?.collected ?? null, r.drift]),
    ).toEqual([
      [start, 'paid', 2750, null],
      [today(), 'paid', 2750, null],
      [addDays(today(), 7), null, null, null],
    ]);

    // The reconciliation finds our books wrong about one: it comes first, with its reason.
    const [first] = await t.db.select().from(payments).where(eq(payments.subscriptionId, sub.id)).limit(1);
    await t.db
      .update(payments)
      .set({ status: 'failed', errorStatus: 'BANK_ERROR', errorDescription: 'test' })
      .where(eq(payments.id, first!.id));
    await reconcile(deps(), addDays(today(), 1));
    const drifted = await get(`${range}&drift_only=true`);
    expect(drifted.json().data).toEqual([
      expect.objectContaining({
        subscription_id: sub.id,
        drift: 'status_differs',
        detail: expect.objectContaining({ ours: 'failed', theirs: 'sent' }),
      }),
    ]);
    expect(drifted.json().meta).toMatchObject({ total: 1, drift_count: 1 });
  });

  it("sees none of another organisation's charges", async () => {
    const res = await get('', await signIn(t.app, other.admin.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});
