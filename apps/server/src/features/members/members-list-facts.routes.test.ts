// The members list reads three facts kept by triggers (migration 0009), and two sort keys (migration 0033): each membership's latest
// subscription, its last allowed visit, and the per-gym member counts behind the unfiltered total. These
// tests change members every way the product does and check the list against what the rows say.
import { toCalendarDate } from '@gym/domain/calendar-date';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { organisationMembers, subscriptions, visits } from '../../db/schema';
import { createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { createVisit } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { catalogueOf, memberIn, type Tenant } from './members.test-support';

let t: TestApp;
let home: Tenant;
let admin: string;
let gymAdmin: string;
let cat: Awaited<ReturnType<typeof catalogueOf>>;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Facts Fitness');
  cat = await catalogueOf(t.db, home);
  admin = await signIn(t.app, home.admin.email);
  gymAdmin = await signIn(t.app, home.gymAdmin.email);
});
afterAll(() => t.close());

const list = async (query = '', cookie = admin) => {
  const res = await t.app.inject(pageRequest({ method: 'GET', url: `/api/members${query}`, cookie }));
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { id: number; name: string; last_visit_at: string | null; subscription: { id: number } | null }[];
    meta: { total: number };
  };
};

/** The total two ways: from the kept counts (no filter) and counted row by row (a filter every member passes). */
async function totals(gym = '', cookie = admin) {
  const kept = (await list(`?per_page=1${gym}`, cookie)).meta.total;
  const counted = (await list(`?per_page=1&joined_from=2000-01-01${gym}`, cookie)).meta.total;
  return { kept, counted };
}

