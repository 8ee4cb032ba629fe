import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationStaff, users } from '../../db/schema/index';
import { createStaff, createTenant, createUser } from '../../test/factories';
import { createVisit } from '../../test/gym-factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let pending: { id: number; email: string };
let gone: { id: number; email: string };
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Harbour Fitness');
  other = await createTenant(t.db, 'Other Gyms Ltd');
  admin = await signIn(t.app, home.admin.email);
  pending = await createStaff(t.db, {
    organisationId: home.organisation.id,
    gyms: [{ gymId: home.gymB.id, role: 'personal_trainer' }],
    user: { name: 'Aaron Pending', passwordHash: null },
  });
  await t.db
    .update(organisationStaff)
    .set({ pendingInvite: true, acceptedAt: null })
    .where(eq(organisationStaff.userId, pending.id));
  gone = await createStaff(t.db, {
    organisationId: home.organisation.id,
    role: 'personal_trainer',
    user: { name: 'Zed Gone' },
  });
  await t.db
    .update(organisationStaff)
    .set({ deletedAt: new Date('2025-03-01T00:00:00Z') })
    .where(eq(organisationStaff.userId, gone.id));
});
afterAll(() => t.close());

const get = (url: string, cookie = admin) => t.app.inject(pageRequest({ method: 'GET', url, cookie }));
const post = (url: string, payload: unknown, cookie = admin) =>
  t.app.inject(pageRequest({ method: 'POST', url, cookie, payload: payload as object }));
const list = (query = '', id = home.organisation.id) => get(`/api/organisations/${id}/staff${query}`);

describe('GET /api/organisations/{id}/staff', () => {
  it('lists pending, active and deactivated staff with their roles and gyms', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ current_page: 1, per_page: 25, total: 5, last_page: 1 });
    const byId = new Map(data.map((s: { id: number }) => [s.id, s]));
    expect(byId.get(pending.id)).toEqual({
      id: pending.id,
      name: 'Aaron Pending',
      email: pending.email,
      role: null,
      gyms: [{ id: home.gymB.id, name: home.gymB.name, role: 'personal_trainer' }],
      status: 'pending',
      pending_invite: true,
      awaiting_password: true,
      access_enabled: false,
      invited_at: null,
      deleted_at: null,
      created_at: expect.any(String),
      profile_picture: null,
    });
    expect(byId.get(gone.id)).toMatchObject({
      status: 'deactivated',
      deleted_at: '2025-03-01T00:00:00.000Z',
      role: 'personal_trainer',
    });
    expect(byId.get(home.admin.id)).toMatchObject({ role: 'admin', status: 'active', gyms: [] });
    expect(byId.get(home.gymAdmin.id)).toMatchObject({
      role: null,
      gyms: [{ id: home.gymA.id, role: 'admin' }],
    });
    expect(res.body).not.toContain(other.admin.email);
    expect(res.body).not.toContain(home.member.email);
  });

  it('filters by status and pages', async () => {
    const pendingOnly = await list('?status=pending');
    expect(pendingOnly.json().data.map((s: { id: number }) => s.id)).toEqual([pending.id]);
    const deactivated = await list('?status=deactivated');
    expect(deactivated.json().data.map((s: { id: number }) => s.id)).toEqual([gone.id]);
    const active = await list('?status=active');
    expect(active.json().meta.total).toBe(3);
    const second = await list('?per_page=2&page=3');
    expect(second.json().data).toHaveLength(1);
    expect(second.json().meta).toMatchObject({ total: 5, last_page: 3 });
    expect((await list('?status=gone')).statusCode).toBe(422);
  });

  it('shows gym admins only the staff of the gyms they administer; trainers none', async () => {
    const res = await get(
      `/api/organisations/${home.organisation.id}/staff`,
      await signIn(t.app, home.gymAdmin.email),
    );
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([home.gymAdmin.id, home.trainer.id].sort());
    const trainer = await get(
      `/api/organisations/${home.organisation.id}/staff`,
      await signIn(t.app, home.trainer.email),
    );
    expect(trainer.statusCode).toBe(403);
  });
});

