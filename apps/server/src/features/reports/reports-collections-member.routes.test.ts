// Collections (issue 29): a charge collected after its failure by a payment made after the member
// changed their way to pay (the failure mail's fix link: their new card made their membership's, logged
// as member.payment_type_switched) is recovered "by the member", not "by retries" — whether the change
// is written before the payment or after it. A change before the failure, or after the payment, leaves
// it to the retries.
//
// Today is Sat 20 June 2026 (Auckland); every charge falls due on 1 May, $50 monthly, by card:
//   Gail  failed 1 May, changed her card 2 May, the engine's retry collected 3 May   → by the member
//   Hal   failed 1 May, the retry collected 3 May, changed his card 4 May            → by retries
//   Ivy   changed her card 28 Apr, failed 1 May, the retry collected 3 May           → by retries
//   Jo    failed 1 May, the retry collected 3 May; her change of card on 2 May is written after the
//         payment                                                                     → by the member
import { type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { activityLog } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { createCharge } from '../payments/payments.test-support';

let t: TestApp;
let cookie: string;

const at = (day: string, hour = 12) =>
  new Date(startOfDayInstant(day as CalendarDate).getTime() + hour * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at('2026-06-20', 9));
  const tenant = await createTenant(t.db);
  const db = t.db;
  const organisationId = tenant.organisation.id;
  const gymId = tenant.gymA.id;
  const offering = await createOffering(db, { organisationId, allGymsAccess: true, name: 'Open gym' });
  const price = await createPrice(db, {
    organisationId,
    offeringId: offering.id,
    amount: 5000,
    billingFrequency: 'monthly',
  });
  const switched = (userId: number, subscriptionId: number, when: Date) =>
    db.insert(activityLog).values({
      organisationId,
      actorUserId: userId,
      userId,
      subjectType: 'user',
      subjectId: userId,
      action: 'member.payment_type_switched',
      data: { payment_type_id: 1, subscription_id: subscriptionId },
      createdAt: when,
    });
  const member = async (name: string, switchedOn: string | null, writtenAfter = false) => {
    const user = await createMember(db, {
      organisationId,
      gymId,
      user: { name, email: `${name.toLowerCase()}-${organisationId}@example.com` },
    });
    const sub = await createSubscription(db, {
      organisationId,
      gymId,
      userId: user.id,
      priceId: price.id,
      startDate: '2026-01-01',
      anchorDay: 1,
      currentPeriodStart: '2026-06-01',
      currentPeriodEnd: '2026-07-01',
    });
    if (switchedOn && !writtenAfter) await switched(user.id, sub.id, at(switchedOn));
    await createCharge(db, {
      organisationId,
      gymId,
      userId: user.id,
      subscriptionId: sub.id,
      periodStart: '2026-05-01',
      amount: 5000,
      type: 'stripe_card',
      attempts: [
        { status: 'failed', at: at('2026-05-01'), errorStatus: 'INSUFFICIENT_FUNDS' },
        { status: 'sent', at: at('2026-05-03') },
      ],
    });
    if (switchedOn && writtenAfter) await switched(user.id, sub.id, at(switchedOn));
  };
  await member('Gail', '2026-05-02');
  await member('Hal', '2026-05-04');
  await member('Ivy', '2026-04-28');
  await member('Jo', '2026-05-02', true);
  cookie = await signIn(t.app, tenant.admin.email);
}, 120_000);
afterAll(() => t?.close());

it('counts a payment after the member changed their way to pay as recovered by the member', async () => {
  const res = await t.app.inject(
    pageRequest({ method: 'GET', url: '/api/reports/collections?from=2026-05&to=2026-05', cookie }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const { total } = res.json().data;
  expect(total.failed).toEqual({ count: 4, amount: 20000 });
  expect(total.by_member).toEqual({ count: 2, amount: 10000 });
  expect(total.by_retries).toEqual({ count: 2, amount: 10000 });
  expect(total.recovery_rate).toBe(10000);
  // The totals the triggers kept are those worked out again from the rows.
  const kept = await queryRows(
    t.db,
    sql`select t.recovered_by, sum(t.charges)::int as charges from collection_month_totals t
        group by 1 having sum(t.charges) <> 0 order by 1`,
  );
  const rebuilt = await queryRows(
    t.db,
    sql`select f.recovered_by, count(*)::int as charges
        from charge_collection_rows(array(select c.id from charges c)) f group by 1 order by 1`,
  );
  expect(kept).toEqual(rebuilt);
});
