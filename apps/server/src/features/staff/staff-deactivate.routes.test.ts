import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, gymStaff, organisationStaff, sessions } from '../../db/schema/index';
import { createStaff, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

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

const remove = (id: number, cookie = admin) =>
  t.app.inject(pageRequest({ method: 'DELETE', url: `/api/staff/${id}`, cookie }));
const me = (cookie: string) => t.app.inject(pageRequest({ method: 'GET', url: '/api/me', cookie }));
const login = (email: string) =>
  t.app.inject(
    pageRequest({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'correct-horse-battery' },
      remoteAddress: '10.9.9.9',
    }),
  );

describe('DELETE /api/staff/{id}', () => {
  it('deactivates: gym roles go, sessions end, and sign-in no longer gives this organisation', async () => {
    const person = await createStaff(t.db, {
      organisationId: home.organisation.id,
      gyms: [{ gymId: home.gymA.id, role: 'admin' }],
    });
    const theirs = await signIn(t.app, person.email);
    expect((await me(theirs)).statusCode).toBe(200);

    const res = await remove(person.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: person.id,
      status: 'deactivated',
      deleted_at: expect.any(String),
      gyms: [],
    });

    expect((await me(theirs)).statusCode).toBe(401);
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, person.id), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(0);
    expect(await t.db.select().from(gymStaff).where(eq(gymStaff.userId, person.id))).toHaveLength(0);
    const again = await login(person.email);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This account no longer has access to any organisation.']);

    const [log] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'staff.deactivated'), eq(activityLog.subjectId, person.id)));
    expect(log).toMatchObject({ actorUserId: home.admin.id, organisationId: home.organisation.id });
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('leaves their other organisations: they sign in to those only', async () => {
    const person = await createStaff(t.db, { organisationId: home.organisation.id, role: 'admin' });
    await t.db
      .insert(organisationStaff)
      .values({ organisationId: other.organisation.id, userId: person.id, role: null });
    await t.db.insert(gymStaff).values({
      organisationId: other.organisation.id,
      gymId: other.gymA.id,
      userId: person.id,
      role: 'personal_trainer',
    });

    expect((await remove(person.id)).statusCode).toBe(200);
    const cookie = await signIn(t.app, person.email);
    const data = (await me(cookie)).json().data;
    expect(data.organisations.map((o: { id: number }) => o.id)).toEqual([other.organisation.id]);
    expect(data.gyms.map((g: { id: number }) => g.id)).toEqual([other.gymA.id]);
    const switched = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/organisations/${home.organisation.id}/switch`,
        cookie,
        payload: {},
      }),
    );
    expect(switched.statusCode).toBe(404);
    expect(await t.db.select().from(gymStaff).where(eq(gymStaff.userId, person.id))).toHaveLength(1);
  });

  it('ends a pending invitation: its link no longer works', async () => {
    const created = (
      await t.app.inject(
        pageRequest({
          method: 'POST',
          url: `/api/organisations/${home.organisation.id}/staff`,
          cookie: admin,
          payload: { inviting: true, email: 'never.joined@example.co.nz', role: 'personal_trainer' },
        }),
      )
    ).json().data;
    const mail = await t.mail.waitFor((m) => m.to.includes('never.joined@example.co.nz'), 5000);
    const token = decodeURIComponent(mail.text.match(/token=([^&\s]+)/)![1]!);
    expect((await remove(created.id)).statusCode).toBe(200);
    const res = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: '/api/set-password',
        payload: {
          token,
          email: 'never.joined@example.co.nz',
          password: 'a-long-password-1',
          password_confirmation: 'a-long-password-1',
        },
      }),
    );
    expect(res.statusCode).toBe(422);
  });

  it('is idempotent, refuses yourself (409), and answers 404 for strangers', async () => {
    const person = await createStaff(t.db, {
      organisationId: home.organisation.id,
      role: 'personal_trainer',
    });
    const first = await remove(person.id);
    const second = await remove(person.id);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.deleted_at).toBe(first.json().data.deleted_at);
    const self = await remove(home.admin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot deactivate yourself.');
    expect((await remove(home.member.id)).statusCode).toBe(404);
    expect((await remove(other.admin.id)).statusCode).toBe(404);
    const [still] = await t.db
      .select()
      .from(organisationStaff)
      .where(eq(organisationStaff.userId, other.admin.id));
    expect(still!.deletedAt).toBeNull();
  });
});

describe('staff rights belong to one organisation', () => {
  const as = (cookie: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject(pageRequest({ method, url, cookie, ...(method === 'POST' ? { payload: {} } : {}) }));

  it('a member made staff elsewhere reads nothing of staff here, and deactivation there signs out only there', async () => {
    // A member of this organisation is (with their acceptance) a trainer at the other organisation.
    const person = home.member;
    await t.db
      .insert(organisationStaff)
      .values({ organisationId: other.organisation.id, userId: person.id, role: 'personal_trainer' });
    const atOther = await signIn(t.app, person.email);
    expect((await as(atOther, 'POST', `/api/organisations/${other.organisation.id}/switch`)).statusCode).toBe(
      200,
    );
    expect((await as(atOther, 'GET', '/api/offerings')).statusCode).toBe(200);

    // Here they are a member: every staff call answers 403, with none of this organisation's data.
    const atHome = await signIn(t.app, person.email);
    expect((await as(atHome, 'POST', `/api/organisations/${home.organisation.id}/switch`)).statusCode).toBe(
      200,
    );
    for (const url of [
      '/api/offerings',
      `/api/organisations/${home.organisation.id}/prices`,
      `/api/gyms/${home.gymA.id}/offerings`,
      `/api/gyms/${home.gymA.id}`,
      `/api/organisations/${home.organisation.id}/staff`,
    ]) {
      const res = await as(atHome, 'GET', url);
      expect(res.statusCode, url).toBe(403);
    }

    // The other organisation deactivates them: their session there ends, the one here carries on.
    const otherAdmin = await signIn(t.app, other.admin.email);
    expect((await remove(person.id, otherAdmin)).statusCode).toBe(200);
    expect((await me(atOther)).statusCode).toBe(401);
    expect((await me(atHome)).statusCode).toBe(200);
  });

  it('an admin elsewhere cannot sign out this organisation’s admin by adding and deactivating them', async () => {
    const homeAdmin = await signIn(t.app, home.admin.email);
    const otherAdmin = await signIn(t.app, other.admin.email);
    const added = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/organisations/${other.organisation.id}/staff`,
        cookie: otherAdmin,
        payload: { inviting: true, email: home.admin.email, role: 'personal_trainer' },
      }),
    );
    expect(added.statusCode).toBe(201);
    expect((await remove(home.admin.id, otherAdmin)).statusCode).toBe(200);
    expect((await me(homeAdmin)).statusCode).toBe(200);
    expect((await as(homeAdmin, 'GET', `/api/organisations/${home.organisation.id}`)).statusCode).toBe(200);
  });
});
