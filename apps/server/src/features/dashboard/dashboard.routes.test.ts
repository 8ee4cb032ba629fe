// The dashboard's calls on a small fixed data set whose every figure is worked out by hand below, for
// the whole organisation and for one gym; bad input (422), roles (403) and another organisation (404).
//
// Today is T. Offerings Flexi ($25 weekly) and Studio ($40 weekly).
//   Aroha  gym A Flexi   joined T-45, paid $25 on T-40 and T-5, came in T-10 and T-3      active
//   Ben    gym A Flexi   joined T-45, paid $25 on T-20, never came in                    active (stopped coming)
//   Cara   gym B Studio  joined T-10, paid $40 on T-10, came in T-1 (refused on T-2)     active
//   Dan    gym A Flexi   joined T-90, $25 failed on T-2 (grace to T+5, owes $25), came in T-20   grace
//   Eve    gym B Studio  joined T-100, cancelled T-15                                     cancelled
//   Fay    gym A Flexi   starts T+5                                                       upcoming
import { addDays, type CalendarDate, startOfDayInstant, todayInAuckland } from '@gym/domain/calendar-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { createCharge } from '../payments/payments.test-support';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let T: CalendarDate;
const cookies: Record<string, string> = {};
const people: Record<string, { id: number }> = {};
const offerings: Record<string, { id: number }> = {};

/** 10 am in Auckland on T + days. */
const at = (days: number) => new Date(startOfDayInstant(addDays(T, days)).getTime() + 10 * 3_600_000);
const day = (days: number) => addDays(T, days);

beforeAll(async () => {
  t = await createTestApp();
  T = todayInAuckland(t.clock.now());
  tenant = await createTenant(t.db);
  other = await createTenant(t.db);
  const organisationId = tenant.organisation.id;
  const { gymA, gymB } = tenant;
  offerings.flexi = await createOffering(t.db, { organisationId, allGymsAccess: true, name: 'Flexi' });
  offerings.studio = await createOffering(t.db, { organisationId, allGymsAccess: true, name: 'Studio' });
  const flexi = await createPrice(t.db, { organisationId, offeringId: offerings.flexi.id, amount: 2500 });
  const studio = await createPrice(t.db, { organisationId, offeringId: offerings.studio.id, amount: 4000 });
  const join = async (
    name: string,
    gymId: number,
    price: { id: number },
    startDays: number,
    extra: Parameters<typeof createSubscription>[1] extends infer I ? Partial<I & object> : never = {},
  ) => {
    const member = await createMember(t.db, { organisationId, gymId, user: { name } });
    people[name] = member;
    const startDate = day(startDays);
    const sub = await createSubscription(t.db, {
      organisationId,
      gymId,
      userId: member.id,
      priceId: price.id,
      startDate,
      anchorDay: Number(startDate.slice(8)),
      ...extra,
    });
    return { member, sub, base: { organisationId, gymId, userId: member.id, subscriptionId: sub.id } };
  };
  const visit = (userId: number, gymId: number, days: number, successful = true) =>
    t.db.insert(visits).values({ organisationId, gymId, userId, visitedAt: at(days), successful });

  const aroha = await join('Aroha', gymA.id, flexi, -45);
  for (const d of [-40, -5])
    await createCharge(t.db, {
      ...aroha.base,
      periodStart: day(d),
      amount: 2500,
      attempts: [{ status: 'sent', at: at(d) }],
    });
  await visit(aroha.member.id, gymA.id, -10);
  await visit(aroha.member.id, gymA.id, -3);

  const ben = await join('Ben', gymA.id, flexi, -45);
  await createCharge(t.db, {
    ...ben.base,
    periodStart: day(-20),
    amount: 2500,
    attempts: [{ status: 'sent', at: at(-20) }],
  });

  const cara = await join('Cara', gymB.id, studio, -10);
  await createCharge(t.db, {
    ...cara.base,
    periodStart: day(-10),
    amount: 4000,
    attempts: [{ status: 'sent', at: at(-10) }],
  });
  await visit(cara.member.id, gymB.id, -1);
  await visit(cara.member.id, gymB.id, -2, false);

  const dan = await join('Dan', gymA.id, flexi, -90, {
    gracePeriodEndsAt: day(5),
    balanceOwing: 2500,
    periodsOwing: 1,
  });
  await createCharge(t.db, {
    ...dan.base,
    periodStart: day(-2),
    amount: 2500,
    attempts: [{ status: 'failed', at: at(-2), errorStatus: 'INSUFFICIENT_FUNDS' }],
  });
  await visit(dan.member.id, gymA.id, -20);

  await join('Eve', gymB.id, studio, -100, { cancelledAt: at(-15), endsAt: day(-8) });
  await join('Fay', gymA.id, flexi, 5);

  for (const [role, email] of [
    ['admin', tenant.admin.email],
    ['gymAdmin', tenant.gymAdmin.email],
    ['trainer', tenant.trainer.email],
    ['otherAdmin', other.admin.email],
  ] as const)
    cookies[role] = await signIn(t.app, email);
}, 180_000);
afterAll(() => t.close());

