import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessCredentials, activityLog, organisationStaff } from '../../db/schema/index';
import { createStaff, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { accessCalls, connectKisi, kisiApi } from './access-control.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let call: ReturnType<typeof accessCalls>;
let placeId: number;
beforeAll(async () => {
  t = await createTestApp();
  call = accessCalls(t);
  home = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
  await connectKisi(t, home.organisation.id, admin);
  placeId = kisiApi(t).seed().placeId;
  expect((await call.linkPlace(home.gymA.id, admin, placeId)).statusCode).toBe(200);
});
afterAll(() => t.close());
afterEach(() => t.sandbox.controls.faults.clear('kisi'));

const coach = () =>
  createStaff(t.db, {
    organisationId: home.organisation.id,
    gyms: [{ gymId: home.gymA.id, role: 'personal_trainer' }],
  });
const staffRecord = async (userId: number) =>
  (
    await t.db
      .select()
      .from(organisationStaff)
      .where(
        and(eq(organisationStaff.organisationId, home.organisation.id), eq(organisationStaff.userId, userId)),
      )
  )[0]!;
const credentialsOf = (userId: number) =>
  t.db.select().from(accessCredentials).where(eq(accessCredentials.userId, userId));
const switchGym = (cookie: string, gymId: number) =>
  t.app.inject(pageRequest({ method: 'POST', url: `/api/gyms/${gymId}/switch`, cookie }));

describe('POST /api/staff/{id}/kisi-access', () => {
  it('gives the staff member access at the current gym’s place and records it on them', async () => {
    const person = await coach();
    expect((await staffRecord(person.id)).accessEnabled).toBe(false);
    const res = await call.staffAccess(person.id, admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      user_id: person.id,
      access_enabled: true,
      place: { id: expect.any(Number), name: 'Sandbox Gym', place_id: String(placeId), gym_id: home.gymA.id },
      kisi_user_id: expect.any(String),
      granted_at: expect.any(String),
    });
    expect((await staffRecord(person.id)).accessEnabled).toBe(true);
    const [credential] = await credentialsOf(person.id);
    expect(credential).toMatchObject({ status: 'active', externalUserId: data.kisi_user_id });
    const assignments = await kisiApi(t).roleAssignments(Number(data.kisi_user_id));
    expect(assignments).toEqual([
      expect.objectContaining({ role_id: 'place_access_manager', place_id: placeId }),
    ]);

    // Asking again changes nothing at Kisi.
    expect((await call.staffAccess(person.id, admin)).statusCode).toBe(200);
    expect(await kisiApi(t).roleAssignments(Number(data.kisi_user_id))).toHaveLength(1);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'staff.door_access_granted'));
    expect(log.filter((l) => l.subjectId === person.id)).toHaveLength(1);
  });

  it('answers 409 when the current gym has no place, and for a deactivated staff member', async () => {
    const cookie = await signIn(t.app, home.admin.email);
    expect((await switchGym(cookie, home.gymB.id)).statusCode).toBe(200);
    const person = await coach();
    const res = await call.staffAccess(person.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${home.gymB.name} has no Kisi place yet: link the gym to its Kisi place first.`,
    );

    await t.db
      .update(organisationStaff)
      .set({ deletedAt: new Date() })
      .where(eq(organisationStaff.userId, person.id));
    const gone = await call.staffAccess(person.id, admin);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('This staff member is deactivated.');
    expect(await credentialsOf(person.id)).toEqual([]);
  });

  it('lets gym admins give access to their gym’s staff only; trainers and members none', async () => {
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    expect((await switchGym(gymAdmin, home.gymA.id)).statusCode).toBe(200);
    expect((await call.staffAccess((await coach()).id, gymAdmin)).statusCode).toBe(200);
    const elsewhere = await createStaff(t.db, {
      organisationId: home.organisation.id,
      gyms: [{ gymId: home.gymB.id, role: 'personal_trainer' }],
    });
    expect((await call.staffAccess(elsewhere.id, gymAdmin)).statusCode).toBe(403);
    for (const person of [home.trainer, home.member]) {
      const cookie = await signIn(t.app, person.email);
      expect((await call.staffAccess(home.gymAdmin.id, cookie)).statusCode).toBe(403);
    }
    expect(await credentialsOf(elsewhere.id)).toEqual([]);
  });

  it('answers 404 for an unknown person and 422 for a bad id', async () => {
    expect((await call.staffAccess(home.member.id, admin)).statusCode).toBe(404);
    expect((await call.staffAccess(987654321, admin)).statusCode).toBe(404);
    const bad = await call.send('POST', '/api/staff/abc/kisi-access', admin);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
  });

  it('answers 502 when Kisi fails, writing nothing', async () => {
    const person = await coach();
    t.sandbox.controls.faults.inject('kisi', { status: 500, count: -1 });
    const res = await call.staffAccess(person.id, admin);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Kisi did not answer. Please try again in a moment.');
    expect((await staffRecord(person.id)).accessEnabled).toBe(false);
    expect(await credentialsOf(person.id)).toEqual([]);
  });

  it('ends the door rights in Kisi when the staff member is deactivated; a Kisi failure stops it', async () => {
    const person = await coach();
    const granted = (await call.staffAccess(person.id, admin)).json().data;
    const kisiUser = Number(granted.kisi_user_id);
    expect(await kisiApi(t).roleAssignments(kisiUser)).toHaveLength(1);
    const deactivate = () =>
      t.app.inject(pageRequest({ method: 'DELETE', url: `/api/staff/${person.id}`, cookie: admin }));

    t.sandbox.controls.faults.inject('kisi', { status: 500, count: -1 });
    expect((await deactivate()).statusCode).toBe(502);
    expect((await staffRecord(person.id)).deletedAt).toBeNull();
    expect((await credentialsOf(person.id))[0]).toMatchObject({ status: 'active' });
    t.sandbox.controls.faults.clear('kisi');

    expect((await deactivate()).statusCode).toBe(200);
    expect((await staffRecord(person.id)).deletedAt).not.toBeNull();
    expect((await credentialsOf(person.id))[0]).toMatchObject({ status: 'revoked' });
    expect(await kisiApi(t).roleAssignments(kisiUser)).toEqual([]);
  });

  it('shows access_enabled false once deactivated, and still false when invited back until access is given again', async () => {
    const person = await coach();
    expect((await call.staffAccess(person.id, admin)).statusCode).toBe(200);
    const detail = async () =>
      (
        await t.app.inject(pageRequest({ method: 'GET', url: `/api/staff/${person.id}`, cookie: admin }))
      ).json().data;
    expect((await detail()).access_enabled).toBe(true);

    const gone = await t.app.inject(
      pageRequest({ method: 'DELETE', url: `/api/staff/${person.id}`, cookie: admin }),
    );
    expect(gone.json().data).toMatchObject({ status: 'deactivated', access_enabled: false });
    expect((await detail()).access_enabled).toBe(false);
    const listed = await t.app.inject(
      pageRequest({
        method: 'GET',
        url: `/api/organisations/${home.organisation.id}/staff?status=deactivated&per_page=100`,
        cookie: admin,
      }),
    );
    const row = listed.json().data.find((s: { id: number }) => s.id === person.id);
    expect(row).toMatchObject({ access_enabled: false });
    expect((await staffRecord(person.id)).accessEnabled).toBe(false);

    // Invited back: their Kisi rights stay revoked, so no door access until an admin gives it again.
    const back = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/organisations/${home.organisation.id}/staff`,
        cookie: admin,
        payload: { inviting: true, email: person.email, role: 'personal_trainer' },
      }),
    );
    expect(back.statusCode).toBe(201);
    expect(back.json().data).toMatchObject({ status: 'pending', access_enabled: false });
    const again = await call.staffAccess(person.id, admin);
    expect(again.statusCode).toBe(200);
    expect((await detail()).access_enabled).toBe(true);
    expect((await credentialsOf(person.id))[0]).toMatchObject({ status: 'active' });
  });

  it('brings back a staff record deactivated with a stale access flag without door access', async () => {
    const person = await coach();
    await t.db
      .update(organisationStaff)
      .set({ deletedAt: new Date(), accessEnabled: true })
      .where(eq(organisationStaff.userId, person.id));
    const back = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/organisations/${home.organisation.id}/staff`,
        cookie: admin,
        payload: { inviting: true, email: person.email, role: 'personal_trainer' },
      }),
    );
    expect(back.statusCode).toBe(201);
    expect(back.json().data.access_enabled).toBe(false);
    expect((await staffRecord(person.id)).accessEnabled).toBe(false);
  });
});
