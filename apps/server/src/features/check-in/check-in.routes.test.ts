import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, organisationMembers, visits } from '../../db/schema/index';
import { createMember, unique } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { catalogueOf, memberIn } from '../members/members.test-support';
import {
  failedCharge,
  makeWorld,
  type World,
  weeklyMember,
} from '../subscriptions/subscriptions.test-support';

let t: TestApp;
let w: World;
let prices: Awaited<ReturnType<typeof catalogueOf>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  prices = await catalogueOf(t.db, w.tenant);
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => t.app.inject(pageRequest({ method: 'GET', url, cookie }));
const post = (cookie: string, url: string, payload: object) =>
  t.app.inject(pageRequest({ method: 'POST', url, cookie, payload }));
const lookUp = async (cookie: string, query: string) => {
  const res = await get(cookie, `/api/check-in/members?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; door: { allowed: boolean; reason: string | null } }[];
};
const checkIn = (cookie: string, userId: number, key = randomUUID()) =>
  post(cookie, '/api/check-in', { user_id: userId, idempotency_key: key });
const visitsOf = (userId: number) => t.db.select().from(visits).where(eq(visits.userId, userId));

describe('GET /api/check-in/members', () => {
  it('finds a member by name in any order, email, mobile or tag, with state, owing and the door’s answer', async () => {
    const tag = unique('T').slice(2).toUpperCase();
    const { user } = await memberIn(t.db, {
      tenant: w.tenant,
      gymId: w.tenant.gymA.id,
      priceId: prices.weekly.id,
      state: 'grace',
      now: t.clock.now(),
      name: `Angus Fifita${tag}`,
      mobile: '021 777 3141',
      tags: [tag],
      balanceOwing: 2500,
    });
    for (const query of [`Angu Fifita${tag}`, `fifita${tag} angus`, user.email, '021 777 3141', tag]) {
      const found = await lookUp(w.cookies.admin, query);
      expect(found.map((m) => m.id)).toContain(user.id);
    }
    const [one] = await lookUp(w.cookies.admin, tag);
    expect(one).toMatchObject({
      id: user.id,
      name: `Angus Fifita${tag}`,
      mobile_number: '021 777 3141',
      tags: [tag],
      home_gym: { id: w.tenant.gymA.id },
      subscription: {
        offering_name: 'Anytime',
        state: 'grace',
        card_colour: 'amber',
        balance_owing: 2500,
        formatted_balance_owing: '$25.00',
      },
      door: { allowed: true, reason: null, reason_label: null },
    });
    expect(await lookUp(w.cookies.admin, '   ')).toEqual([]);
  });

  it('says why the door would refuse, by the door access rule', async () => {
    const cases = [
      ['paused', 'paused', 'Membership paused'],
      ['cancelled', 'cancelled', 'Membership cancelled'],
      ['upcoming', 'not_started', 'Membership not started yet'],
    ] as const;
    for (const [state, reason, label] of cases) {
      const tag = unique('R');
      const { user } = await memberIn(t.db, {
        tenant: w.tenant,
        gymId: w.tenant.gymA.id,
        priceId: prices.weekly.id,
        state,
        now: t.clock.now(),
        tags: [tag],
      });
      const [found] = await lookUp(w.cookies.admin, tag);
      expect(found).toMatchObject({ id: user.id, door: { allowed: false, reason, reason_label: label } });
    }
    const tag = unique('N');
    const none = await createMember(t.db, {
      organisationId: w.tenant.organisation.id,
      gymId: w.tenant.gymA.id,
    });
    await t.db
      .update(organisationMembers)
      .set({ tags: [tag] })
      .where(eq(organisationMembers.userId, none.id));
    expect((await lookUp(w.cookies.admin, tag))[0]).toMatchObject({
      subscription: null,
      door: { allowed: false, reason: 'no_membership', reason_label: 'No membership' },
    });
  });

  it('limits gym staff to their gyms’ members and validates the query', async () => {
    const tag = unique('G');
    await memberIn(t.db, {
      tenant: w.tenant,
      gymId: w.tenant.gymB.id,
      priceId: prices.weekly.id,
      state: 'active',
      now: t.clock.now(),
      tags: [tag],
    });
    expect(await lookUp(w.cookies.trainer, tag)).toEqual([]);
    expect(await lookUp(w.cookies.admin, tag)).toHaveLength(1);
    const missing = await get(w.cookies.admin, '/api/check-in/members');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.query).toEqual(['Value is required']);
    const long = await get(w.cookies.admin, `/api/check-in/members?query=${'x'.repeat(101)}`);
    expect(long.json().errors.query).toEqual(['Value must be at most 100 characters']);
  });
});

describe('POST /api/check-in', () => {
  it('records an allowed visit at the desk’s gym, once per key, in the visits list and the member’s activity', async () => {
    const { member } = await weeklyMember(w);
    const key = randomUUID();
    const res = await checkIn(w.cookies.trainer, member.id, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.visit).toMatchObject({
      successful: true,
      gym: { id: w.tenant.gymA.id, name: w.tenant.gymA.name },
      refused_reason: null,
    });
    expect(res.json().data.member.last_visit_at).not.toBeNull();
    // Pressed twice: one visit, the same answer.
    const again = await checkIn(w.cookies.trainer, member.id, key);
    expect(again.json().data.visit.id).toBe(res.json().data.visit.id);
    const rows = await visitsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ successful: true, doorId: null, checkedInBy: w.tenant.trainer.id });

    const list = await get(w.cookies.admin, `/api/visits?gym_id=${w.tenant.gymA.id}`);
    expect(list.json().data.map((v: { id: number }) => v.id)).toContain(rows[0]!.id);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, member.id), eq(activityLog.action, 'visit.checked_in')));
    expect(log).toHaveLength(1);
    expect(log[0]!.actorUserId).toBe(w.tenant.trainer.id);
  });

  it('records a refused visit with the reason, and lets them in once a desk payment clears what is owed', async () => {
    const { member, sub } = await weeklyMember(w);
    await failedCharge(w, { id: sub.id, userId: member.id, gymId: w.tenant.gymA.id }, 2100);
    // Owing, in grace: the door still lets them in.
    const owing = (await get(w.cookies.admin, `/api/check-in/members/${member.id}`)).json().data;
    expect(owing.subscription).toMatchObject({ state: 'grace', balance_owing: 2100 });
    expect(owing.door.allowed).toBe(true);
    // Paid at the desk (the manual payment): nothing owed.
    const paid = await post(w.cookies.admin, `/api/subscriptions/${sub.id}/manual-payment`, {
      type: 'eftpos',
      amount: 2100,
      idempotency_key: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await get(w.cookies.admin, `/api/check-in/members/${member.id}`)).json().data;
    expect(after.subscription).toMatchObject({ state: 'active', balance_owing: 0, card_colour: 'green' });

    const { user: paused } = await memberIn(t.db, {
      tenant: w.tenant,
      gymId: w.tenant.gymA.id,
      priceId: prices.weekly.id,
      state: 'paused',
      now: t.clock.now(),
    });
    const refused = await checkIn(w.cookies.gymAdmin, paused.id);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.visit).toMatchObject({
      successful: false,
      refused_reason: 'paused',
      refused_reason_label: 'Membership paused',
    });
    expect(await visitsOf(paused.id)).toMatchObject([{ successful: false, refusedReason: 'paused' }]);
    const list = await get(w.cookies.admin, `/api/visits?gym_id=${w.tenant.gymA.id}&successful=false`);
    expect(list.json().data.find((v: { user: { id: number } }) => v.user.id === paused.id)).toMatchObject({
      successful: false,
      refused_reason: 'paused',
      at_desk: true,
    });
  });

  it('refuses members outside the person’s gyms and another organisation’s, recording nothing', async () => {
    const { member: atB } = await weeklyMember(w, { gym: 'B' });
    const outsider = await weeklyMember({ ...w, tenant: w.other });
    const trainer = await checkIn(w.cookies.trainer, atB.id);
    expect(trainer.statusCode).toBe(403);
    await expectIsolated(t.app, w.cookies.admin, [
      {
        name: 'checking in another organisation’s member',
        request: {
          method: 'POST',
          url: '/api/check-in',
          payload: { user_id: outsider.member.id, idempotency_key: randomUUID() },
        },
        refusedWith: [404],
      },
      {
        name: 'reading another organisation’s member at the desk',
        request: { method: 'GET', url: `/api/check-in/members/${outsider.member.id}` },
        refusedWith: [404],
        mustNotContain: [outsider.member.email],
      },
    ]);
    await expectIsolated(t.app, w.cookies.member, [
      {
        name: 'a member using the desk',
        request: { method: 'GET', url: '/api/check-in/members?query=a' },
        refusedWith: [403],
      },
      {
        name: 'a member checking in',
        request: {
          method: 'POST',
          url: '/api/check-in',
          payload: { user_id: atB.id, idempotency_key: randomUUID() },
        },
        refusedWith: [403],
      },
    ]);
    expect(await visitsOf(atB.id)).toEqual([]);
    expect(await visitsOf(outsider.member.id)).toEqual([]);
  });

  it('validates the body', async () => {
    const res = await post(w.cookies.admin, '/api/check-in', { user_id: 'x', idempotency_key: 'a' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['idempotency_key', 'user_id']);
  });
});
