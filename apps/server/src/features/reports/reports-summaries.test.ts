// Recurring revenue and churn from migration 0029's summaries give the same figures as the previous
// queries over the base tables (reports.base-tables.test-support.ts), on a made history written the way
// the product writes it (rows inserted, then updated: a price change applied, pauses booked, cancelled
// and running past today, cancellations with their activity, a reactivation, a member in two gyms, a
// membership moved between gyms, one awaiting its first payment, one deleted, a staging one), for the
// whole organisation and each gym, over month ends, odd days and days to come; and the summaries the
// triggers kept equal those worked out again from the rows.
//
// Today is Sat 20 June 2026 (Auckland).
import { type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { activityLog, priceChanges, subscriptionPauses, subscriptions } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { churnByMonthFromRows, mrrByDayFromRows } from './reports.base-tables.test-support';
import { churnByMonth, mrrByDay, type ReportScope } from './reports.repository';

let database: Database;
let tenant: Awaited<ReturnType<typeof createTenant>>;

/** An instant on an Auckland day, at the hour given (noon by default). */
const at = (day: string, hour = 12) =>
  new Date(startOfDayInstant(day as CalendarDate).getTime() + hour * 3_600_000);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  tenant = await createTenant(db);
  const organisationId = tenant.organisation.id;
  const { gymA, gymB } = tenant;
  const offering = await createOffering(db, { organisationId, allGymsAccess: true, name: 'Open gym' });
  const price = (amount: number, billingFrequency: 'monthly' | 'weekly' | 'fortnightly') =>
    createPrice(db, { organisationId, offeringId: offering.id, amount, billingFrequency });
  const sixty = await price(6000, 'monthly');
  const eighty = await price(8000, 'monthly');
  const forty = await price(4000, 'monthly');
  const weekly = await price(2500, 'weekly');
  const fortnightly = await price(4999, 'fortnightly');
  let n = 0;
  const person = (gymId: number) => {
    n += 1;
    return createMember(db, {
      organisationId,
      gymId,
      user: { name: `Member ${n}`, email: `member-${n}-${organisationId}@example.com` },
    });
  };
  const membership = (userId: number, gymId: number, priceId: number, startDate: string, extra = {}) =>
    createSubscription(db, {
      organisationId,
      gymId,
      userId,
      priceId,
      startDate,
      anchorDay: Number(startDate.slice(8, 10)),
      ...extra,
    });
  const cancel = async (
    sub: { id: number; userId: number },
    when: Date,
    kind: 'subscription.cancelled' | 'subscription.cancelled_for_non_payment',
    reasons: string[],
  ) => {
    await db
      .update(subscriptions)
      .set({ cancelledAt: when, cancellationReasons: reasons })
      .where(eq(subscriptions.id, sub.id));
    await db.insert(activityLog).values({
      organisationId,
      actorUserId: null,
      userId: sub.userId,
      subjectType: 'subscription',
      subjectId: sub.id,
      action: kind,
      createdAt: when,
    });
  };
  const priceChange = async (
    sub: { id: number; userId: number },
    from: { id: number; amount: number },
    to: { id: number; amount: number },
    applied: Date | null,
  ) => {
    const [row] = await db
      .insert(priceChanges)
      .values({
        organisationId,
        subscriptionId: sub.id,
        userId: sub.userId,
        fromPriceId: from.id,
        toPriceId: to.id,
        fromAmount: from.amount,
        toAmount: to.amount,
        takesEffectAt: (applied ?? at('2026-08-01')).toISOString().slice(0, 10),
      })
      .returning();
    // Booked first, applied by the billing run later (the update trigger's path).
    if (applied)
      await db.update(priceChanges).set({ appliedAt: applied }).where(eq(priceChanges.id, row!.id));
  };
  const pause = (subscriptionId: number, startDate: string, endDate: string) =>
    db
      .insert(subscriptionPauses)
      .values({ organisationId, subscriptionId, startDate, endDate })
      .returning()
      .then((r) => r[0]!);

  // A rise then a fall in price (expansion, contraction); a price change still booked.
  const m1 = await person(gymA.id);
  const s1 = await membership(m1.id, gymA.id, sixty.id, '2025-12-10');
  await priceChange(s1, sixty, eighty, at('2026-02-10', 3));
  await priceChange(s1, eighty, forty, at('2026-04-10', 3));
  await priceChange(s1, forty, sixty, null);
  // Weekly: a pause in March, one booked from 25 June (after today), one booked and then cancelled.
  const m2 = await person(gymA.id);
  const s2 = await membership(m2.id, gymA.id, weekly.id, '2026-01-05');
  await pause(s2.id, '2026-03-01', '2026-03-20');
  await pause(s2.id, '2026-06-25', '2026-07-05');
  const dropped = await pause(s2.id, '2026-05-02', '2026-05-09');
  await db
    .update(subscriptionPauses)
    .set({ cancelledAt: at('2026-04-30') })
    .where(eq(subscriptionPauses.id, dropped.id));
  // Cancelled by staff in March (cost), back with a new membership in May: reactivated.
  const m3 = await person(gymB.id);
  const s3 = await membership(m3.id, gymB.id, sixty.id, '2026-01-15');
  await cancel(s3, at('2026-03-15'), 'subscription.cancelled', ['cost']);
  await membership(m3.id, gymB.id, fortnightly.id, '2026-05-01');
  // Two gyms: A from February, B weekly from April; A cancelled for non-payment in May.
  const m4 = await person(gymA.id);
  const s4a = await membership(m4.id, gymA.id, sixty.id, '2026-02-01');
  await membership(m4.id, gymB.id, weekly.id, '2026-04-01');
  await cancel(s4a, at('2026-05-20'), 'subscription.cancelled_for_non_payment', ['non_payment']);
  // Starts after today, this month.
  const m5 = await person(gymB.id);
  await membership(m5.id, gymB.id, sixty.id, '2026-06-27');
  // Awaiting a first payment, then paid: counts from its start.
  const m6 = await person(gymA.id);
  const s6 = await membership(m6.id, gymA.id, eighty.id, '2026-03-03', { upcomingState: 'upcoming' });
  await db.update(subscriptions).set({ upcomingState: null }).where(eq(subscriptions.id, s6.id));
  // Staging: never counted.
  const m7 = await person(gymA.id);
  await membership(m7.id, gymA.id, sixty.id, '2026-02-02', { isStaging: true });
  // Made and deleted.
  const m8 = await person(gymB.id);
  const s8 = await membership(m8.id, gymB.id, sixty.id, '2026-03-03');
  await db.delete(subscriptions).where(eq(subscriptions.id, s8.id));
  // Paused from 10 June to 28 June: back after today.
  const m9 = await person(gymA.id);
  const s9 = await membership(m9.id, gymA.id, sixty.id, '2025-11-01');
  await pause(s9.id, '2026-06-10', '2026-06-28');
  // Joined and cancelled this month before today; cancelled at the very start of an Auckland day.
  const m10 = await person(gymA.id);
  const s10 = await membership(m10.id, gymA.id, sixty.id, '2026-06-05');
  await cancel(s10, at('2026-06-18'), 'subscription.cancelled', []);
  const m11 = await person(gymB.id);
  const s11 = await membership(m11.id, gymB.id, weekly.id, '2026-01-01');
  await priceChange(
    s11,
    weekly,
    eighty,
    new Date(startOfDayInstant('2026-04-01' as CalendarDate).getTime() - 60_000),
  );
  await cancel(s11, startOfDayInstant('2026-05-01' as CalendarDate), 'subscription.cancelled', ['moving']);
  // Moved from gym B to gym A.
  const m12 = await person(gymB.id);
  const s12 = await membership(m12.id, gymB.id, forty.id, '2026-02-14');
  await db.update(subscriptions).set({ gymId: gymA.id }).where(eq(subscriptions.id, s12.id));
}, 120_000);
afterAll(() => database?.close());

