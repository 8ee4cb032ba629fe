import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGym, createOrganisation, createStaff, createTenant } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string) =>
  t.app.inject(pageRequest({ method, url, cookie, ...(method === 'POST' ? { payload: {} } : {}) }));

describe('switching organisation and gym', () => {
  it('moves a staff member of two organisations between them, and scopes /api/me', async () => {
    const second = await createOrganisation(t.db, { name: 'Aardvark Athletics' });
    const secondGym = await createGym(t.db, second.id, { name: 'Aardvark Ponsonby' });
    const both = await createStaff(t.db, { organisationId: home.organisation.id, role: 'admin' });
    const { organisationStaff } = await import('../../db/schema/index');
    await t.db
      .insert(organisationStaff)
      .values({ organisationId: second.id, userId: both.id, role: 'admin' });
    const cookie = await signIn(t.app, both.email);

    const before = (await call('GET', '/api/me', cookie)).json().data;
    expect(before.organisations).toHaveLength(2);
    const switched = await call('POST', `/api/organisations/${second.id}/switch`, cookie);
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toEqual({ organisation_id: second.id, gym_id: secondGym.id });
    const after = (await call('GET', '/api/me', cookie)).json().data;
    expect(after.current_organisation.id).toBe(second.id);
    expect(after.gyms.map((g: { name: string }) => g.name)).toEqual(['Aardvark Ponsonby']);
  });

  it('switches gym within the organisation', async () => {
    const cookie = await signIn(t.app, home.admin.email);
    const res = await call('POST', `/api/gyms/${home.gymB.id}/switch`, cookie);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/me', cookie)).json().data.current_gym.id).toBe(home.gymB.id);
  });

  it('refuses (404) an organisation or gym the user does not belong to', async () => {
    const cookie = await signIn(t.app, home.admin.email);
    await expectIsolated(t.app, cookie, [
      {
        name: 'switch to another organisation',
        request: { method: 'POST', url: `/api/organisations/${other.organisation.id}/switch`, payload: {} },
        refusedWith: [404],
        mustNotContain: [other.organisation.name],
      },
      {
        name: 'switch to another organisation’s gym',
        request: { method: 'POST', url: `/api/gyms/${other.gymA.id}/switch`, payload: {} },
        refusedWith: [404],
        mustNotContain: [other.gymA.name],
      },
    ]);
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    await expectIsolated(t.app, gymAdmin, [
      {
        name: 'gym admin to a gym they do not hold',
        request: { method: 'POST', url: `/api/gyms/${home.gymB.id}/switch`, payload: {} },
        refusedWith: [404],
      },
    ]);
  });

  it('validates the path parameter', async () => {
    const cookie = await signIn(t.app, home.admin.email);
    const res = await call('POST', '/api/gyms/not-a-number/switch', cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toBeDefined();
  });
});
