// The forecast plans memberships with the same plan inputs once per group (dueSubscriptionsForForecast);
// its figures equal planning every due membership one by one with its booked pauses applied (the
// previous reading, kept here as the reference), over a made history: every frequency and a one-off,
// memberships before their first charge (one with a fixed billing date), cancellations ending in the
// window, terms ending in it, price changes in it (to the same frequency and to another), staff's price
// overrides, card payers with a gym's surcharge, pauses booked in the window, after it and already
// applied; several members alike in each, for the organisation and one gym, for 30 and 90 days.
//
// Today is Sat 20 June 2026 (Auckland).
import { aucklandInstant } from '@gym/domain/auckland-date-time';
import { addDays, type CalendarDate, calendarDate } from '@gym/domain/calendar-date';
import type { TimeOfDay } from '@gym/domain/time-of-day';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { gyms, organisationMembers, paymentTypes, subscriptionPauses } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { dueSubscriptions } from '../billing';
import * as repo from './reports.repository';
import { forecast, plannedWithPauses, type ReportScope } from './reports.service';

let database: Database;
let tenant: Awaited<ReturnType<typeof createTenant>>;
const now = aucklandInstant(calendarDate('2026-06-20'), '12:00' as TimeOfDay)!;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  tenant = await createTenant(db);
  const organisationId = tenant.organisation.id;
  const { gymA, gymB } = tenant;
  await db.update(gyms).set({ cardSurchargeBasisPoints: 150 }).where(eq(gyms.id, gymB.id));
  const offering = await createOffering(db, { organisationId, allGymsAccess: true, name: 'Open gym' });
  const price = (amount: number, billingFrequency: string, joiningFee = 0) =>
    createPrice(db, {
      organisationId,
      offeringId: offering.id,
      amount,
      billingFrequency: billingFrequency as 'monthly',
      joiningFee,
    });
  const weekly = await price(2500, 'weekly');
  const fortnightly = await price(4800, 'fortnightly');
  const monthly = await price(6000, 'monthly', 5000);
  const dearer = await price(8000, 'monthly');
  const quarterly = await price(17000, 'quarterly');
  const yearly = await price(60000, 'yearly');
  const oneOff = await price(12000, 'one_off');
  const daily = await price(900, 'daily');

  let n = 0;
  /** `copies` members alike, each with the membership given (and the extras made for each). */
  const alike = async (
    copies: number,
    membership: Omit<Parameters<typeof createSubscription>[1], 'organisationId' | 'gymId' | 'userId'> & {
      gym?: 'B';
      card?: boolean;
      billingDate?: string;
      pauses?: { startDate: string; endDate: string; applied?: boolean }[];
    },
  ) => {
    const { gym, card, billingDate, pauses, ...row } = membership;
    const gymId = gym === 'B' ? gymB.id : gymA.id;
    for (let i = 0; i < copies; i++) {
      n += 1;
      const user = await createMember(db, { organisationId, gymId, user: { name: `Member ${n}` } });
      if (billingDate)
        await db
          .update(organisationMembers)
          .set({ billingDate })
          .where(eq(organisationMembers.userId, user.id));
      const [type] = await db
        .insert(paymentTypes)
        .values({
          organisationId,
          userId: user.id,
          type: card ? 'stripe_card' : 'bank_account',
          gymId: card ? gymId : null,
        })
        .returning();
      const sub = await createSubscription(db, {
        organisationId,
        gymId,
        userId: user.id,
        paymentTypeId: type!.id,
        ...row,
      });
      for (const p of pauses ?? [])
        await db.insert(subscriptionPauses).values({
          organisationId,
          subscriptionId: sub.id,
          startDate: p.startDate,
          endDate: p.endDate,
          appliedAt: p.applied ? now : null,
        });
    }
  };
  const period = (start: string, end: string | null, anchorDay: number) => ({
    startDate: '2025-11-01',
    anchorDay,
    currentPeriodStart: start,
    currentPeriodEnd: end,
  });

  // Plain memberships, many alike: the groups.
  await alike(4, { priceId: weekly.id, ...period('2026-06-15', '2026-06-22', 22) });
  await alike(3, { priceId: weekly.id, ...period('2026-06-17', '2026-06-24', 24), gym: 'B', card: true });
  await alike(3, { priceId: fortnightly.id, ...period('2026-06-12', '2026-06-26', 26) });
  await alike(4, { priceId: monthly.id, ...period('2026-06-01', '2026-07-01', 1) });
  await alike(2, { priceId: monthly.id, ...period('2026-06-01', '2026-07-01', 1), card: true, gym: 'B' });
  await alike(2, { priceId: quarterly.id, ...period('2026-04-05', '2026-07-05', 5) });
  await alike(2, { priceId: yearly.id, ...period('2025-07-10', '2026-07-10', 10) });
  await alike(2, { priceId: daily.id, ...period('2026-06-19', '2026-06-20', 20) });
  // Overdue: a period that should have been charged days ago (the run catches up).
  await alike(2, { priceId: weekly.id, ...period('2026-06-06', '2026-06-13', 13) });
  // Staff's override.
  await alike(2, { priceId: monthly.id, ...period('2026-06-08', '2026-07-08', 8), forcePriceAmount: 4500 });
  // Before their first charge: starting in the window (joining fee), one on a fixed billing date, a one-off.
  await alike(2, { priceId: monthly.id, startDate: '2026-06-28', anchorDay: 28 });
  await alike(2, { priceId: monthly.id, startDate: '2026-06-25', anchorDay: 1, billingDate: '2026-07-01' });
  await alike(2, { priceId: oneOff.id, startDate: '2026-07-03', anchorDay: 3 });
  // A one-off already charged: nothing more.
  await alike(1, { priceId: oneOff.id, ...period('2026-05-03', null, 3) });
  // Cancelled, ending in the window.
  await alike(2, {
    priceId: weekly.id,
    ...period('2026-06-15', '2026-06-22', 22),
    cancelledAt: now,
    endsAt: '2026-07-06',
  });
  // Terms ending in the window: one continuing on a price, one stopping.
  await alike(2, {
    priceId: fortnightly.id,
    ...period('2026-06-12', '2026-06-26', 26),
    isTermMembership: true,
    termEndsAt: '2026-07-10',
    transitionToPriceId: weekly.id,
  });
  await alike(2, {
    priceId: monthly.id,
    ...period('2026-06-01', '2026-07-01', 1),
    isTermMembership: true,
    termEndsAt: '2026-07-15',
    endsAt: '2026-07-15',
  });
  // Price changes: to the same frequency and to another, in the window.
  await alike(3, {
    priceId: monthly.id,
    ...period('2026-06-10', '2026-07-10', 10),
    transitionToPriceId: dearer.id,
    transitionTakesEffectAt: '2026-07-10',
  });
  await alike(2, {
    priceId: monthly.id,
    ...period('2026-06-03', '2026-07-03', 3),
    transitionToPriceId: weekly.id,
    transitionTakesEffectAt: '2026-07-03',
    gym: 'B',
    card: true,
  });
  // Pauses booked in the window, after it (a 90-day forecast reaches it), and one already applied.
  await alike(2, {
    priceId: weekly.id,
    ...period('2026-06-15', '2026-06-22', 22),
    pauses: [{ startDate: '2026-07-01', endDate: '2026-07-15' }],
  });
  await alike(2, {
    priceId: monthly.id,
    ...period('2026-06-01', '2026-07-01', 1),
    pauses: [
      { startDate: '2026-06-25', endDate: '2026-07-09' },
      { startDate: '2026-08-10', endDate: '2026-08-24' },
    ],
  });
  await alike(1, {
    priceId: monthly.id,
    ...period('2026-06-01', '2026-07-01', 1),
    pauses: [{ startDate: '2026-05-01', endDate: '2026-05-15', applied: true }],
  });
});