describe('GET /api/staff/{id}', () => {
  it('answers one staff member with their visit count', async () => {
    await createVisit(t.db, {
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      userId: home.trainer.id,
    });
    await createVisit(t.db, {
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      userId: home.trainer.id,
    });
    await createVisit(t.db, {
      organisationId: other.organisation.id,
      gymId: other.gymA.id,
      userId: home.trainer.id,
    });
    const res = await get(`/api/staff/${home.trainer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: home.trainer.id,
      visits_count: 2,
      gyms: [{ id: home.gymA.id, role: 'personal_trainer' }],
    });
  });

  it('lets a gym admin see the staff of their gym, not of other gyms', async () => {
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    expect((await get(`/api/staff/${home.trainer.id}`, gymAdmin)).statusCode).toBe(200);
    expect((await get(`/api/staff/${pending.id}`, gymAdmin)).statusCode).toBe(403);
  });

  it('answers 404 for a member or a person who is not staff here', async () => {
    expect((await get(`/api/staff/${home.member.id}`)).statusCode).toBe(404);
    expect((await get(`/api/staff/${other.admin.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/organisations/{id}/staff-exists', () => {
  it('says whether an email is staff here, and nothing about accounts elsewhere', async () => {
    const url = `/api/organisations/${home.organisation.id}/staff-exists`;
    const outsider = await createUser(t.db, { isStaff: false });
    expect((await post(url, { email: home.trainer.email.toUpperCase() })).json().data).toEqual({
      exists: true,
      already_staff: true,
      deactivated: false,
    });
    const nobody = { exists: false, already_staff: false, deactivated: false };
    // An account with no tie to this organisation, another organisation's admin, and no account at all
    // get the same answer.
    expect((await post(url, { email: outsider.email })).json().data).toEqual(nobody);
    expect((await post(url, { email: other.admin.email })).json().data).toEqual(nobody);
    expect((await post(url, { email: 'never.seen@example.co.nz' })).json().data).toEqual(nobody);
    expect((await post(url, { email: gone.email })).json().data).toEqual({
      exists: true,
      already_staff: false,
      deactivated: true,
    });
    expect((await post(url, { email: 'nobody.here@example.co.nz' })).json().data).toEqual({
      exists: false,
      already_staff: false,
      deactivated: false,
    });
    const bad = await post(url, { email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['Value is not a valid email address'] });
    expect((await post(url, {})).json().errors).toEqual({ email: ['Value is required'] });
  });
});

describe('who may read and change staff', () => {
  const writes = (organisationId: number, staffId: number) => [
    {
      method: 'POST' as const,
      url: `/api/organisations/${organisationId}/staff-exists`,
      payload: { email: 'a@example.co.nz' },
    },
    {
      method: 'POST' as const,
      url: `/api/organisations/${organisationId}/staff`,
      payload: { inviting: true, email: 'new.person@example.co.nz', role: 'admin' },
    },
    { method: 'POST' as const, url: `/api/staff/${staffId}/resend-invitation`, payload: {} },
    { method: 'DELETE' as const, url: `/api/staff/${staffId}` },
  ];

  it('answers 404 and none of the data for another organisation’s staff', async () => {
    await expectIsolated(
      t.app,
      admin,
      [
        { method: 'GET' as const, url: `/api/organisations/${other.organisation.id}/staff` },
        { method: 'GET' as const, url: `/api/staff/${other.trainer.id}` },
        ...writes(other.organisation.id, other.trainer.id),
      ].map((request) => ({
        name: `${request.method} ${request.url}`,
        request,
        refusedWith: [404],
        mustNotContain: [other.trainer.email],
      })),
    );
    const [still] = await t.db
      .select()
      .from(organisationStaff)
      .where(eq(organisationStaff.userId, other.trainer.id));
    expect(still!.deletedAt).toBeNull();
  });

  it('refuses every change to gym admins, trainers and members (403)', async () => {
    const staffOf = () =>
      t.db.select().from(organisationStaff).where(eq(organisationStaff.organisationId, home.organisation.id));
    const before = await staffOf();
    for (const email of [home.gymAdmin.email, home.trainer.email, home.member.email]) {
      const cookie = await signIn(t.app, email);
      await expectIsolated(
        t.app,
        cookie,
        writes(home.organisation.id, pending.id).map((request) => ({
          name: `${email} ${request.method} ${request.url}`,
          request,
          refusedWith: [403],
        })),
      );
    }
    // Nobody was invited, re-invited or deactivated.
    expect(await staffOf()).toEqual(before);
    expect(await t.db.select().from(users).where(eq(users.email, 'new.person@example.co.nz'))).toEqual([]);
  });
});
