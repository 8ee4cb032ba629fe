// Who counts as active on a day, rebuilt in SQL from when things happened: hand-worked histories on a
// real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), each member in an organisation of their
// own so that a history is read alone.
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { charges, subscriptionPauses } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { endOfDay, pastActiveCountsSql, pastStandingsSql, type Scope, standingsSql } from './member-standing';

const TODAY = '2026-06-15' as CalendarDate;
const day = (offset: number) => addDays(TODAY, offset);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

interface History {
  start: number;
  gym?: 'A' | 'B';
  cancelledAt?: Date;
  pausedAt?: Date;
  gracePeriodEndsAt?: CalendarDate;
  upcomingState?: string;
  pauses?: { start: number; end: number; cancelled?: boolean }[];
  failures?: { failedAt: Date; paidAt?: Date; writtenOff?: boolean }[];
}

/**
 * A new organisation with one member holding these subscriptions (in order), and as many other members
 * as `others` has histories; its scope and the first member's subscription ids.
 */
async function organisationWith(histories: History[], others: History[][] = []) {
  const db = database.db;
  const tenant = await createTenant(db);
  const organisationId = tenant.organisation.id;
  const offering = await createOffering(db, { organisationId, allGymsAccess: true });
  const price = await createPrice(db, { organisationId, offeringId: offering.id, amount: 2500 });
  const ids: number[] = [];
  for (const [index, held] of [histories, ...others].entries()) {
    const member = await createMember(db, { organisationId, gymId: tenant.gymA.id });
    for (const h of held) {
      const startDate = day(h.start);
      const sub = await createSubscription(db, {
        organisationId,
        gymId: h.gym === 'B' ? tenant.gymB.id : tenant.gymA.id,
        userId: member.id,
        priceId: price.id,
        startDate,
        anchorDay: Number(startDate.slice(8)),
        cancelledAt: h.cancelledAt ?? null,
        pausedAt: h.pausedAt ?? null,
        gracePeriodEndsAt: h.gracePeriodEndsAt ?? null,
        upcomingState: h.upcomingState ?? null,
      });
      if (index === 0) ids.push(sub.id);
      for (const p of h.pauses ?? [])
        await db.insert(subscriptionPauses).values({
          organisationId,
          subscriptionId: sub.id,
          startDate: day(p.start),
          endDate: day(p.end),
          cancelledAt: p.cancelled ? startOfDayInstant(day(p.start - 1)) : null,
        });
      for (const [i, f] of (h.failures ?? []).entries())
        await db.insert(charges).values({
          organisationId,
          subscriptionId: sub.id,
          periodStart: day(-300 + i),
          dueDate: day(-300 + i),
          amount: 2500,
          status: f.writtenOff ? 'written_off' : f.paidAt ? 'paid' : 'unpaid',
          firstFailedAt: f.failedAt,
          paidAt: f.paidAt ?? null,
        });
    }
  }
  return { scope: { organisationId, gymIds: null } as Scope, tenant, ids };
}

const standings = (scope: Scope, offset: number) =>
  queryRows<{ id: number; state: string }>(
    database.db,
    sql`select st.id::int, st.state from (${standingsSql(scope, day(offset), TODAY)}) st order by st.id`,
  );
const stateOn = async (scope: Scope, offset: number) => (await standings(scope, offset))[0]?.state ?? null;

