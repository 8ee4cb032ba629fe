// GET /api/visits and POST /api/visits/export on a real database: each filter alone and combined on a
// small fixed set of visits, the CSV, field messages, roles and another organisation's 404. (Visits are
// made from Kisi's unlock webhooks: webhooks.kisi.test.ts checks that end to end.)
import { visitsAnswer } from '@gym/domain/api/visits';
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../db/schema/index';
import { createMember, createTenant } from '../../test/factories';
import { createPlaceWithDoors } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db);
  other = await createTenant(t.db);
  const org = tenant.organisation.id;
  const kiri = await createMember(t.db, {
    organisationId: org,
    gymId: tenant.gymA.id,
    user: { name: 'Kiri Hona' },
  });
  const sam = await createMember(t.db, {
    organisationId: org,
    gymId: tenant.gymB.id,
    user: { name: 'Sam Lee' },
  });
  ids.kiri = kiri.id;
  ids.sam = sam.id;
  const a = await createPlaceWithDoors(t.db, {
    organisationId: org,
    gymId: tenant.gymA.id,
    doors: [{ name: 'Front door' }, { name: 'Side door' }],
  });
  const b = await createPlaceWithDoors(t.db, { organisationId: org, gymId: tenant.gymB.id });
  ids.front = a.doors[0]!.id;
  ids.side = a.doors[1]!.id;
  const theirs = await createPlaceWithDoors(t.db, {
    organisationId: other.organisation.id,
    gymId: other.gymA.id,
  });
  ids.theirDoor = theirs.doors[0]!.id;
  const visit = async (
    name: string,
    values: Omit<typeof visits.$inferInsert, 'organisationId'> & { organisationId?: number },
  ) => {
    const [row] = await t.db
      .insert(visits)
      .values({ organisationId: org, ...values })
      .returning();
    ids[name] = row!.id;
  };
  // Auckland: 1 Apr 2026 13:00 is 00:00Z (NZDT ends 5 Apr).
  await visit('k1', {
    gymId: tenant.gymA.id,
    userId: kiri.id,
    doorId: ids.front,
    visitedAt: new Date('2026-04-01T00:00:00Z'),
  });
  await visit('k2', {
    gymId: tenant.gymA.id,
    userId: kiri.id,
    doorId: ids.side,
    visitedAt: new Date('2026-04-02T00:00:00Z'),
    successful: false,
  });
  await visit('s1', {
    gymId: tenant.gymB.id,
    userId: sam.id,
    doorId: b.doors[0]!.id,
    visitedAt: new Date('2026-04-03T00:00:00Z'),
  });
  await visit('k3', {
    gymId: tenant.gymA.id,
    userId: kiri.id,
    doorId: ids.front,
    visitedAt: new Date('2026-04-04T00:00:00Z'),
  });
  await visit('theirs', {
    organisationId: other.organisation.id,
    gymId: other.gymA.id,
    userId: other.member.id,
    visitedAt: new Date('2026-04-02T00:00:00Z'),
  });
  for (const [role, email] of [
    ['admin', tenant.admin.email],
    ['gymAdmin', tenant.gymAdmin.email],
    ['trainer', tenant.trainer.email],
    ['member', tenant.member.email],
    ['otherAdmin', other.admin.email],
  ] as const)
    cookies[role] = await signIn(t.app, email);
}, 180_000);
afterAll(() => t.close());

/** The fixed visits' days: the list asks for them unless the query names a date itself. */
const APRIL = 'from=2026-03-30&to=2026-04-30';
const APRIL_BODY = { from: '2026-03-30', to: '2026-04-30' };
const DAY = 24 * 60 * 60 * 1000;
const list = (query: string, cookie = cookies.admin) => {
  const dated = /(^|&)(from|to)=/.test(query) ? query : [APRIL, query].filter(Boolean).join('&');
  return t.app.inject(pageRequest({ method: 'GET', url: `/api/visits?${dated}`, cookie }));
};
const idsOf = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((v) => v.id);

