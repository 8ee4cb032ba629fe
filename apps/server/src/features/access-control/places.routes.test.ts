import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessControlIntegrations, doors, places, visits } from '../../db/schema/index';
import { createGym, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accessCalls, connectKisi, kisiApi } from './access-control.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let call: ReturnType<typeof accessCalls>;
let seed: ReturnType<ReturnType<typeof kisiApi>['seed']>;
beforeAll(async () => {
  t = await createTestApp();
  call = accessCalls(t);
  home = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
  await connectKisi(t, home.organisation.id, admin);
  seed = kisiApi(t).seed();
});
afterAll(() => t.close());
afterEach(() => t.sandbox.controls.faults.clear('kisi'));

const placesOf = (gymId: number) => t.db.select().from(places).where(eq(places.gymId, gymId));

describe('linking a Kisi place to a gym', () => {
  it('stores the place and its doors and answers both', async () => {
    const res = await call.linkPlace(home.gymA.id, admin, seed.placeId);
    expect(res.statusCode).toBe(200);
    const { place, doors: linkedDoors } = res.json().data;
    expect(place).toEqual({
      id: expect.any(Number),
      name: 'Sandbox Gym',
      place_id: String(seed.placeId),
      gym_id: home.gymA.id,
    });
    expect(linkedDoors).toEqual([
      { id: expect.any(Number), name: 'Front door', door_id: String(seed.lockIds[0]), tracks_visits: true },
      { id: expect.any(Number), name: 'Studio', door_id: String(seed.lockIds[1]), tracks_visits: true },
    ]);

    const listed = await call.places(home.organisation.id, admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual({
      id: place.id,
      place_id: String(seed.placeId),
      name: 'Sandbox Gym',
      address: '1 Queen Street, Auckland',
      gym: { id: home.gymA.id, name: home.gymA.name },
    });
  });

  it('picks up new doors when the same place is linked again, keeping each door’s setting', async () => {
    const first = (await call.doors(home.organisation.id, seed.placeId, admin)).json().data;
    const off = await call.setDoor(home.organisation.id, seed.placeId, seed.lockIds[1]!, admin, {
      tracks_visits: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ id: first[1].id, tracks_visits: false });
    const gymDoor = await kisiApi(t).createDoor(seed.placeId, 'Gym floor');

    const res = await call.linkPlace(home.gymA.id, admin, String(seed.placeId));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.doors.map((d: { name: string; tracks_visits: boolean }) => d)).toMatchObject([
      { name: 'Front door', tracks_visits: true },
      { name: 'Gym floor', door_id: String(gymDoor) },
      { name: 'Studio', tracks_visits: false },
    ]);
    expect(await placesOf(home.gymA.id)).toHaveLength(1);
  });

  it('lists a place’s doors from Kisi with our record once linked', async () => {
    const annex = await kisiApi(t).createPlace('Annex');
    const annexDoor = await kisiApi(t).createDoor(annex, 'Annex door');
    const unlinked = await call.doors(home.organisation.id, annex, admin);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data).toEqual([
      { id: null, name: 'Annex door', door_id: String(annexDoor), tracks_visits: true },
    ]);
    const linked = await call.doors(home.organisation.id, seed.placeId, admin);
    expect(linked.json().data.every((d: { id: number | null }) => typeof d.id === 'number')).toBe(true);
    expect((await call.doors(home.organisation.id, 987654321, admin)).statusCode).toBe(404);
  });

  it('refuses a place already linked to another gym, and one Kisi does not have', async () => {
    const taken = await call.linkPlace(home.gymB.id, admin, seed.placeId);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`This Kisi place is already linked to ${home.gymA.name}.`);
    const unknown = await call.linkPlace(home.gymB.id, admin, 987654321);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ place_id: ['Kisi has no place with this id'] });
    expect(await placesOf(home.gymB.id)).toEqual([]);
  });

  it('moves a gym to another place only while nothing refers to its doors', async () => {
    const gym = await createGym(t.db, home.organisation.id);
    const first = await kisiApi(t).createPlace('Pop-up');
    await kisiApi(t).createDoor(first, 'Tent flap');
    const second = await kisiApi(t).createPlace('Permanent');
    await kisiApi(t).createDoor(second, 'Main entrance');
    expect((await call.linkPlace(gym.id, admin, first)).statusCode).toBe(200);
    const moved = await call.linkPlace(gym.id, admin, second);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.doors.map((d: { name: string }) => d.name)).toEqual(['Main entrance']);

    const [door] = await t.db.select().from(doors).where(eq(doors.placeId, moved.json().data.place.id));
    await t.db.insert(visits).values({
      organisationId: home.organisation.id,
      gymId: gym.id,
      userId: home.member.id,
      doorId: door!.id,
      visitedAt: new Date(),
    });
    const refused = await call.linkPlace(gym.id, admin, first);
    expect(refused.statusCode).toBe(409);
    expect((await placesOf(gym.id))[0]!.placeId).toBe(String(second));
  });
});

describe('place and door validation', () => {
  it('requires a Kisi place id and a tracks_visits flag', async () => {
    const missing = await call.send('POST', `/api/gyms/${home.gymB.id}/access-control/places`, admin, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ place_id: ['Value is required'] });
    expect((await call.linkPlace(home.gymB.id, admin, 0)).json().errors).toEqual({
      place_id: ['The minimum value allowed is 1'],
    });
    const door = await call.setDoor(home.organisation.id, seed.placeId, seed.lockIds[0]!, admin, {
      tracks_visits: 'yes',
    });
    expect(door.statusCode).toBe(422);
    expect(Object.keys(door.json().errors)).toEqual(['tracks_visits']);
    expect((await call.doors(home.organisation.id, 'abc', admin)).statusCode).toBe(422);
  });

  it('answers 404 for a door of a place no gym is linked to', async () => {
    const loose = await kisiApi(t).createPlace('Unlinked');
    const door = await kisiApi(t).createDoor(loose, 'Side');
    const res = await call.setDoor(home.organisation.id, loose, door, admin, { tracks_visits: false });
    expect(res.statusCode).toBe(404);
  });
});

describe('when Kisi fails or is not connected', () => {
  it('answers 502 and writes nothing', async () => {
    const gym = await createGym(t.db, home.organisation.id);
    t.sandbox.controls.faults.inject('kisi', { status: 503, count: -1 });
    for (const res of [
      await call.linkPlace(gym.id, admin, seed.placeId),
      await call.places(home.organisation.id, admin),
      await call.doors(home.organisation.id, seed.placeId, admin),
    ]) {
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Kisi did not answer. Please try again in a moment.');
    }
    expect(await placesOf(gym.id)).toEqual([]);
  });

  it('answers 409 with what to do before Kisi is connected', async () => {
    const fresh = await createTenant(t.db);
    const cookie = await signIn(t.app, fresh.admin.email);
    const res = await call.places(fresh.organisation.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/an organisation admin connects Kisi first/);
    expect((await call.linkPlace(fresh.gymA.id, cookie, seed.placeId)).statusCode).toBe(409);
  });

  it('answers 409 when the stored key is refused by Kisi or cannot be read', async () => {
    for (const apiKey of [t.secrets.seal('revoked-kisi-key'), 'sealed-with-another-key']) {
      const fresh = await createTenant(t.db);
      await t.db.insert(accessControlIntegrations).values({ organisationId: fresh.organisation.id, apiKey });
      const res = await call.places(fresh.organisation.id, await signIn(t.app, fresh.admin.email));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/An organisation admin (can enter a new one|enters it again)\.$/);
    }
  });
});