const scopes = (): [string, ReportScope][] => [
  ['the organisation', { organisationId: tenant.organisation.id, gymIds: null }],
  ['gym A', { organisationId: tenant.organisation.id, gymIds: [tenant.gymA.id] }],
  ['gym B', { organisationId: tenant.organisation.id, gymIds: [tenant.gymB.id] }],
];

const dayLists = (
  [
    // The twelve months to this one: each month's end, today for June.
    [
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-20',
    ],
    // Odd days, days to come among them.
    ['2026-02-14', '2026-03-03', '2026-03-31', '2026-04-25', '2026-06-20', '2026-06-30', '2026-07-15'],
    ['2026-06-26'],
    ['2026-07-31', '2026-06-20'],
  ] as string[][]
).map((days) => days as CalendarDate[]);

describe('recurring revenue from the summaries', () => {
  it('equals the previous query over the base tables', async () => {
    for (const [name, scope] of scopes())
      for (const days of dayLists) {
        const kept = await mrrByDay(database.db, scope, days);
        const rows = await mrrByDayFromRows(database.db, scope, [...days].sort());
        expect(kept, `${name}: ${days.join(' ')}`).toEqual(
          rows.map((r) => ({
            ...r,
            mrr: Number(r.mrr),
            members: Number(r.members),
            new: Number(r.new),
            expansion: Number(r.expansion),
            contraction: Number(r.contraction),
            churned: Number(r.churned),
            reactivated: Number(r.reactivated),
          })),
        );
      }
    // The history moves: something in every part.
    const all = await mrrByDay(database.db, scopes()[0]![1], dayLists[0]!);
    for (const part of ['new', 'expansion', 'contraction', 'churned', 'reactivated'] as const)
      expect(
        all.some((r) => r[part] > 0),
        part,
      ).toBe(true);
  });
});

