// The kept at-risk lists (migration 0034, decision 019's addendum) answer exactly what the report's
// query worked out from the base tables answers (the reference: atRiskMembers, atRiskUserIds), day by
// day as the clock moves over seven weeks of a history made through the product and the factories:
// visits every day (one recorded a second before the read, one back-dated), a pause and a cancellation
// through their routes, a payment failed by the billing engine's settle and paid at the desk, a second
// membership at another gym, a renamed member, a contact marked through the report, a membership
// cancelled back-dated and a new one starting later (the follow-up's "stayed", migration 0038). For the whole
// organisation, each gym and both; every row, a page, and the follow-up's list of a month ago; read
// with the corrections since the list's snapshot, and again after the list is put right (folded).
import { atRiskWindow, followUpPeriod } from '@gym/domain/at-risk';
import { aucklandInstant } from '@gym/domain/auckland-date-time';
import { addDays, type CalendarDate, calendarDate, dayOfWeek } from '@gym/domain/calendar-date';
import type { TimeOfDay } from '@gym/domain/time-of-day';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { subscriptions, users, visits } from '../../db/schema/index';
import { createSubscription } from '../../test/catalogue-factories';
import { createMember } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  failedCharge,
  makeWorld,
  ok,
  type World,
  weeklyMember,
} from '../subscriptions/subscriptions.test-support';
import {
  type AtRiskScope,
  atRiskMembers,
  atRiskUserIds,
  type FollowUpCounts,
  recomputedFollowUpCounts,
} from './at-risk.repository';
import { keepAtRiskLists, keepEveryOrganisationsAtRiskLists } from './at-risk.service';
import {
  foldList,
  keptAtRiskMembers,
  keptAtRiskUserIds,
  keptFollowUpCounts,
} from './at-risk-kept.repository';

const at = (date: CalendarDate, time = '10:00') => aucklandInstant(date, time as TimeOfDay)!;
const FIRST_DAY = calendarDate('2026-09-01');
const LAST_DAY = calendarDate('2026-10-20');

let t: TestApp;
let w: World;
const people: Record<string, { userId: number; subId: number; gymId: number }> = {};
/** The whole organisation's "not contacted" follow-up figures seen (members/stayed): they moved. */
const followUpsSeen = new Set<string>();

/** Who visits on `day` (before the loop's days too): each member's habit, and how it changes. */
function visitorsOn(day: CalendarDate): string[] {
  const n = Math.round((Date.parse(day) - Date.parse('2026-07-01')) / 86_400_000);
  const weekday = dayOfWeek(day);
  const who: string[] = [];
  // Aroha: Monday, Wednesday and Friday, then only Saturdays from 20 September.
  if (day < '2026-09-20' ? [1, 3, 5].includes(weekday) : weekday === 6) who.push('Aroha');
  // Ben: every third day throughout.
  if (n % 3 === 0) who.push('Ben');
  // Cara: every other day until her pause (25 September), then not.
  if (n % 2 === 0 && day < '2026-09-25') who.push('Cara');
  // Dan: every third day (his payment fails on 10 September, paid on 14 September).
  if (n % 3 === 1) who.push('Dan');
  // Eve: every other day until 15 September, then not (cancelled on 28 September).
  if (n % 2 === 1 && day < '2026-09-15') who.push('Eve');
  // Finn: every other day until 12 September (a second membership at gym B from 18 September).
  if (n % 2 === 0 && day < '2026-09-12') who.push('Finn');
  // Gus: every other day until 10 September (renamed on 22 September).
  if (n % 2 === 1 && day < '2026-09-10') who.push('Gus');
  return who;
}

const visit = (name: string, visitedAt: Date) => ({
  organisationId: w.tenant.organisation.id,
  gymId: people[name]!.gymId,
  userId: people[name]!.userId,
  visitedAt,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at(calendarDate('2026-08-31')));
  w = await makeWorld(t);
  for (const name of ['Aroha', 'Ben', 'Cara', 'Dan', 'Eve', 'Finn', 'Gus']) {
    const made = await weeklyMember(w, { name: `${name} Kept`, paidFrom: 60 });
    people[name] = { userId: made.member.id, subId: made.sub.id, gymId: made.sub.gymId };
  }
  // Six weeks of habits before the first day, in one statement.
  const before: ReturnType<typeof visit>[] = [];
  for (let day = calendarDate('2026-07-15'); day < FIRST_DAY; day = addDays(day, 1))
    for (const name of visitorsOn(day)) before.push(visit(name, at(day, '07:30')));
  await t.db.insert(visits).values(before);
  // Another organisation's member whose payment failed: never in this one's lists.
  const theirs = await createMember(t.db, { organisationId: w.other.organisation.id });
  expect(theirs.id).toBeGreaterThan(0);
}, 120_000);
afterAll(() => t.close());

