// GET /api/expected-payments-debugging on a real database: the rules' charges next to the engine's, drift
// first, with field messages for a bad range, organisation admins only, and another organisation's gym 404.
// Each row says where its money and its membership stand: a failed charge with the engine's next retry,
// grace, a cancellation for non-payment and the member's door access.
import {
  type ExpectedPaymentsAnswer,
  expectedPaymentsAnswer,
  membershipStateLabel,
} from '@gym/domain/api/expected-payments';
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessControlIntegrations, payments, places } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { connectKisi, kisiApi } from '../access-control/access-control.test-support';
import { reconcile, runBillingDay } from '../billing';
import { billingDeps } from '../billing/billing.test-support';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';

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
      ['status=bounced', 'status'],
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
    expect(planned[0]).toMatchObject({
      member: { id: bank.member.id },
      gym: { id: tenant.gymA.id },
      payment_status: 'not_charged',
      status_label: 'Not charged yet',
      subscription: {
        state: 'active',
        grace_ends_on: null,
        ends_on: null,
        cancelled_for_non_payment: false,
        door_access: false,
      },
    });
    expect(expectedPaymentsAnswer.safeParse(before.json()).success).toBe(true);

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
    expect(after[0]).toMatchObject({
      payment_status: 'paid',
      status_label: 'Paid',
      charge: { attempts: 1, next_retry_on: null, last_error: null },
    });

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

  it('shows a failed charge with its retry day, then the membership cancelled for non-payment without door access', async () => {
    // The gym has a Kisi place, so members hold door credentials while their membership gives access.
    await connectKisi(t, tenant.organisation.id, adminCookie);
    const kisiPlaceId = await kisiApi(t).createPlace('Central');
    const [integration] = await t.db
      .select()
      .from(accessControlIntegrations)
      .where(eq(accessControlIntegrations.organisationId, tenant.organisation.id));
    await t.db.insert(places).values({
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      integrationId: integration!.id,
      placeId: String(kisiPlaceId),
      name: 'Central',
    });
    const bank = await bankMember(t, tenant);
    t.sandbox.controls.akahu.setBalance(bank.accountId, 0);
    const offering = await createOffering(t.db, {
      organisationId: tenant.organisation.id,
      allGymsAccess: true,
    });
    const price = await createPrice(t.db, {
      organisationId: tenant.organisation.id,
      offeringId: offering.id,
      amount: 3100,
      billingFrequency: 'weekly',
    });
    const start = addDays(today(), 1);
    const sub = await createSubscription(t.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      userId: bank.member.id,
      priceId: price.id,
      paymentTypeId: bank.paymentTypeId,
      startDate: start,
      anchorDay: Number(start.slice(8)),
    });
    const travel = async (days: number) => {
      const res = await t.app.inject(
        pageRequest({ method: 'POST', url: '/api/dev/clock', cookie: adminCookie, payload: { days } }),
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    const rowsOf = async () => {
      const res = await get(`from=${start}&to=${addDays(start, 20)}&gym_id=${tenant.gymA.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(expectedPaymentsAnswer.safeParse(res.json()).success).toBe(true);
      return (res.json() as ExpectedPaymentsAnswer).data.filter((r) => r.subscription_id === sub.id);
    };

    // The first charge fails for want of money: retried the next day, the member in grace with access.
    await travel(1);
    const [failed] = (await rowsOf()).filter((r) => r.charge !== null);
    expect(failed).toMatchObject({
      period_start: start,
      payment_status: 'failed',
      status_label: expect.stringMatching(/^Failed — retry on \d{1,2} \w{3} \d{4}$/),
      charge: { attempts: 1, collected: 0, next_retry_on: addDays(start, 1), last_error: expect.any(String) },
      subscription: {
        state: 'grace',
        grace_ends_on: addDays(start, 14),
        cancelled_for_non_payment: false,
        door_access: true,
      },
    });
    expect(failed!.charge!.last_error).not.toBe('');
    expect(membershipStateLabel(failed!.subscription!)).toMatch(/^In grace until /);

    // Retried 1, 3 and 5 days after; grace ends unpaid on day 14: cancelled, no retry, the door shut.
    await travel(15);
    const ended = await rowsOf();
    const charged = ended.filter((r) => r.charge !== null);
    expect(charged.map((r) => [r.period_start, r.payment_status, r.charge!.next_retry_on])).toEqual([
      [start, 'failed', null],
      [addDays(start, 7), 'failed', null],
    ]);
    expect(charged[0]!.charge!.attempts).toBe(4);
    // Asked for failed payments only, the list holds just those: both of this membership's charges.
    const failedOnly = await get(
      `from=${start}&to=${addDays(start, 20)}&gym_id=${tenant.gymA.id}&status=failed&per_page=100`,
    );
    expect(failedOnly.statusCode).toBe(200);
    const failedRows = (failedOnly.json() as ExpectedPaymentsAnswer).data;
    expect(failedRows.every((r) => r.payment_status === 'failed')).toBe(true);
    expect(failedRows.filter((r) => r.subscription_id === sub.id)).toHaveLength(2);
    expect(charged[0]!.status_label).toBe('Failed');
    for (const row of ended) {
      expect(row.subscription).toEqual({
        state: 'cancelled',
        grace_ends_on: addDays(start, 14),
        ends_on: addDays(start, 14),
        cancelled_for_non_payment: true,
        door_access: false,
      });
      expect(membershipStateLabel(row.subscription!)).toBe('Cancelled for non-payment');
    }
  });

  it("sees none of another organisation's charges", async () => {
    const res = await get('', await signIn(t.app, other.admin.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});
