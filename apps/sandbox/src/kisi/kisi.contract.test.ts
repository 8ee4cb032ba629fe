// Kisi over plain fetch: places, locks, groups, managed users, logins, role assignments with
// valid_from/valid_until, and unlocks producing signed lock.unlock webhooks (success and denied).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

const SECRET = 'kisi_hook_secret';
let sandbox: RunningSandbox;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({ webhookTargets: { kisi: receiver.url }, kisiWebhookSecret: SECRET });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  sandbox.controls.reset();
  receiver.clear();
});

async function kisi<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  key = 'kisi_sandbox_api_key',
) {
  const response = await fetch(`${sandbox.kisi.url}${path}`, {
    method,
    headers: {
      authorization: `KISI-LOGIN ${key}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

async function gymWithMember() {
  const place = (
    await kisi('POST', '/places', { place: { name: 'Ponsonby Gym', time_zone: 'Pacific/Auckland' } })
  ).body;
  const lock = (await kisi('POST', '/locks', { lock: { name: 'Main entrance', place_id: place.id } })).body;
  const group = (await kisi('POST', '/groups', { group: { name: 'Members', place_id: place.id } })).body;
  await kisi('POST', '/group_locks', { group_lock: { group_id: group.id, lock_id: lock.id } });
  const user = (
    await kisi('POST', '/users', {
      user: { name: 'Jane Member', email: 'jane@example.nz', send_emails: false, confirm: true },
    })
  ).body;
  const login = (
    await kisi('POST', '/logins', { login: { type: 'device', email: 'jane@example.nz', expire: false } })
  ).body;
  return { place, lock, group, user, login: login as { id: number; secret: string } };
}

const unlock = (lockId: unknown, secret: string) => kisi('POST', `/locks/${lockId}/unlock`, {}, secret);

describe('Kisi', () => {
  it('requires KISI-LOGIN credentials and answers in its error shape', async () => {
    const response = await kisi('GET', '/places', undefined, 'wrong');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    const invalid = await kisi('POST', '/users', { user: { email: 'not-an-email' } });
    expect(invalid).toMatchObject({
      status: 422,
      body: { errors: { email: ["can't be blank or invalid"] } },
    });
  });

  it('lists places and locks with offset pagination', async () => {
    const { place } = await gymWithMember();
    const locks = await kisi<unknown[]>('GET', `/locks?place_id=${place.id}`);
    expect(locks.body).toEqual([
      expect.objectContaining({ name: 'Main entrance', place_id: place.id, resource_type: 'Lock' }),
    ]);
    expect(locks.headers.get('x-collection-range')).toBe('0-0/1');
    const places = await kisi<unknown[]>('GET', '/places?limit=1');
    expect(places.body).toHaveLength(1);
    expect(places.headers.get('x-collection-range')).toBe('0-0/2');
  });

  it('unlocks for a valid role assignment and sends a signed lock.unlock event', async () => {
    const { lock, group, user, login } = await gymWithMember();
    const now = sandbox.controls.now();
    const assignment = await kisi('POST', '/role_assignments', {
      role_assignment: {
        user_id: user.id,
        role_id: 'group_basic',
        group_id: group.id,
        valid_from: new Date(now.getTime() - 60_000).toISOString(),
        valid_until: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      },
    });
    expect(assignment.body).toMatchObject({
      role_id: 'group_basic',
      type: 'group',
      group_id: group.id,
      user_id: user.id,
    });

    expect(await unlock(lock.id, login.secret)).toMatchObject({
      status: 200,
      body: { message: 'Unlocked!' },
    });
    await sandbox.controls.settle();
    const [hook] = receiver.received;
    expect(hook!.json).toMatchObject({
      type: 'lock.unlock',
      success: true,
      actor_type: 'User',
      actor_id: user.id,
      object_type: 'Lock',
      object_id: lock.id,
      error_code: null,
    });
    const expected = createHmac('sha256', SECRET).update(hook!.body).digest('hex');
    expect(hook!.headers['x-signature']).toBe(expected);
  });

  it('denies outside valid_until, after revocation and without any role, with a denied event', async () => {
    const { lock, group, user, login } = await gymWithMember();
    expect((await unlock(lock.id, login.secret)).status).toBe(403);
    const until = new Date(sandbox.controls.now().getTime() + 3_600_000).toISOString();
    const created = await kisi('POST', '/role_assignments', {
      role_assignment: { user_id: user.id, role_id: 'group_basic', group_id: group.id, valid_until: until },
    });
    expect((await unlock(lock.id, login.secret)).status).toBe(200);
    await sandbox.controls.advanceClock(3_600_000);
    const expired = await unlock(lock.id, login.secret);
    expect(expired).toMatchObject({ status: 403, body: { code: 'no_access' } });

    await kisi('PATCH', `/role_assignments/${created.body.id}`, { role_assignment: { valid_until: null } });
    expect((await unlock(lock.id, login.secret)).status).toBe(200);
    expect((await kisi('DELETE', `/role_assignments/${created.body.id}`)).status).toBe(204);
    expect((await unlock(lock.id, login.secret)).status).toBe(403);

    await sandbox.controls.settle();
    expect(receiver.received.map((r) => r.json.success)).toEqual([false, true, false, true, false]);
    expect(receiver.received[0]!.json).toMatchObject({
      error_code: 'no_access',
      error_message: expect.any(String),
    });
  });

  it('recreates a login: the old secret stops working', async () => {
    const { lock, login } = await gymWithMember();
    expect((await kisi('DELETE', `/logins/${login.id}`)).status).toBe(204);
    const fresh = (await kisi('POST', '/logins', { login: { type: 'device', email: 'jane@example.nz' } }))
      .body;
    expect(fresh.secret).not.toBe(login.secret);
    expect((await unlock(lock.id, login.secret)).status).toBe(401);
    expect((await unlock(lock.id, fresh.secret as string)).status).toBe(403);
  });

  it('gives staff access through a place-level role and lets the reader tap control unlock', async () => {
    const { place, lock, user } = await gymWithMember();
    await kisi('POST', '/role_assignments', {
      role_assignment: { user_id: user.id, role_id: 'place_access_manager', place_id: place.id },
    });
    const event = sandbox.controls.kisi.tap(lock.id as number, user.id as number);
    expect(event).toMatchObject({ success: true, type: 'lock.unlock' });
    const events = await kisi<unknown[]>('GET', '/events?type=lock.unlock');
    expect(events.body).toHaveLength(1);
  });

  it('starts with a seeded place, doors and members group', async () => {
    const seed = sandbox.controls.kisi.seed();
    expect((await kisi('GET', `/places/${seed.placeId}`)).body).toMatchObject({
      name: 'Sandbox Gym',
      locks_count: 2,
    });
  });
});
