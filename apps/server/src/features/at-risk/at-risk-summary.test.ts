// The at-risk report's visit days from migration 0032's member_visit_weeks equal those counted from the
// visits themselves (distinct Auckland days with an allowed visit, as the report's previous query read
// them), for every list day over three months and each member; and the weeks the triggers kept, through
// visits inserted one and many at a time, moved, refused then allowed, and deleted, equal those worked
// out again from the visits. The visits straddle Auckland midnights, week ends and the start of daylight
// saving (Sunday 27 September 2026).
import { atRiskWindow } from '@gym/domain/at-risk';
import { addDays, type CalendarDate, calendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { visits } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { atRiskMembers } from './at-risk.repository';

let database: Database;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;

/** An instant on an Auckland day, `minutes` after its midnight. */
const at = (day: string, minutes = 12 * 60) =>
  new Date(startOfDayInstant(day as CalendarDate).getTime() + minutes * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  tenant = await createTenant(db);
  other = await createTenant(db);
  const org = tenant.organisation.id;
  const gymId = tenant.gymA.id;
  const offering = await createOffering(db, { organisationId: org, allGymsAccess: true });
  const price = await createPrice(db, { organisationId: org, offeringId: offering.id, amount: 5500 });
  const member = async (name: string) => {
    const user = await createMember(db, { organisationId: org, gymId, user: { name } });
    await createSubscription(db, {
      organisationId: org,
      gymId,
      userId: user.id,
      priceId: price.id,
      startDate: '2026-08-03',
      anchorDay: 3,
    });
    return user.id;
  };
  const [a, b, c] = [await member('Aroha'), await member('Ben'), await member('Cleo')];
  const visit = (userId: number, visitedAt: Date, successful = true) => ({
    organisationId: org,
    gymId,
    userId,
    visitedAt,
    successful,
  });
  // One at a time: the first and last minutes of days, twice on a day, across the start of daylight saving.
  for (const [day, minutes] of [
    ['2026-09-20', 0],
    ['2026-09-20', 23 * 60 + 59],
    ['2026-09-26', 23 * 60 + 59],
    ['2026-09-27', 0],
    ['2026-09-27', 22 * 60],
    ['2026-09-28', 6 * 60],
    ['2026-10-04', 23 * 60 + 30],
    ['2026-10-05', 30],
  ] as const)
    await db.insert(visits).values(visit(a, at(day, minutes)));
  // Many members' visits in one statement: every other day for Ben, every third for Cleo, a refused one.
  const every = (userId: number, from: string, count: number, step: number) =>
    Array.from({ length: count }, (_, i) => visit(userId, at(addDays(calendarDate(from), i * step), 7 * 60)));
  await db
    .insert(visits)
    .values([
      ...every(b, '2026-09-01', 40, 2),
      ...every(c, '2026-09-02', 30, 3),
      visit(c, at('2026-10-10'), false),
    ]);
  // Another organisation's visits by the same member are not this one's.
  await db.insert(visits).values({
    organisationId: other.organisation.id,
    gymId: other.gymA.id,
    userId: a,
    visitedAt: at('2026-10-06'),
  });
  // Staff put a refused visit right, a visit moves to another week, visits are deleted.
  const refused = await db.select().from(visits).where(eq(visits.successful, false));
  await db.update(visits).set({ successful: true }).where(eq(visits.id, refused[0]!.id));
  const bens = await db.select().from(visits).where(eq(visits.userId, b)).orderBy(visits.visitedAt);
  await db
    .update(visits)
    .set({ visitedAt: at('2026-11-02', 23 * 60) })
    .where(eq(visits.id, bens[3]!.id));
  await db.update(visits).set({ userId: c }).where(eq(visits.id, bens[4]!.id));
  await db.delete(visits).where(inArray(visits.id, [bens[10]!.id, bens[11]!.id, bens[12]!.id]));
  const arohas = await db.select().from(visits).where(eq(visits.userId, a)).orderBy(visits.visitedAt);
  // One of two on a day: the day still counts; the only one on a day: it no longer does.
  await db.delete(visits).where(inArray(visits.id, [arohas[0]!.id, arohas[3]!.id]));
  await db.update(visits).set({ successful: false }).where(eq(visits.id, arohas[5]!.id));
});