describe('standingsSql', () => {
  it('follows a history: joined, paused, owing, cancelled', async () => {
    const { scope } = await organisationWith([
      {
        start: -60,
        pauses: [
          { start: -50, end: -40 },
          { start: -35, end: -33, cancelled: true },
        ],
        failures: [{ failedAt: endOfDay(day(-30)), paidAt: endOfDay(day(-25)) }],
        cancelledAt: startOfDayInstant(day(-10)),
      },
    ]);
    const expected: [number, string | null][] = [
      [-70, null],
      [-61, null],
      [-60, 'active'],
      [-55, 'active'],
      [-50, 'paused'],
      [-45, 'paused'],
      [-41, 'paused'],
      [-40, 'active'],
      [-34, 'active'], // that pause was called off
      [-31, 'active'],
      [-30, 'grace'],
      [-28, 'grace'],
      [-26, 'grace'],
      [-25, 'active'], // paid at the very end of the day: nothing owed at its end
      [-20, 'active'],
      [-11, 'active'],
      [-10, 'cancelled'],
      [0, 'cancelled'],
    ];
    const got: [number, string | null][] = [];
    for (const [offset] of expected) got.push([offset, await stateOn(scope, offset)]);
    expect(got).toEqual(expected);
  });

  it('does not count a written-off failure as owing', async () => {
    const { scope } = await organisationWith([
      { start: -60, failures: [{ failedAt: endOfDay(day(-30)), writtenOff: true }] },
    ]);
    expect(await stateOn(scope, -20)).toBe('active');
    const owing = await organisationWith([{ start: -60, failures: [{ failedAt: endOfDay(day(-30)) }] }]);
    expect(await stateOn(owing.scope, -31)).toBe('active');
    expect(await stateOn(owing.scope, -20)).toBe('grace');
  });

  it('counts a member once, by their latest membership to have started', async () => {
    const { scope, ids } = await organisationWith([
      { start: -200, cancelledAt: startOfDayInstant(day(-120)) },
      { start: -100 },
      { start: 10, upcomingState: 'upcoming' },
    ]);
    expect(await standings(scope, -150)).toEqual([{ id: ids[0], state: 'active' }]);
    expect(await standings(scope, -110)).toEqual([{ id: ids[0], state: 'cancelled' }]);
    expect(await standings(scope, -50)).toEqual([{ id: ids[1], state: 'active' }]);
    // Today: the latest of all, even one still to start.
    expect(await standings(scope, 0)).toEqual([{ id: ids[2], state: 'upcoming' }]);
  });

  it('reads one gym’s memberships only for that gym', async () => {
    const { scope, tenant, ids } = await organisationWith([
      { start: -200, gym: 'A' },
      { start: -100, gym: 'B', cancelledAt: startOfDayInstant(day(-20)) },
    ]);
    const gymA = { ...scope, gymIds: [tenant.gymA.id] };
    const none = { ...scope, gymIds: [] };
    expect(await standings(scope, -50)).toEqual([{ id: ids[1], state: 'active' }]);
    expect(await standings(gymA, -50)).toEqual([{ id: ids[0], state: 'active' }]);
    expect(await standings(gymA, 0)).toEqual([{ id: ids[0], state: 'active' }]);
    expect(await standings(none, 0)).toEqual([]);
  });

  it('reads today from the row as it stands, as the members list does', async () => {
    const cases: [History, string][] = [
      [{ start: -30 }, 'active'],
      [{ start: -30, pausedAt: startOfDayInstant(day(-2)) }, 'paused'],
      [{ start: -30, pausedAt: startOfDayInstant(day(2)) }, 'active'],
      [{ start: -30, gracePeriodEndsAt: day(5) }, 'grace'],
      [{ start: -30, upcomingState: 'failed' }, 'upcoming'],
      [{ start: 3 }, 'upcoming'],
      [{ start: -30, cancelledAt: startOfDayInstant(day(-1)), gracePeriodEndsAt: day(5) }, 'cancelled'],
    ];
    for (const [history, state] of cases) {
      const { scope } = await organisationWith([history]);
      expect(await stateOn(scope, 0), JSON.stringify(history)).toBe(state);
    }
  });

  it('works out many past days in one statement as it does one at a time', async () => {
    const { scope, ids } = await organisationWith([
      { start: -200, cancelledAt: startOfDayInstant(day(-120)) },
      // Two memberships starting the same day: the later one (the greater id) counts, from that day.
      { start: -100, cancelledAt: startOfDayInstant(day(-90)) },
      {
        start: -100,
        pauses: [{ start: -60, end: -50 }],
        failures: [{ failedAt: endOfDay(day(-30)), paidAt: endOfDay(day(-21)) }],
      },
    ]);
    const offsets = [-210, -150, -110, -100, -95, -89, -55, -30, -22, -21, -1];
    const together = await queryRows<{ day: string; id: number; state: string }>(
      database.db,
      sql`select st.day::text, st.id::int, st.state
          from (${pastStandingsSql(scope, offsets.map(day))}) st order by st.day`,
    );
    const alone: { day: string; id: number; state: string }[] = [];
    for (const offset of offsets)
      for (const row of await standings(scope, offset)) alone.push({ day: day(offset), ...row });
    expect(together).toEqual(alone);
    expect(new Set(together.filter((r) => r.day >= day(-100)).map((r) => r.id))).toEqual(new Set([ids[2]]));
    expect(together.map((r) => [r.day, r.state])).toEqual([
      [day(-150), 'active'],
      [day(-110), 'cancelled'],
      [day(-100), 'active'],
      [day(-95), 'active'],
      [day(-89), 'active'],
      [day(-55), 'paused'],
      [day(-30), 'grace'],
      [day(-22), 'grace'],
      [day(-21), 'active'],
      [day(-1), 'active'],
    ]);
  });

  it('counts the active on past days as the standings say, memberships alike taken together', async () => {
    const cancelled = (offset: number) => startOfDayInstant(day(offset));
    const { scope } = await organisationWith(
      [{ start: -100, failures: [{ failedAt: endOfDay(day(-30)), paidAt: endOfDay(day(-21)) }] }],
      [
        [{ start: -100 }],
        [{ start: -100 }],
        [{ start: -100, cancelledAt: cancelled(-40) }],
        [{ start: -100, cancelledAt: cancelled(-40) }],
        [{ start: -100, pauses: [{ start: -35, end: -25 }] }],
        [{ start: -60 }],
        [{ start: -200, cancelledAt: cancelled(-80) }, { start: -50 }],
        [{ start: -200 }, { start: -70, cancelledAt: cancelled(-10) }],
        [{ start: -45, failures: [{ failedAt: endOfDay(day(-40)), writtenOff: true }] }],
      ],
    );
    const offsets = [-300, -150, -100, -80, -60, -50, -40, -30, -25, -10, -1];
    const counted = await queryRows<{ day: string; active: number }>(
      database.db,
      sql`select c.day, c.active from (${pastActiveCountsSql(scope, offsets.map(day))}) c order by c.day`,
    );
    const rows = await queryRows<{ day: string; active: number }>(
      database.db,
      sql`select st.day::text as day, count(*) filter (where st.state = 'active')::int as active
          from (${pastStandingsSql(scope, offsets.map(day))}) st group by st.day order by st.day`,
    );
    expect(counted).toEqual(rows);
    // By hand. The first six joined at -100 (one owing -30 to -22, two cancelled from -40, one paused
    // -35 to -26); one joined at -60; one renewed at -50 after a membership from -200 cancelled at -80;
    // one moved at -70 from a membership from -200 to one cancelled at -10; one joined at -45 with a
    // failure written off. No one had joined on -300.
    expect(Object.fromEntries(counted.map((c) => [c.day, c.active]))).toEqual({
      [day(-150)]: 2,
      [day(-100)]: 8,
      [day(-80)]: 7,
      [day(-60)]: 8,
      [day(-50)]: 9,
      [day(-40)]: 8,
      [day(-30)]: 6,
      [day(-25)]: 7,
      [day(-10)]: 7,
      [day(-1)]: 7,
    });
  });

  it('is active on any past day after the start when nothing ever happened', async () => {
    const starts = [1, 2, 7, 30, 100, 400];
    const members = [];
    for (const started of starts)
      members.push({ started, ...(await organisationWith([{ start: -started }])) });
    for (const offset of [1, 2, 3, 6, 7, 8, 29, 30, 31, 99, 100, 101, 399, 400, 401])
      for (const m of members)
        expect(await stateOn(m.scope, -offset), `joined ${m.started} days ago, on day -${offset}`).toBe(
          offset > m.started ? null : 'active',
        );
  });
});
