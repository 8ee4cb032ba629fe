// The tenant-isolation harness on every offering route: another organisation's records are 404 with none of
// their data; personal trainers read but never write (403); members and strangers get nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffering, createPrice } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { caller, offeringPayload } from './catalogue.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let secret: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  secret = await createOffering(t.db, {
    organisationId: home.organisation.id,
    name: 'Secret Squirrel Club',
    gymIds: [home.gymA.id],
  });
  await createPrice(t.db, { organisationId: home.organisation.id, offeringId: secret.id, amount: 4321 });
});
afterAll(() => t.close());

const routesOn = (offeringId: number, gymId: number) => [
  { name: 'show', request: { method: 'GET' as const, url: `/api/offerings/${offeringId}` } },
  {
    name: 'update',
    request: {
      method: 'PUT' as const,
      url: `/api/offerings/${offeringId}`,
      payload: offeringPayload([gymId]),
    },
  },
  { name: 'delete', request: { method: 'DELETE' as const, url: `/api/offerings/${offeringId}` } },
  { name: 'archive', request: { method: 'DELETE' as const, url: `/api/offerings/${offeringId}/archive` } },
  { name: 'gym offerings', request: { method: 'GET' as const, url: `/api/gyms/${gymId}/offerings` } },
  {
    name: 'unique memberships',
    request: { method: 'GET' as const, url: `/api/gyms/${gymId}/offerings/${offeringId}/unique-memberships` },
  },
];

describe('offerings isolation', () => {
  it('answers 404 and none of the data for another organisation’s offering and gym', async () => {
    const outsider = await signIn(t.app, other.admin.email);
    await expectIsolated(
      t.app,
      outsider,
      routesOn(secret.id, home.gymA.id).map((c) => ({
        ...c,
        refusedWith: [404],
        mustNotContain: [secret.name, '43.21'],
      })),
    );
    // Their own gym with our offering, and our gym with their offering, are both 404 too.
    const theirs = await createOffering(t.db, {
      organisationId: other.organisation.id,
      gymIds: [other.gymA.id],
    });
    await expectIsolated(t.app, outsider, [
      {
        name: 'own gym, foreign offering',
        request: {
          method: 'GET',
          url: `/api/gyms/${other.gymA.id}/offerings/${secret.id}/unique-memberships`,
        },
        refusedWith: [404],
      },
      {
        name: 'foreign gym, own offering',
        request: {
          method: 'GET',
          url: `/api/gyms/${home.gymA.id}/offerings/${theirs.id}/unique-memberships`,
        },
        refusedWith: [404],
      },
    ]);
    const list = await caller(t, outsider).get('/api/offerings?per_page=100');
    expect(list.body).not.toContain(secret.name);
    const create = await caller(t, outsider).post('/api/offerings', offeringPayload([home.gymA.id]));
    expect(create.statusCode).toBe(422);
    expect(create.body).not.toContain(home.gymA.name);
  });

  it('lets a personal trainer read but refuses every write (403)', async () => {
    const trainer = await signIn(t.app, home.trainer.email);
    expect((await caller(t, trainer).get(`/api/offerings/${secret.id}`)).statusCode).toBe(200);
    await expectIsolated(t.app, trainer, [
      {
        name: 'create',
        request: { method: 'POST', url: '/api/offerings', payload: offeringPayload([home.gymA.id]) },
        refusedWith: [403],
      },
      ...routesOn(secret.id, home.gymA.id)
        .filter((c) => c.request.method !== 'GET')
        .map((c) => ({ ...c, refusedWith: [403] })),
    ]);
    expect((await caller(t, trainer).get(`/api/offerings/${secret.id}`)).json().data.archived_at).toBeNull();
  });

  it('refuses members (403) and strangers (401)', async () => {
    const member = await signIn(t.app, home.member.email);
    await expectIsolated(
      t.app,
      member,
      [
        ...routesOn(secret.id, home.gymA.id),
        { name: 'list', request: { method: 'GET' as const, url: '/api/offerings' } },
      ].map((c) => ({
        ...c,
        refusedWith: [403],
        mustNotContain: [secret.name],
      })),
    );
    const stranger = await t.app.inject(pageRequest({ method: 'GET', url: `/api/offerings/${secret.id}` }));
    expect(stranger.statusCode).toBe(401);
  });
});
