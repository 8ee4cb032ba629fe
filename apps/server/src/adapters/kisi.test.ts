// The Kisi adapter against the sandbox simulator: doors, members' access windows, logins, webhooks.
import { type RunningSandbox, startSandbox } from '@gym/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKisiAdapter, type KisiAdapter } from './kisi';
import { type Received, receiveWebhooks } from './test-webhook-receiver';

let sandbox: RunningSandbox;
let hooks: Received;
let kisi: KisiAdapter;

beforeAll(async () => {
  hooks = await receiveWebhooks();
  sandbox = await startSandbox({ webhookTargets: { kisi: hooks.url }, kisiWebhookSecret: 'kisi_secret' });
  kisi = createKisiAdapter({
    apiKey: 'kisi_sandbox_api_key',
    apiUrl: sandbox.kisi.url,
    webhookSecret: 'kisi_secret',
  });
});
afterAll(async () => {
  await sandbox.close();
  await hooks.close();
});
beforeEach(() => {
  sandbox.controls.reset();
  hooks.list.length = 0;
});

const unlock = (lockId: number, secret: string) =>
  fetch(`${sandbox.kisi.url}/locks/${lockId}/unlock`, {
    method: 'POST',
    headers: { authorization: `KISI-LOGIN ${secret}` },
  });

describe('Kisi adapter', () => {
  it('grants a time-boxed access right, and the unlock webhook verifies', async () => {
    const place = await kisi.createPlace({ name: 'Newmarket Gym' });
    await kisi.createPlace({ name: 'Second site' });
    expect((await kisi.listPlaces()).map((p) => p.name)).toContain('Newmarket Gym');
    const door = (await sandbox.controls.kisi.seed()).lockIds[0]!;
    const { groupId } = await kisi.createGroup({ placeId: place.id, name: 'Members', lockIds: [door] });
    const { userId } = await kisi.ensureUser({ email: 'Jane@Example.nz', name: 'Jane' });
    expect(await kisi.ensureUser({ email: 'jane@example.nz', name: 'Jane' })).toEqual({ userId });
    const now = sandbox.controls.now();
    const { roleAssignmentId } = await kisi.grantAccess({
      userId,
      groupId,
      validFrom: now,
      validUntil: new Date(now.getTime() + 86_400_000),
    });
    const login = await kisi.createLogin('jane@example.nz');
    expect((await unlock(door, login.secret)).status).toBe(200);

    await sandbox.controls.settle();
    const event = kisi.verifyWebhook(hooks.list[0]!.headers, hooks.list[0]!.body);
    expect(event).toMatchObject({ type: 'lock.unlock', success: true, actorId: userId, lockId: door });
    expect(() => kisi.verifyWebhook({ 'x-signature': 'forged' }, hooks.list[0]!.body)).toThrow(/signature/);

    await kisi.changeAccess(roleAssignmentId, { validUntil: new Date(now.getTime() - 1) });
    expect((await unlock(door, login.secret)).status).toBe(403);
    await kisi.revokeAccess(roleAssignmentId);
    await kisi.revokeAccess(roleAssignmentId);
    const again = await kisi.recreateLogin('jane@example.nz', login.loginId);
    expect((await unlock(door, login.secret)).status).toBe(401);
    expect((await unlock(door, again.secret)).status).toBe(403);
  });

  it('lists doors and gives staff access to a place', async () => {
    const seed = sandbox.controls.kisi.seed();
    expect((await kisi.listDoors(seed.placeId)).map((d) => d.name)).toEqual(['Front door', 'Studio']);
    const { userId } = await kisi.ensureUser({ email: 'coach@example.nz', name: 'Coach' });
    await kisi.grantStaffAccess({ userId, placeId: seed.placeId });
    const login = await kisi.createLogin('coach@example.nz');
    expect((await unlock(seed.lockIds[1]!, login.secret)).status).toBe(200);
  });

  it('reads every page of a list longer than one of Kisi’s pages (250)', async () => {
    const made = [];
    for (let i = 0; i < 260; i++) made.push(await kisi.createPlace({ name: `Place ${i}` }));
    const listed = await kisi.listPlaces();
    expect(listed.length).toBeGreaterThanOrEqual(260);
    expect(new Set(listed.map((p) => p.id)).size).toBe(listed.length);
    for (const place of made) expect(listed.map((p) => p.id)).toContain(place.id);
  });
});
