// Who may use the place and door calls, and the tenant-isolation harness over every access-control call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accessCalls, connectKisi, KISI_KEY, kisiApi } from './access-control.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let call: ReturnType<typeof accessCalls>;
let seed: ReturnType<ReturnType<typeof kisiApi>['seed']>;
let otherPlace: number;
beforeAll(async () => {
  t = await createTestApp();
  call = accessCalls(t);
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
  await connectKisi(t, home.organisation.id, admin);
  const otherAdmin = await signIn(t.app, other.admin.email);
  await connectKisi(t, other.organisation.id, otherAdmin);
  seed = kisiApi(t).seed();
  otherPlace = await kisiApi(t).createPlace('Other organisation’s place');
  await kisiApi(t).createDoor(otherPlace, 'Their secret door');
  expect((await call.linkPlace(other.gymA.id, otherAdmin, otherPlace)).statusCode).toBe(200);
});
afterAll(() => t.close());

type Listed = { json: () => { data: { place_id?: string; door_id?: string; gym?: unknown }[] } };
const placeOf = (res: Listed, placeId: number | string) =>
  res.json().data.find((place) => place.place_id === String(placeId))!;
const doorOf = (res: Listed, doorId: number | string) =>
  res.json().data.find((door) => door.door_id === String(doorId))!;

describe('roles on places and doors', () => {
  it('lets a gym admin list places and doors and link their own gym only', async () => {
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    expect((await call.places(home.organisation.id, gymAdmin)).statusCode).toBe(200);
    expect((await call.doors(home.organisation.id, seed.placeId, gymAdmin)).statusCode).toBe(200);
    expect((await call.linkPlace(home.gymB.id, gymAdmin, seed.placeId)).statusCode).toBe(403);
    expect(placeOf(await call.places(home.organisation.id, admin), seed.placeId).gym).toBeNull();
    expect((await call.linkPlace(home.gymA.id, gymAdmin, seed.placeId)).statusCode).toBe(200);
    expect(placeOf(await call.places(home.organisation.id, admin), seed.placeId).gym).toMatchObject({
      id: home.gymA.id,
    });
    const door = await call.setDoor(home.organisation.id, seed.placeId, seed.lockIds[0]!, gymAdmin, {
      tracks_visits: false,
    });
    expect(door.statusCode).toBe(200);
    expect(
      doorOf(await call.doors(home.organisation.id, seed.placeId, admin), seed.lockIds[0]!),
    ).toMatchObject({
      tracks_visits: false,
    });
  });

  it('refuses trainers and members every place and door call', async () => {
    const doorBefore = doorOf(await call.doors(home.organisation.id, seed.placeId, admin), seed.lockIds[0]!);
    const placeBefore = placeOf(await call.places(home.organisation.id, admin), seed.placeId);
    for (const person of [home.trainer, home.member]) {
      const cookie = await signIn(t.app, person.email);
      const answers = [
        await call.places(home.organisation.id, cookie),
        await call.doors(home.organisation.id, seed.placeId, cookie),
        await call.linkPlace(home.gymA.id, cookie, seed.placeId),
        await call.setDoor(home.organisation.id, seed.placeId, seed.lockIds[0]!, cookie, {
          tracks_visits: true,
        }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    }
    // Nothing they sent changed anything.
    expect(doorOf(await call.doors(home.organisation.id, seed.placeId, admin), seed.lockIds[0]!)).toEqual(
      doorBefore,
    );
    expect(placeOf(await call.places(home.organisation.id, admin), seed.placeId)).toEqual(placeBefore);
  });

  it('lets a gym admin change the doors of their own gym’s place only', async () => {
    const second = await kisiApi(t).createPlace('North site');
    const northDoor = await kisiApi(t).createDoor(second, 'North door');
    expect((await call.linkPlace(home.gymB.id, admin, second)).statusCode).toBe(200);
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    const res = await call.setDoor(home.organisation.id, second, northDoor, gymAdmin, {
      tracks_visits: false,
    });
    expect(res.statusCode).toBe(403);
    expect(doorOf(await call.doors(home.organisation.id, second, admin), northDoor)).toMatchObject({
      tracks_visits: true,
    });
  });
});

describe('tenant isolation', () => {
  it('answers another organisation’s records as not found, with none of their data', async () => {
    const theirs = other.organisation.id;
    const secret = ['Their secret door', other.gymA.name, KISI_KEY];
    const otherStaff = other.trainer.id;
    await expectIsolated(t.app, admin, [
      {
        name: 'integration',
        request: { method: 'GET', url: `/api/organisations/${theirs}/access-control/integration` },
        refusedWith: [404],
      },
      {
        name: 'save integration',
        request: {
          method: 'POST',
          url: `/api/organisations/${theirs}/access-control/integration`,
          payload: { integration_type: 'kisi', api_key: KISI_KEY },
        },
        refusedWith: [404],
      },
      {
        name: 'places',
        request: { method: 'GET', url: `/api/organisations/${theirs}/access-control/places` },
        refusedWith: [404],
        mustNotContain: secret,
      },
      {
        name: 'link place',
        request: {
          method: 'POST',
          url: `/api/gyms/${other.gymB.id}/access-control/places`,
          payload: { place_id: seed.placeId },
        },
        refusedWith: [404],
      },
      {
        name: 'doors',
        request: {
          method: 'GET',
          url: `/api/organisations/${theirs}/access-control/places/${otherPlace}/doors`,
        },
        refusedWith: [404],
        mustNotContain: secret,
      },
      {
        name: 'door setting through their organisation',
        request: {
          method: 'PUT',
          url: `/api/organisations/${theirs}/access-control/places/${otherPlace}/doors/1`,
          payload: { tracks_visits: false },
        },
        refusedWith: [404],
      },
      {
        name: 'door setting of their place through ours',
        request: {
          method: 'PUT',
          url: `/api/organisations/${home.organisation.id}/access-control/places/${otherPlace}/doors/1`,
          payload: { tracks_visits: false },
        },
        refusedWith: [404],
      },
      {
        name: 'staff access',
        request: { method: 'POST', url: `/api/staff/${otherStaff}/kisi-access` },
        refusedWith: [404],
      },
    ]);
    // Their place is Kisi's to show to any key that reaches it, but nothing of their records comes with it.
    const listed = await call.places(home.organisation.id, admin);
    expect(
      listed.json().data.find((p: { place_id: string }) => p.place_id === String(otherPlace)),
    ).toMatchObject({
      id: null,
      gym: null,
    });
    expect(listed.body).not.toContain(other.gymA.name);
  });
});

describe('OpenAPI document', () => {
  it('describes every access-control and Stripe Connect call from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const calls = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/organisations/{id}/access-control/integration',
        'POST /api/organisations/{id}/access-control/integration',
        'GET /api/organisations/{id}/access-control/places',
        'POST /api/gyms/{id}/access-control/places',
        'GET /api/organisations/{id}/access-control/places/{place_id}/doors',
        'PUT /api/organisations/{id}/access-control/places/{place_id}/doors/{door_id}',
        'POST /api/staff/{id}/kisi-access',
        'POST /api/gyms/{id}/stripe/redirect',
        'POST /api/stripe/exchange',
        'GET /api/gyms/{id}/stripe',
      ]),
    );
  });
});
