// PUT /api/staff/{id}: an organisation admin changes a staff member's roles, replaced whole.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCredentials, activityLog } from '../../db/schema/index';
import { createStaff, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { accessCalls, connectKisi, kisiApi } from '../access-control/access-control.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());

const put = (id: number | string, payload: object, cookie = admin) =>
  t.app.inject(pageRequest({ method: 'PUT', url: `/api/staff/${id}`, payload, cookie }));
const me = (cookie: string) => t.app.inject(pageRequest({ method: 'GET', url: '/api/me', cookie }));
const trainerAtA = () =>
  createStaff(t.db, {
    organisationId: home.organisation.id,
    gyms: [{ gymId: home.gymA.id, role: 'personal_trainer' }],
  });
const logsOf = (userId: number) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.action, 'staff.roles_changed'), eq(activityLog.subjectId, userId)));

describe('PUT /api/staff/{id}', () => {
  it('makes a trainer an admin of one gym and a trainer at another; they get those rights at once', async () => {
    const person = await trainerAtA();
    const theirs = await signIn(t.app, person.email);
    const before = (await me(theirs)).json().data;
    expect(before.current_organisation.role).toBeNull();

    const res = await put(person.id, {
      role: -1,
      gyms: [
        { id: home.gymA.id, role: 'admin' },
        { id: home.gymB.id, role: 'personal_trainer' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.role).toBeNull();
    expect(data.gyms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: home.gymA.id, role: 'admin' }),
        expect.objectContaining({ id: home.gymB.id, role: 'personal_trainer' }),
      ]),
    );
    expect(data.gyms).toHaveLength(2);
    // Their own session reads the new roles on its next request.
    const after = (await me(theirs)).json().data;
    expect(after.gyms.map((g: { id: number }) => g.id).sort()).toEqual([home.gymA.id, home.gymB.id].sort());

    const [log] = await logsOf(person.id);
    expect(log).toMatchObject({ actorUserId: home.admin.id, organisationId: home.organisation.id });
    expect(log!.data).toMatchObject({
      from: { role: null, gyms: [{ id: home.gymA.id, role: 'personal_trainer' }] },
      to: { role: null },
    });
  });

  it('makes someone an organisation admin (no gym list) and back; the same roles again change nothing', async () => {
    const person = await trainerAtA();
    const up = await put(person.id, {
      role: 'admin',
      gyms: [{ id: home.gymB.id, role: 'personal_trainer' }],
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ role: 'admin', gyms: [] });
    const theirs = await signIn(t.app, person.email);
    expect((await me(theirs)).json().data.current_organisation.role).toBe('admin');

    expect((await put(person.id, { role: 'admin' })).statusCode).toBe(200);
    expect(await logsOf(person.id)).toHaveLength(1);

    const down = await put(person.id, { role: 'personal_trainer' });
    expect(down.statusCode).toBe(200);
    expect(down.json().data).toMatchObject({ role: 'personal_trainer', gyms: [] });
    expect(await logsOf(person.id)).toHaveLength(2);
  });

  it('answers 422 with field messages for a missing role, a per-gym role without gyms, and a foreign gym', async () => {
    const person = await trainerAtA();
    const empty = await put(person.id, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.role).toEqual(['Value is required']);

    const noGyms = await put(person.id, { role: -1, gyms: [] });
    expect(noGyms.statusCode).toBe(422);
    expect(Object.keys(noGyms.json().errors)).toEqual(['gyms']);

    const foreign = await put(person.id, { role: -1, gyms: [{ id: other.gymA.id, role: 'admin' }] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['gyms.0.id']).toEqual(['The selected gym is invalid']);

    const twice = await put(person.id, {
      role: -1,
      gyms: [
        { id: home.gymA.id, role: 'admin' },
        { id: home.gymA.id, role: 'personal_trainer' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['gyms.1.id']).toEqual(['The gym is listed more than once']);

    const badRole = await put(person.id, { role: 'owner' });
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().errors.role).toEqual(['Value must be a role']);
    expect((await put('abc', { role: 'admin' })).statusCode).toBe(422);
    // Nothing changed.
    const detail = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/staff/${person.id}`, cookie: admin }),
    );
    expect(detail.json().data.gyms).toEqual([
      expect.objectContaining({ id: home.gymA.id, role: 'personal_trainer' }),
    ]);
  });

  it('refuses taking away your own admin role, and changing a deactivated staff member (409)', async () => {
    const self = await put(home.admin.id, { role: 'personal_trainer' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(
      'You cannot take away your own admin role: another organisation admin can.',
    );
    expect((await me(admin)).json().data.current_organisation.role).toBe('admin');

    const person = await trainerAtA();
    expect(
      (await t.app.inject(pageRequest({ method: 'DELETE', url: `/api/staff/${person.id}`, cookie: admin })))
        .statusCode,
    ).toBe(200);
    const gone = await put(person.id, { role: 'admin' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(
      'This staff member is deactivated: invite them again to give them roles.',
    );
  });

  it('is for organisation admins: gym admins and trainers are refused; another organisation’s staff is 404', async () => {
    const person = await trainerAtA();
    for (const who of [home.gymAdmin, home.trainer]) {
      const cookie = await signIn(t.app, who.email);
      expect((await put(person.id, { role: 'admin' }, cookie)).statusCode).toBe(403);
    }
    const theirs = await createStaff(t.db, {
      organisationId: other.organisation.id,
      role: 'personal_trainer',
    });
    expect((await put(theirs.id, { role: 'admin' })).statusCode).toBe(404);
    expect((await put(home.member.id, { role: 'admin' })).statusCode).toBe(404);
    expect(await logsOf(theirs.id)).toHaveLength(0);
  });

  it('ends the door rights in Kisi at a gym they no longer hold a role at', async () => {
    const call = accessCalls(t);
    await connectKisi(t, home.organisation.id, admin);
    const placeId = kisiApi(t).seed().placeId;
    expect((await call.linkPlace(home.gymA.id, admin, placeId)).statusCode).toBe(200);
    const person = await trainerAtA();
    const granted = (await call.staffAccess(person.id, admin)).json().data;
    const kisiUser = Number(granted.kisi_user_id);
    expect(await kisiApi(t).roleAssignments(kisiUser)).toHaveLength(1);

    // Still a trainer at gym A (now also at B): the door stays.
    const keep = await put(person.id, {
      role: -1,
      gyms: [
        { id: home.gymA.id, role: 'personal_trainer' },
        { id: home.gymB.id, role: 'personal_trainer' },
      ],
    });
    expect(keep.statusCode).toBe(200);
    expect(await kisiApi(t).roleAssignments(kisiUser)).toHaveLength(1);

    // Moved to gym B only: gym A's door right ends in Kisi and here.
    const moved = await put(person.id, { role: -1, gyms: [{ id: home.gymB.id, role: 'personal_trainer' }] });
    expect(moved.statusCode).toBe(200);
    expect(await kisiApi(t).roleAssignments(kisiUser)).toHaveLength(0);
    const credentials = await t.db
      .select()
      .from(accessCredentials)
      .where(eq(accessCredentials.userId, person.id));
    expect(credentials.map((c) => c.status)).toEqual(['revoked']);
    expect((await logsOf(person.id)).at(-1)!.data).toMatchObject({ door_rights_ended: 1 });
  });
});