describe('the members list’s kept facts', () => {
  it('keeps the total exact as members join, move gym and are deleted, for the organisation and each gym', async () => {
    const now = t.clock.now();
    const base = { tenant: home, now, priceId: cat.weekly.id, state: 'active' as const };
    const before = await totals();
    expect(before.kept).toBe(before.counted);
    const a = await memberIn(t.db, { ...base, gymId: home.gymA.id, name: 'Tally One' });
    const b = await memberIn(t.db, { ...base, gymId: home.gymA.id, name: 'Tally Two' });
    await memberIn(t.db, { ...base, gymId: home.gymB.id, name: 'Tally Three' });
    expect(await totals()).toEqual({ kept: before.kept + 3, counted: before.kept + 3 });

    await t.db
      .update(organisationMembers)
      .set({ homeGymId: home.gymB.id })
      .where(eq(organisationMembers.userId, a.user.id));
    const res = await t.app.inject(
      pageRequest({ method: 'DELETE', url: `/api/members/${b.user.id}?confirm=true`, cookie: admin }),
    );
    expect(res.statusCode).toBeLessThan(300);

    const whole = await totals();
    expect(whole).toEqual({ kept: before.kept + 2, counted: before.kept + 2 });
    for (const gym of [home.gymA, home.gymB]) {
      const each = await totals(`&gym_id=${gym.id}`);
      expect(each.kept).toBe(each.counted);
    }
    // A gym role sees their gyms' members only, and the kept total agrees with the counted one.
    const scoped = await totals('', gymAdmin);
    expect(scoped.kept).toBe(scoped.counted);
    expect(scoped.kept).toBeLessThan(whole.kept);
  });

  it('shows the latest subscription, including one made after an earlier one', async () => {
    const now = t.clock.now();
    const { user, subscription } = await memberIn(t.db, {
      tenant: home,
      now,
      gymId: home.gymA.id,
      priceId: cat.weekly.id,
      state: 'cancelled',
      name: 'Rejoining Rangi',
    });
    const row = async () => (await list('?search=rejoining')).data.find((m) => m.id === user.id);
    expect((await row())?.subscription?.id).toBe(subscription.id);
    const again = await createSubscription(t.db, {
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      userId: user.id,
      priceId: cat.monthly.id,
      startDate: toCalendarDate(now),
      createdAt: new Date(now.getTime() + 1000),
    });
    expect((await row())?.subscription?.id).toBe(again.id);
    expect((await list('?search=rejoining&state=cancelled')).data).toEqual([]);
  });

  it('moves the last visit forward only, and only for visits the door allowed', async () => {
    const now = t.clock.now();
    const { user } = await memberIn(t.db, {
      tenant: home,
      now,
      gymId: home.gymA.id,
      priceId: cat.weekly.id,
      state: 'active',
      name: 'Visiting Vai',
    });
    const lastVisit = async () =>
      (await list('?search=visiting')).data.find((m) => m.id === user.id)?.last_visit_at ?? null;
    expect(await lastVisit()).toBeNull();
    const recent = new Date(now.getTime() - 2 * 86_400_000);
    await createVisit(t.db, {
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      userId: user.id,
      visitedAt: recent,
    });
    expect(new Date((await lastVisit()) ?? 0).toISOString()).toBe(recent.toISOString());
    // An older visit (a late webhook) and a refused one leave it where it is.
    await createVisit(t.db, {
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      userId: user.id,
      visitedAt: new Date(now.getTime() - 9 * 86_400_000),
    });
    await t.db.insert(visits).values({
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      userId: user.id,
      visitedAt: now,
      successful: false,
    });
    expect(new Date((await lastVisit()) ?? 0).toISOString()).toBe(recent.toISOString());
    expect((await list('?search=visiting&inactive_days=1')).data.map((m) => m.id)).toEqual([user.id]);
    expect((await list('?search=visiting&inactive_days=3')).data).toEqual([]);
  });

  it('keeps the next-payment and balance sort keys with the latest subscription: changed, replaced, deleted, and for a returning member', async () => {
    const now = t.clock.now();
    const { user, subscription } = await memberIn(t.db, {
      tenant: home,
      now,
      gymId: home.gymA.id,
      priceId: cat.weekly.id,
      state: 'active',
      name: 'Keyed Kiri',
      balanceOwing: 2500,
    });
    const keys = async () => {
      const [row] = await queryRows<{ next_payment: string | null; balance: number }>(
        t.db,
        sql`select next_payment_date::text as next_payment, balance_owing::int as balance from organisation_members
            where organisation_id = ${home.organisation.id} and user_id = ${user.id}`,
      );
      return row;
    };
    expect(await keys()).toEqual({ next_payment: subscription.currentPeriodEnd, balance: 2500 });
    // A payment clears the balance; the period moves on.
    await t.db
      .update(subscriptions)
      .set({ balanceOwing: 0, currentPeriodEnd: '2030-01-07' })
      .where(eq(subscriptions.id, subscription.id));
    expect(await keys()).toEqual({ next_payment: '2030-01-07', balance: 0 });
    // A newer subscription (a rejoin) replaces it; deleting that one brings the first back.
    const again = await createSubscription(t.db, {
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      userId: user.id,
      priceId: cat.monthly.id,
      startDate: '2030-02-01',
      balanceOwing: 900,
      createdAt: new Date(now.getTime() + 1000),
    });
    expect(await keys()).toEqual({ next_payment: '2030-02-01', balance: 900 });
    await t.db.delete(subscriptions).where(eq(subscriptions.id, again.id));
    expect(await keys()).toEqual({ next_payment: '2030-01-07', balance: 0 });
    // Cancelled: no next payment. A membership row made again after its subscriptions picks the keys up.
    await t.db
      .update(subscriptions)
      .set({ cancelledAt: now, balanceOwing: 300 })
      .where(eq(subscriptions.id, subscription.id));
    expect(await keys()).toEqual({ next_payment: null, balance: 300 });
    const [membership] = await t.db
      .delete(organisationMembers)
      .where(eq(organisationMembers.userId, user.id))
      .returning();
    await t.db
      .insert(organisationMembers)
      .values({ ...membership!, nextPaymentDate: '2000-01-01', balanceOwing: 0 });
    expect(await keys()).toEqual({ next_payment: null, balance: 300 });
    // The whole organisation's kept keys are what a rebuild makes.
    const all = sql`select user_id::int, next_payment_date::text, balance_owing from organisation_members
        where organisation_id = ${home.organisation.id} order by user_id`;
    const before = await queryRows(t.db, all);
    await t.db.execute(sql`select organisation_members_rebuild_sort_keys()`);
    expect(await queryRows(t.db, all)).toEqual(before);
  });
});