afterAll(() => database?.close());

/** The previous reading: every due membership planned one by one, its booked pauses applied. */
async function perMembership(scope: ReportScope, days: number) {
  const db = database.db;
  const today = calendarDate('2026-06-20');
  const to = addDays(today, days - 1);
  const subs = (
    await Promise.all(
      scope.gymIds === null
        ? [dueSubscriptions(db, to, scope.organisationId)]
        : scope.gymIds.map((g) => dueSubscriptions(db, to, scope.organisationId, g)),
    )
  ).flat();
  const [made, pauses] = await Promise.all([
    repo.chargesDueByDay(db, scope, today, to),
    repo.bookedPauses(db, scope, to),
  ]);
  const expected = new Map<string, { count: number; amount: number }>();
  for (let i = 0; i < days; i++) expected.set(addDays(today, i), { count: 0, amount: 0 });
  for (const r of made) {
    const f = expected.get(r.day);
    if (f) {
      f.count += r.count;
      f.amount += Number(r.amount);
    }
  }
  for (const sub of subs) {
    const own = pauses.filter((p) => p.subscription_id === sub.id);
    for (const p of plannedWithPauses(sub, own, to)) {
      const f = expected.get(p.period.start);
      if (!f) continue;
      f.count += 1;
      f.amount += p.amount + p.surcharge;
    }
  }
  return { subs: subs.length, days: [...expected].map(([day, figure]) => ({ day, expected: figure })) };
}

describe('the forecast by groups of alike plans', () => {
  it('equals planning every membership one by one', async () => {
    const org = tenant.organisation.id;
    const scopes: ReportScope[] = [
      { organisationId: org, gymIds: null },
      { organisationId: org, gymIds: [tenant.gymB.id] },
      { organisationId: org, gymIds: [tenant.gymA.id, tenant.gymB.id] },
    ];
    for (const scope of scopes)
      for (const days of [30, 90]) {
        const reference = await perMembership(scope, days);
        const answer = await forecast(
          { db: database.db, clock: { now: () => now } },
          database.db,
          scope,
          days,
        );
        expect(
          answer.days.map((d) => ({ day: d.day as CalendarDate, expected: d.expected })),
          `${JSON.stringify(scope.gymIds)}, ${days} days`,
        ).toEqual(reference.days);
        if (scope.gymIds === null && days === 30) {
          expect(reference.subs).toBeGreaterThan(40);
          expect(answer.expected.count).toBeGreaterThan(60);
        }
      }
  });
});