describe('GET /api/visits', () => {
  it('lists the organisation’s visits newest first with the door and the result', async () => {
    const res = await list('');
    expect(res.statusCode, res.body).toBe(200);
    expect(visitsAnswer.safeParse(res.json()).success).toBe(true);
    expect(idsOf(res)).toEqual([ids.k3, ids.s1, ids.k2, ids.k1]);
    expect(res.json().meta).toMatchObject({
      total: 4,
      successful: 3,
      refused: 1,
      range: { from: '2026-03-30', to: '2026-04-30' },
    });
    expect(res.json().data[2]).toMatchObject({
      successful: false,
      user: { id: ids.kiri, name: 'Kiri Hona' },
      door: { id: ids.side, name: 'Side door' },
      gym: { id: tenant.gymA.id },
    });
  });

  it('narrows by each filter and by several at once', async () => {
    const cases: [string, number[]][] = [
      [`gym_id=${tenant.gymB.id}`, [ids.s1!]],
      [`door_id=${ids.front}`, [ids.k3!, ids.k1!]],
      ['successful=false', [ids.k2!]],
      ['successful=true', [ids.k3!, ids.s1!, ids.k1!]],
      ['from=2026-04-02&to=2026-04-03', [ids.s1!, ids.k2!]],
      ['to=2026-04-01', [ids.k1!]],
      [`user_id=${ids.kiri}`, [ids.k3!, ids.k2!, ids.k1!]],
      [`user_id=${ids.kiri}&successful=true&from=2026-04-02`, [ids.k3!]],
      [`gym_id=${tenant.gymA.id}&successful=true`, [ids.k3!, ids.k1!]],
      ['per_page=2&page=2', [ids.k2!, ids.k1!]],
    ];
    for (const [query, expected] of cases) {
      const res = await list(query);
      expect(res.statusCode, `${query} ${res.body}`).toBe(200);
      expect(idsOf(res), query).toEqual(expected);
      if (!query.includes('page=')) {
        const refused = expected.filter((id) => id === ids.k2).length;
        expect(res.json().meta, query).toMatchObject({
          total: expected.length,
          successful: expected.length - refused,
          refused,
        });
      }
    }
  });

  it('covers the last 7 days to the app’s today without dates, counted from the daily counts', async () => {
    // In the other organisation (whose fixed visit is in April): a visit now, one refused, one 8 days ago.
    const now = t.clock.now();
    const today = todayInAuckland(now);
    const who = { organisationId: other.organisation.id, gymId: other.gymA.id, userId: other.member.id };
    const made = await t.db
      .insert(visits)
      .values([
        { ...who, doorId: ids.theirDoor, visitedAt: new Date(now.getTime() - 60_000) },
        { ...who, doorId: ids.theirDoor, visitedAt: now, successful: false },
        { ...who, visitedAt: new Date(now.getTime() - 8 * DAY) },
      ])
      .returning();
    const undated = (query = '') =>
      t.app.inject(pageRequest({ method: 'GET', url: `/api/visits?${query}`, cookie: cookies.otherAdmin }));
    const res = await undated();
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res)).toEqual([made[1]!.id, made[0]!.id]);
    expect(res.json().meta).toMatchObject({
      total: 2,
      successful: 1,
      refused: 1,
      range: { from: addDays(today, -6), to: today },
    });
    expect((await undated(`door_id=${ids.theirDoor}&successful=false`)).json().meta).toMatchObject({
      total: 1,
      refused: 1,
    });
    // The counts follow a visit's changes and removal (kept by triggers).
    await t.db.update(visits).set({ successful: true }).where(eq(visits.id, made[1]!.id));
    expect((await undated()).json().meta).toMatchObject({ total: 2, successful: 2, refused: 0 });
    const fromOnly = await undated(`from=${addDays(today, -10)}`);
    expect(fromOnly.json().meta).toMatchObject({ total: 3, range: { from: addDays(today, -10), to: today } });
    const csv = await t.app.inject(
      pageRequest({ method: 'POST', url: '/api/visits/export', payload: {}, cookie: cookies.otherAdmin }),
    );
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
    await t.db.delete(visits).where(
      inArray(
        visits.id,
        made.map((v) => v.id),
      ),
    );
    expect((await undated()).json().meta).toMatchObject({ total: 0, successful: 0, refused: 0 });
  });

  it('refuses bad filters with field messages', async () => {
    for (const [query, field] of [
      ['gym_id=x', 'gym_id'],
      ['door_id=-1', 'door_id'],
      ['successful=yes', 'successful'],
      ['from=2026-02-31', 'from'],
      ['from=2026-04-05&to=2026-04-01', 'to'],
      ['user_id=abc', 'user_id'],
      ['per_page=0', 'per_page'],
      ['from=2025-01-01&to=2026-04-01', 'to'],
      ['page=401', 'page'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it('shows gym admins and trainers their gyms, refuses members, and keeps organisations apart', async () => {
    expect(idsOf(await list('', cookies.gymAdmin))).toEqual([ids.k3, ids.k2, ids.k1]);
    expect(idsOf(await list('', cookies.trainer))).toEqual([ids.k3, ids.k2, ids.k1]);
    expect((await list(`gym_id=${tenant.gymB.id}`, cookies.trainer)).statusCode).toBe(403);
    expect((await list('', cookies.member)).statusCode).toBe(403);
    expect((await list(`gym_id=${other.gymA.id}`)).statusCode).toBe(404);
    expect((await list(`door_id=${ids.theirDoor}`)).statusCode).toBe(404);
    const theirs = await list('', cookies.otherAdmin);
    expect(idsOf(theirs)).toEqual([ids.theirs]);
    expect(theirs.body).not.toContain('Kiri Hona');
  });
});

describe('POST /api/visits/export', () => {
  const exportCsv = (body: object, cookie = cookies.admin) =>
    t.app.inject(pageRequest({ method: 'POST', url: '/api/visits/export', payload: body, cookie }));

  it('streams the filtered visits as CSV', async () => {
    const res = await exportCsv({ ...APRIL_BODY, user_id: ids.kiri, successful: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Visit ID,Date,Time,Member,Member email,Gym,Door,Result,Reason refused',
      `${ids.k2},02/04/2026,1:00 pm,Kiri Hona,${lines[1]!.split(',')[4]},${tenant.gymA.name},Side door,Refused,`,
    ]);
    expect((await exportCsv(APRIL_BODY)).body.trim().split('\r\n')).toHaveLength(5);
  });

  it('refuses bad filters, members and another organisation’s gym', async () => {
    const bad = await exportCsv({ successful: 'perhaps', to: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['successful', 'to']);
    expect((await exportCsv({}, cookies.member)).statusCode).toBe(403);
    expect((await exportCsv({ gym_id: other.gymA.id })).statusCode).toBe(404);
  });
});