const get = (url: string, cookie = cookies.admin) =>
  t.app.inject(pageRequest({ method: 'GET', url, cookie }));

describe('GET /api/stats', () => {
  it('gives the organisation’s figures for the last 30 days against the 30 before', async () => {
    const res = await get('/api/stats');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      period: { days: 30, from: day(-29), to: T, previous_from: day(-59), previous_to: day(-30) },
      // Now: Aroha, Ben, Cara. On T-30: Aroha, Ben, Dan, Eve.
      active_members: { current: 3, previous: 4 },
      joins: { current: 1, previous: 2 },
      cancellations: { current: 1, previous: 0 },
      // 25 (Aroha T-5) + 25 (Ben) + 40 (Cara); before: 25 (Aroha T-40).
      revenue_collected: { current: 9000, previous: 2500 },
      // ... and Dan's $25 due T-2.
      revenue_expected: { current: 11500, previous: 2500 },
      failed_payments: { current: 1, previous: 0 },
      balance_owing: 2500,
      members_in_grace: 1,
      stopped_coming_count: 1,
      stopped_coming: [{ id: people.Ben!.id, name: 'Ben', last_visit_at: null, gym: tenant.gymA.name }],
    });
  });

  it('gives one gym’s figures, and a 7-day period', async () => {
    const res = await get(`/api/stats?gym_id=${tenant.gymA.id}`);
    expect(res.json().data).toMatchObject({
      active_members: { current: 2, previous: 3 },
      joins: { current: 0, previous: 2 },
      cancellations: { current: 0, previous: 0 },
      revenue_collected: { current: 5000, previous: 2500 },
      revenue_expected: { current: 7500, previous: 2500 },
      failed_payments: { current: 1, previous: 0 },
      balance_owing: 2500,
      members_in_grace: 1,
      stopped_coming_count: 1,
    });
    const week = (await get('/api/stats?period_days=7')).json().data;
    expect(week).toMatchObject({
      period: { from: day(-6), previous_from: day(-13), previous_to: day(-7) },
      // T-7: Aroha, Ben, Cara (joined T-10), Dan.
      active_members: { current: 3, previous: 4 },
      joins: { current: 0, previous: 1 },
      revenue_collected: { current: 2500, previous: 4000 },
      failed_payments: { current: 1, previous: 0 },
    });
  });
});

describe('GET /api/active-users', () => {
  it('counts the members active on each week’s day, rebuilt from when things happened', async () => {
    const res = await get(`/api/active-users?from=${day(-28)}&to=${T}&interval=week`);
    expect(res.statusCode, res.body).toBe(200);
    // T-28 and T-21: Aroha, Ben, Dan, Eve. T-14: Eve cancelled. T-7: Cara joined. T: Dan in grace.
    expect(res.json().data).toEqual([
      { date: day(-28), active: 4 },
      { date: day(-21), active: 4 },
      { date: day(-14), active: 3 },
      { date: day(-7), active: 4 },
      { date: T, active: 3 },
    ]);
    const gymB = (
      await get(`/api/active-users?from=${day(-14)}&to=${T}&interval=week&gym_id=${tenant.gymB.id}`)
    ).json();
    expect(gymB.data.map((p: { active: number }) => p.active)).toEqual([0, 1, 1]);
  });
});

describe('GET /api/user-breakdown', () => {
  it('counts members by state, and holders by offering, price and gym', async () => {
    const res = await get('/api/user-breakdown');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      by_state: [
        { state: 'active', count: 3 },
        { state: 'grace', count: 1 },
        { state: 'paused', count: 0 },
        { state: 'upcoming', count: 1 },
        { state: 'cancelled', count: 1 },
      ],
      by_offering: [
        { id: offerings.flexi!.id, name: 'Flexi', count: 4 },
        { id: offerings.studio!.id, name: 'Studio', count: 1 },
      ],
      by_price: [
        expect.objectContaining({ label: '$25.00 weekly', offering: 'Flexi', count: 4 }),
        expect.objectContaining({ label: '$40.00 weekly', offering: 'Studio', count: 1 }),
      ],
      by_gym: [
        { id: tenant.gymA.id, name: tenant.gymA.name, count: 4 },
        { id: tenant.gymB.id, name: tenant.gymB.name, count: 1 },
      ],
    });
  });
});