describe('churn from the summaries', () => {
  it('equals the previous query over the base tables', async () => {
    const months = [
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
    ].map((m, i, all) => ({
      first: `${m}-01` as CalendarDate,
      next: (all[i + 1] ? `${all[i + 1]}-01` : '2026-08-01') as CalendarDate,
    }));
    const key = (r: { month_start: string; action: string | null; reasons: string[] | null }) =>
      `${r.month_start} ${r.action} ${(r.reasons ?? []).join(',')}`;
    for (const [name, scope] of scopes()) {
      const kept = await churnByMonth(database.db, scope, months);
      const rows = await churnByMonthFromRows(database.db, scope, months);
      const tidy = (list: typeof kept) =>
        list
          .map((r) => ({ ...r, reasons: r.action === null ? null : (r.reasons ?? []) }))
          .sort((a, b) => key(a).localeCompare(key(b)));
      expect(tidy(kept), name).toEqual(tidy(rows));
    }
    const org = await churnByMonth(database.db, scopes()[0]![1], months);
    expect(org.filter((r) => r.lost > 0).map((r) => [r.month_start, r.action, r.reasons])).toEqual([
      ['2026-03-01', 'subscription.cancelled', ['cost']],
      ['2026-05-01', 'subscription.cancelled', ['moving']],
    ]);
  });
});

it('keeps the summaries as the rows say (against working them out again)', async () => {
  const read = () =>
    Promise.all([
      queryRows(
        database.db,
        sql`select organisation_id::int, gym_id::int, month::text, mrr_net::float8, members_net, new_mrr::float8,
              expansion::float8, contraction::float8, churned::float8, reactivated::float8, enrolled_net
            from member_month_totals
            where (mrr_net, members_net, new_mrr, expansion, contraction, churned, reactivated, enrolled_net)
              <> (0, 0, 0, 0, 0, 0, 0, 0)
            order by 1, 2, 3`,
      ),
      queryRows(
        database.db,
        sql`select organisation_id::int, gym_id::int, month::text, action, reasons, lost from churn_month_totals
            where lost <> 0 order by 1, 2, 3, 4, 5`,
      ),
      queryRows(
        database.db,
        sql`select organisation_id::int, gym_id::int, user_id::int, on_date::text, held, mrr::float8, enrolled,
              first_start::text
            from member_revenue_steps order by 1, 2, 3, 4`,
      ),
    ]);
  const kept = await read();
  expect(kept[0].length).toBeGreaterThan(10);
  await database.db.execute(sql`select member_revenue_rebuild()`);
  expect(await read()).toEqual(kept);
});