/** A fresh session as the clock moves (sessions end when idle). */
const admin = () => signIn(t.app, w.tenant.admin.email);

const scopes = (): AtRiskScope[] => {
  const organisationId = w.tenant.organisation.id;
  const [a, b] = [w.tenant.gymA.id, w.tenant.gymB.id];
  return [null, [a], [b], [a, b]].map((gymIds) => ({ organisationId, gymIds }));
};

/** The kept lists' answers equal the reference's, for today's list and the follow-up's of a month ago. */
async function expectKeptEqualsRecomputed(today: CalendarDate, when: string) {
  let listed = 0;
  for (const scope of scopes())
    for (const day of [today, followUpPeriod(today).asOf]) {
      const window = atRiskWindow(day);
      const label = `${when}, list of ${day}, gyms ${JSON.stringify(scope.gymIds)}`;
      const kept = await keptAtRiskMembers(t.db, scope, window, null);
      expect(kept, `${label}: kept`).not.toBeNull();
      const recomputed = await atRiskMembers(t.db, scope, window, null);
      expect(kept, label).toEqual(recomputed);
      const page = { limit: 2, offset: 1 };
      expect(await keptAtRiskMembers(t.db, scope, window, page), `${label}, a page`).toEqual(
        await atRiskMembers(t.db, scope, window, page),
      );
      expect(await keptAtRiskUserIds(t.db, scope, window), `${label}, ids`).toEqual(
        await atRiskUserIds(t.db, scope, window),
      );
      listed += recomputed.length;
    }
  // The follow-up's figures from the list of a month ago, counted in the statement.
  const period = followUpPeriod(today);
  const byGroup = (counts: FollowUpCounts | null) =>
    counts && [...counts].sort((a, b) => String(a.contacted).localeCompare(String(b.contacted)));
  for (const scope of scopes()) {
    const window = atRiskWindow(period.asOf);
    expect(
      byGroup(await keptFollowUpCounts(t.db, scope, window, period)),
      `${when}, follow-up, gyms ${JSON.stringify(scope.gymIds)}`,
    ).toEqual(byGroup(await recomputedFollowUpCounts(t.db, scope, window, period)));
  }
  const [whole] = (
    await recomputedFollowUpCounts(t.db, scopes()[0]!, atRiskWindow(period.asOf), period)
  ).filter((row) => row.contacted === false);
  if (whole) followUpsSeen.add(`${whole.members}/${whole.stayed}`);
  return listed;
}

const changesKept = async () => {
  const [row] = await queryRows<{ count: number }>(
    t.db,
    sql`select count(*)::int as count from at_risk_changes where organisation_id = ${w.tenant.organisation.id}`,
  );
  return row!.count;
};