afterAll(() => database?.close());

const keptWeeks = () =>
  queryRows<{ organisation_id: number; user_id: number; week: string; days: number }>(
    database.db,
    sql`select organisation_id::int, user_id::int, week::text, days from member_visit_weeks order by 1, 2, 3`,
  );

describe('member_visit_weeks (migration 0032)', () => {
  it('counts the days of every window as the visits do', async () => {
    const org = tenant.organisation.id;
    const todays = Array.from({ length: 90 }, (_, i) => addDays(calendarDate('2026-09-01'), i));
    for (const today of todays) {
      const w = atRiskWindow(today);
      const spans: [CalendarDate, CalendarDate][] = [
        [w.baselineFrom, addDays(w.recentFrom, -1)],
        [w.recentFrom, w.through],
        [today, today],
      ];
      for (const [first, last] of spans) {
        const fromWeeks = await queryRows<{ user_id: number; days: number }>(
          database.db,
          sql`select user_id::int, sum(visit_days_between(days, week, ${first}::date, ${last}::date))::int as days
              from member_visit_weeks where organisation_id = ${org} group by 1 having sum(visit_days_between(days, week, ${first}::date, ${last}::date)) > 0
              order by 1`,
        );
        const fromVisits = await queryRows<{ user_id: number; days: number }>(
          database.db,
          sql`select user_id::int, count(distinct (visited_at at time zone 'Pacific/Auckland')::date)::int as days
              from visits where organisation_id = ${org} and successful
                and visited_at >= ${startOfDayInstant(first).toISOString()}
                and visited_at < ${startOfDayInstant(addDays(last, 1)).toISOString()}
              group by 1 order by 1`,
        );
        expect(fromWeeks, `${first} to ${last}`).toEqual(fromVisits);
      }
    }
  });

  it('the report lists the members whose days fell away with those days', async () => {
    const org = tenant.organisation.id;
    let listed = 0;
    for (const today of ['2026-10-20', '2026-11-05', '2026-11-20', '2026-11-30', '2026-12-10'].map(
      calendarDate,
    )) {
      const w = atRiskWindow(today);
      const rows = await atRiskMembers(database.db, { organisationId: org, gymIds: null }, w, null);
      listed += rows.length;
      for (const row of rows) {
        const [counted] = await queryRows<{ baseline: number; recent: number }>(
          database.db,
          sql`select
                count(distinct (visited_at at time zone 'Pacific/Auckland')::date)
                  filter (where visited_at < ${startOfDayInstant(w.recentFrom).toISOString()})::int as baseline,
                count(distinct (visited_at at time zone 'Pacific/Auckland')::date)
                  filter (where visited_at >= ${startOfDayInstant(w.recentFrom).toISOString()})::int as recent
              from visits where organisation_id = ${org} and user_id = ${row.user_id} and successful
                and visited_at >= ${startOfDayInstant(w.baselineFrom).toISOString()}
                and visited_at < ${startOfDayInstant(addDays(w.through, 1)).toISOString()}`,
        );
        expect(
          { baseline: row.baseline_visits, recent: row.recent_visits },
          `${today} ${row.user_name}`,
        ).toEqual(counted);
      }
    }
    expect(listed).toBeGreaterThan(0);
  });

  it('keeps what a rebuild from the visits gives', async () => {
    const kept = await keptWeeks();
    expect(kept.length).toBeGreaterThan(20);
    expect(kept.every((r) => r.days > 0)).toBe(true);
    await database.db.execute(sql`select member_visit_weeks_rebuild()`);
    expect(await keptWeeks()).toEqual(kept);
  });
});