describe('GET /api/cost-and-visit-breakdown', () => {
  it('divides what each offering’s members paid by their visits', async () => {
    const res = await get('/api/cost-and-visit-breakdown');
    expect(res.statusCode, res.body).toBe(200);
    // Flexi: $50 paid (Aroha, Ben) over 3 visits (Aroha 2, Dan 1) = $16.666… → $16.67. Studio: $40 over 1.
    expect(res.json().data).toEqual({
      from: day(-29),
      to: T,
      offerings: [
        {
          id: offerings.flexi!.id,
          name: 'Flexi',
          members: 4,
          paid: 5000,
          visits: 3,
          cost_per_visit: 1667,
          formatted_cost_per_visit: '$16.67',
        },
        {
          id: offerings.studio!.id,
          name: 'Studio',
          members: 1,
          paid: 4000,
          visits: 1,
          cost_per_visit: 4000,
          formatted_cost_per_visit: '$40.00',
        },
      ],
    });
    const lastWeek = (
      await get(`/api/cost-and-visit-breakdown?from=${day(-6)}&to=${T}&gym_id=${tenant.gymA.id}`)
    ).json();
    expect(lastWeek.data.offerings).toEqual([
      expect.objectContaining({ name: 'Flexi', members: 4, paid: 2500, visits: 1, cost_per_visit: 2500 }),
    ]);
  });
});

describe('GET /api/active-user-debugging', () => {
  it('says who counts as active on a day and why', async () => {
    const res = await get(`/api/active-user-debugging?date=${day(-14)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ date: day(-14), active: 3, inactive: 1, total: 4 });
    const byName = Object.fromEntries(body.data.map((r: { member: { name: string } }) => [r.member.name, r]));
    expect(Object.keys(byName)).toEqual(['Aroha', 'Ben', 'Dan', 'Eve']);
    expect(byName.Eve).toMatchObject({ state: 'cancelled', active: false });
    expect(byName.Eve.reasons.join(' ')).toMatch(/Cancelled/);
    expect(byName.Aroha.reasons.at(-1)).toMatch(/active/);
    // A page at a time, by name; the counts are the whole day's.
    const second = (await get(`/api/active-user-debugging?date=${day(-14)}&per_page=2&page=2`)).json();
    expect(second.data.map((r: { member: { name: string } }) => r.member.name)).toEqual(['Dan', 'Eve']);
    expect(second.meta).toMatchObject({ active: 3, inactive: 1, total: 4, current_page: 2, last_page: 2 });
    const activeOnly = (await get(`/api/active-user-debugging?date=${day(-14)}&only=active`)).json();
    expect(activeOnly.data.map((r: { member: { name: string } }) => r.member.name)).toEqual([
      'Aroha',
      'Ben',
      'Dan',
    ]);
    expect(activeOnly.meta).toMatchObject({ active: 3, inactive: 1, total: 3, last_page: 1 });
    const inactiveToday = (await get('/api/active-user-debugging?only=inactive')).json();
    expect(
      inactiveToday.data.map((r: { member: { name: string }; state: string }) => [r.member.name, r.state]),
    ).toEqual([
      ['Dan', 'grace'],
      ['Eve', 'cancelled'],
      ['Fay', 'upcoming'],
    ]);
  });
});

describe('input, roles and organisations', () => {
  it('refuses bad input with field messages', async () => {
    for (const [url, field] of [
      ['/api/stats?period_days=14', 'period_days'],
      ['/api/stats?gym_id=abc', 'gym_id'],
      ['/api/active-users?interval=year', 'interval'],
      [`/api/active-users?from=${day(1)}&to=${day(-1)}`, 'to'],
      ['/api/active-users?from=2026-02-30', 'from'],
      [`/api/active-users?from=${day(-400)}&interval=day`, 'from'],
      ['/api/user-breakdown?gym_id=-1', 'gym_id'],
      ['/api/cost-and-visit-breakdown?to=tomorrow', 'to'],
      ['/api/active-user-debugging?date=2026-13-01', 'date'],
      ['/api/active-user-debugging?only=some', 'only'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors), url).toContain(field);
    }
  });

  it('gives gym admins their gyms only, refuses trainers, and answers 404 for another organisation’s gym', async () => {
    const mine = await get('/api/stats', cookies.gymAdmin);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.active_members.current).toBe(2);
    for (const url of [
      '/api/stats',
      '/api/active-users',
      '/api/user-breakdown',
      '/api/cost-and-visit-breakdown',
    ]) {
      expect((await get(`${url}?gym_id=${tenant.gymB.id}`, cookies.gymAdmin)).statusCode, url).toBe(403);
      expect((await get(url, cookies.trainer)).statusCode, url).toBe(403);
      expect((await get(`${url}?gym_id=${other.gymA.id}`)).statusCode, url).toBe(404);
    }
    expect((await get('/api/active-user-debugging', cookies.gymAdmin)).statusCode).toBe(403);
    const theirs = await get('/api/stats', cookies.otherAdmin);
    expect(theirs.json().data.active_members.current).toBe(0);
    expect(theirs.body).not.toContain('Ben');
  });
});