describe('the kept at-risk lists', () => {
  it('answer what the report worked out from the base tables answers, day by day', async () => {
    const org = w.tenant.organisation.id;
    let listed = 0;
    const reasons = new Set<string>();
    for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 1)) {
      // The first read of the day keeps the lists (the report's own call): equal at once.
      t.clock.set(at(day, '06:00'));
      await keepAtRiskLists(t.db, org, [day, followUpPeriod(day).asOf]);
      listed += await expectKeptEqualsRecomputed(day, `${day} first read`);
      // The day's visits and events after it, through the product where it has a way: the kept lists
      // are read with the corrections for them.
      t.clock.set(at(day, '12:00'));
      for (const name of visitorsOn(day)) await t.db.insert(visits).values(visit(name, at(day, '07:30')));
      if (day === '2026-09-10')
        await failedCharge(
          w,
          { id: people.Dan!.subId, userId: people.Dan!.userId, gymId: people.Dan!.gymId },
          5500,
        );
      if (day === '2026-09-14')
        await ok(w, await admin(), {
          method: 'POST',
          url: `/api/subscriptions/${people.Dan!.subId}/manual-payment`,
          payload: { type: 'eftpos', amount: 5500, idempotency_key: 'kept-list-dan-1' },
        });
      if (day === '2026-09-18') {
        const sub = await createSubscription(t.db, {
          organisationId: org,
          gymId: w.tenant.gymB.id,
          userId: people.Finn!.userId,
          priceId: (await weeklyMember(w, { gym: 'B', name: 'Someone Else', paidFrom: 1 })).priceId,
          startDate: day,
          anchorDay: 18,
        });
        expect(sub.id).toBeGreaterThan(0);
      }
      if (day === '2026-09-22')
        await t.db.update(users).set({ name: 'Aaron Gus' }).where(eq(users.id, people.Gus!.userId));
      if (day === '2026-09-25')
        await ok(w, await admin(), {
          method: 'POST',
          url: `/api/subscriptions/${people.Cara!.subId}/pause`,
          payload: { start_date: day, end_date: addDays(day, 14), reason: 'Travelling' },
        });
      if (day === '2026-09-26')
        await ok(
          w,
          await admin(),
          {
            method: 'POST',
            url: '/api/reports/at-risk/contacts',
            payload: { user_id: people.Aroha!.userId, note: 'Rang her' },
          },
          201,
        );
      if (day === '2026-09-28')
        await ok(w, await admin(), {
          method: 'POST',
          url: `/api/subscriptions/${people.Eve!.subId}/cancel`,
          payload: { cancellation_reasons: ['cost'] },
        });
      // Dan (at risk on the follow-up's day since his failed payment) cancelled back-dated, then a new
      // membership of his: the follow-up's "stayed" moves for a list a month old (decision 019's last
      // addendum: a list keeps it, and any change to a membership makes the member changed for it).
      if (day === '2026-10-14')
        await t.db
          .update(subscriptions)
          .set({ cancelledAt: at(calendarDate('2026-10-01')) })
          .where(eq(subscriptions.id, people.Dan!.subId));
      if (day === '2026-10-17') {
        const sub = await createSubscription(t.db, {
          organisationId: org,
          gymId: w.tenant.gymB.id,
          userId: people.Dan!.userId,
          priceId: (await weeklyMember(w, { gym: 'B', name: 'Someone Other', paidFrom: 1 })).priceId,
          startDate: addDays(day, 3),
          anchorDay: 20,
        });
        expect(sub.id).toBeGreaterThan(0);
      }

      listed += await expectKeptEqualsRecomputed(day, `${day} after the day's events`);
      // A visit recorded a second ago, and one back-dated to last week: read at once, still equal.
      t.clock.set(at(day, '18:00'));
      // (Aroha's once, while she is on the list; Ben's, a regular's, the other days.)
      const evening = day === '2026-10-12' ? 'Aroha' : 'Ben';
      await t.db.insert(visits).values(visit(evening, new Date(t.clock.now().getTime() - 1000)));
      await t.db.insert(visits).values(visit('Gus', at(addDays(day, -6), '12:00')));
      await expectKeptEqualsRecomputed(day, `${day} evening`);
      // Put right (folded) now rather than when a read finds many changes: still equal, nothing left.
      for (const kept of [day, followUpPeriod(day).asOf]) expect(await foldList(t.db, org, kept)).toBe(true);
      listed += await expectKeptEqualsRecomputed(day, `${day} folded`);
      expect(await changesKept(), `${day}: changes every kept list has seen are forgotten`).toBe(0);
      for (const row of await atRiskMembers(t.db, scopes()[0]!, atRiskWindow(day), null)) {
        if (row.paused_on) reasons.add('paused');
        if (row.failed_on) reasons.add(row.failed_paid ? 'failed, paid' : 'failed');
        if (row.contact_id) reasons.add('contacted');
        if (row.baseline_visits > 0) reasons.add('visits fell');
      }
    }
    // The history meant something: every kind of row was listed.
    expect(listed).toBeGreaterThan(100);
    expect([...reasons].sort()).toEqual(['contacted', 'failed', 'failed, paid', 'paused', 'visits fell']);
    // Some of those at risk a month before did not stay, at some point (Eve's, Dan's cancellations).
    expect([...followUpsSeen].some((seen) => seen.split('/')[0] !== seen.split('/')[1])).toBe(true);
  }, 600_000);

  it('are read through the report route as the reference answers', async () => {
    const res = await ok(w, await admin(), { method: 'GET', url: '/api/reports/at-risk?per_page=100' });
    const today = calendarDate('2026-10-20');
    const reference = await atRiskMembers(t.db, scopes()[0]!, atRiskWindow(today), null);
    expect(res.data.map((row: { user: { id: number } }) => row.user.id)).toEqual(
      reference.map((row) => row.user_id),
    );
    expect(reference.length).toBeGreaterThan(0);
  });

  it('are kept for every organisation by the scheduled work, equal to the reference', async () => {
    const day = calendarDate('2026-10-22');
    expect(await keepEveryOrganisationsAtRiskLists(t.db, day)).toBeGreaterThanOrEqual(2);
    for (const organisationId of [w.tenant.organisation.id, w.other.organisation.id]) {
      const scope = { organisationId, gymIds: null };
      expect(await keptAtRiskMembers(t.db, scope, atRiskWindow(day), null)).toEqual(
        await atRiskMembers(t.db, scope, atRiskWindow(day), null),
      );
    }
  });

  it('are not kept inside a transaction (its later changes would be taken for seen)', async () => {
    const org = w.tenant.organisation.id;
    const day = calendarDate('2026-10-21');
    await t.db.transaction(async (tx) => {
      await keepAtRiskLists(tx, org, [day]);
      expect(await keptAtRiskMembers(tx, scopes()[0]!, atRiskWindow(day), null)).toBeNull();
    });
  });
});
