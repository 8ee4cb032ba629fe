// Kisi webhooks end to end: people tap at the sandbox's doors; each signed lock.unlock reaching the
// listening app becomes one visit for the member holding that Kisi user at the gym's place.
import { createHmac } from 'node:crypto';
import { SANDBOX_DEFAULTS } from '@gym/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessControlIntegrations, accessCredentials, doors, places, visits } from '../../db/schema/index';
import { createMember, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accessCalls } from '../access-control/access-control.test-support';
import { callsOf, deliveries, receiveSandboxWebhooks, replay } from './webhooks.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let seed: { ownerId: number; placeId: number; lockIds: number[]; groupId: number };
let place: { id: number };
let frontDoor: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  await receiveSandboxWebhooks(t);
  seed = t.sandbox.controls.kisi.seed();
  const organisationId = home.organisation.id;
  const [integration] = await t.db
    .insert(accessControlIntegrations)
    .values({ organisationId, apiKey: t.secrets.seal(SANDBOX_DEFAULTS.kisiApiKey) })
    .returning();
  const [placeRow] = await t.db
    .insert(places)
    .values({
      organisationId,
      gymId: home.gymA.id,
      integrationId: integration!.id,
      placeId: String(seed.placeId),
      name: 'Sandbox Gym',
    })
    .returning();
  place = placeRow!;
  const rows = await t.db
    .insert(doors)
    .values([
      { organisationId, placeId: place.id, doorId: String(seed.lockIds[0]), name: 'Front door' },
      {
        organisationId,
        placeId: place.id,
        doorId: String(seed.lockIds[1]),
        name: 'Studio',
        tracksVisits: false,
      },
    ])
    .returning();
  frontDoor = rows[0]!;
});
afterAll(() => t.close());

/** A member with a Kisi user (with the members' group, or without any access) and our credential for it. */
async function doorMember(withAccess: boolean) {
  const member = await createMember(t.db, { organisationId: home.organisation.id, gymId: home.gymA.id });
  const kisi = t.providers.kisi(SANDBOX_DEFAULTS.kisiApiKey);
  const { userId } = await kisi.ensureUser({ email: member.email, name: member.name });
  if (withAccess) {
    const from = new Date(t.sandbox.controls.now().getTime() - 60_000);
    await kisi.grantAccess({ userId, groupId: seed.groupId, validFrom: from, validUntil: null });
  }
  await t.db.insert(accessCredentials).values({
    organisationId: home.organisation.id,
    userId: member.id,
    placeId: place.id,
    externalUserId: String(userId),
  });
  return { member, kisiUserId: userId };
}

async function tap(lockId: number, kisiUserId: number) {
  const event = t.sandbox.controls.kisi.tap(lockId, kisiUserId);
  await t.sandbox.controls.settle();
  return { event, delivery: deliveries(t, 'kisi').find((d) => d.body.includes(event.uuid))! };
}

const visitsOf = (userId: number) => t.db.select().from(visits).where(eq(visits.userId, userId));
const callsAbout = async (uuid: string) => (await callsOf(t, 'kisi')).filter((c) => c.externalId === uuid);

describe('POST /api/webhooks/kisi', () => {
  it('makes a visit of each unlock, allowed or denied, at the gym of the place', async () => {
    const allowed = await doorMember(true);
    const { event } = await tap(seed.lockIds[0]!, allowed.kisiUserId);
    expect(event.success).toBe(true);
    expect(await visitsOf(allowed.member.id)).toMatchObject([
      {
        organisationId: home.organisation.id,
        gymId: home.gymA.id,
        doorId: frontDoor.id,
        successful: true,
        externalEventId: event.uuid,
        visitedAt: new Date(event.created_at),
      },
    ]);
    expect(await callsAbout(event.uuid)).toMatchObject([
      { status: 'processed', eventType: 'lock.unlock', error: null, organisationId: home.organisation.id },
    ]);

    const refused = await doorMember(false);
    const denied = await tap(seed.lockIds[0]!, refused.kisiUserId);
    expect(denied.event.success).toBe(false);
    expect(await visitsOf(refused.member.id)).toMatchObject([{ successful: false }]);
  });

  it('records one visit when the same event comes again, and refuses a forged one', async () => {
    const { member, kisiUserId } = await doorMember(true);
    const { event, delivery } = await tap(seed.lockIds[0]!, kisiUserId);
    const again = await replay(t, 'kisi', delivery);
    expect(again.json()).toEqual({ received: true, status: 'duplicate' });

    const forgedBody = delivery.body.replace(event.uuid, '00000000-0000-4000-8000-000000000000');
    const forged = await replay(t, 'kisi', { body: forgedBody, headers: delivery.headers });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ status: 'rejected', error: 'invalid_signature' });
    const broken = '{"uuid":';
    const unsigned = await replay(t, 'kisi', {
      body: broken,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    const signature = createHmac('sha256', SANDBOX_DEFAULTS.kisiWebhookSecret).update(broken).digest('hex');
    const malformed = await replay(t, 'kisi', {
      body: broken,
      headers: { 'content-type': 'application/json', 'x-signature': signature },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 'rejected', error: 'malformed' });

    expect(await visitsOf(member.id)).toHaveLength(1);
    expect((await callsAbout(event.uuid)).map((c) => c.status)).toEqual(['processed', 'duplicate']);
    expect(await callsAbout('00000000-0000-4000-8000-000000000000')).toMatchObject([
      {
        status: 'rejected',
        signatureValid: false,
        organisationId: null,
        headers: { 'x-signature': '[redacted]' },
      },
    ]);
  });

  it('notes unlocks it makes no visit of: someone we hold no credential for, a door without visits', async () => {
    const owner = await tap(seed.lockIds[0]!, seed.ownerId);
    expect(await callsAbout(owner.event.uuid)).toMatchObject([
      { status: 'processed', error: 'no matching record', organisationId: home.organisation.id },
    ]);
    const { member, kisiUserId } = await doorMember(true);
    const studio = await tap(seed.lockIds[1]!, kisiUserId);
    expect(await callsAbout(studio.event.uuid)).toMatchObject([
      { status: 'processed', error: 'visits are not tracked at this door' },
    ]);
    expect(await visitsOf(member.id)).toEqual([]);
  });

  it("believes an organisation's own signing key, and only it, once the organisation gave one", async () => {
    const { member, kisiUserId } = await doorMember(true);
    const ownKey = 'org-kisi-signing-key-7f3a';
    const setOwnKey = (sealed: string | null) =>
      t.db
        .update(accessControlIntegrations)
        .set({ sealedWebhookSecret: sealed })
        .where(eq(accessControlIntegrations.organisationId, home.organisation.id));
    await setOwnKey(t.secrets.seal(ownKey));
    // The organisation's event webhook integration in Kisi signs with its own key.
    t.sandbox.controls.kisi.setWebhookSecret(SANDBOX_DEFAULTS.kisiApiKey, ownKey);
    try {
      const signed = await tap(seed.lockIds[0]!, kisiUserId);
      const headers = signed.delivery.headers as Record<string, string>;
      expect(headers['X-Signature'] ?? headers['x-signature']).toBe(
        createHmac('sha256', ownKey).update(signed.delivery.body).digest('hex'),
      );
      expect((await callsAbout(signed.event.uuid)).map((c) => c.status)).toEqual(['processed']);
      expect(await visitsOf(member.id)).toHaveLength(1);

      // The platform's key no longer speaks for this organisation: a body it signed is refused.
      t.sandbox.controls.kisi.setWebhookSecret(SANDBOX_DEFAULTS.kisiApiKey, null);
      const platformSigned = await tap(seed.lockIds[0]!, kisiUserId);
      expect(await callsAbout(platformSigned.event.uuid)).toMatchObject([
        { status: 'rejected', signatureValid: false },
      ]);
      // Nor does another organisation's key.
      t.sandbox.controls.kisi.setWebhookSecret(SANDBOX_DEFAULTS.kisiApiKey, 'someone-elses-key');
      const otherSigned = await tap(seed.lockIds[0]!, kisiUserId);
      expect(await callsAbout(otherSigned.event.uuid)).toMatchObject([
        { status: 'rejected', signatureValid: false },
      ]);
      expect(await visitsOf(member.id)).toHaveLength(1);
    } finally {
      t.sandbox.controls.kisi.setWebhookSecret(SANDBOX_DEFAULTS.kisiApiKey, null);
      await setOwnKey(null);
    }
    // Without a key of its own, the platform's key is believed again.
    const back = await tap(seed.lockIds[0]!, kisiUserId);
    expect((await callsAbout(back.event.uuid)).map((c) => c.status)).toEqual(['processed']);
    expect(await visitsOf(member.id)).toHaveLength(2);
  });

  it('takes a signing key an admin saves while running at once: Kisi signs the next event with it, and the key before is refused', async () => {
    const { member, kisiUserId } = await doorMember(true);
    const admin = await signIn(t.app, home.admin.email);
    const save = async (webhookSecret: string | null) => {
      const saved = await accessCalls(t).saveIntegration(home.organisation.id, admin, {
        integration_type: 'kisi',
        api_key: SANDBOX_DEFAULTS.kisiApiKey,
        webhook_secret: webhookSecret,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const signatureOf = (delivery: { headers: Record<string, string> }) =>
      delivery.headers['X-Signature'] ?? delivery.headers['x-signature'];
    const [oldKey, newKey] = ['kisi-whsec-before-4b1e', 'kisi-whsec-after-9c2d'];
    try {
      await save(oldKey);
      const before = await tap(seed.lockIds[0]!, kisiUserId);
      expect(signatureOf(before.delivery)).toBe(
        createHmac('sha256', oldKey).update(before.delivery.body).digest('hex'),
      );
      expect((await callsAbout(before.event.uuid)).map((c) => c.status)).toEqual(['processed']);

      // The admin saves a new key (as they would after changing it in Kisi): no restart in between.
      await save(newKey);
      const after = await tap(seed.lockIds[0]!, kisiUserId);
      expect(signatureOf(after.delivery)).toBe(
        createHmac('sha256', newKey).update(after.delivery.body).digest('hex'),
      );
      expect((await callsAbout(after.event.uuid)).map((c) => c.status)).toEqual(['processed']);
      expect(await visitsOf(member.id)).toHaveLength(2);

      // An event signed with the key before is refused now.
      const uuid = '00000000-0000-4000-8000-00000000b1e0';
      const body = after.delivery.body.replace(after.event.uuid, uuid);
      const stale = await replay(t, 'kisi', {
        body,
        headers: {
          'content-type': 'application/json',
          'x-signature': createHmac('sha256', oldKey).update(body).digest('hex'),
        },
      });
      expect(stale.statusCode).toBe(401);
      expect(await callsAbout(uuid)).toMatchObject([{ status: 'rejected', signatureValid: false }]);
      expect(await visitsOf(member.id)).toHaveLength(2);
    } finally {
      await save(null);
    }
    // The key removed: Kisi signs with the platform's key again, and it is believed.
    const back = await tap(seed.lockIds[0]!, kisiUserId);
    expect((await callsAbout(back.event.uuid)).map((c) => c.status)).toEqual(['processed']);
    expect(await visitsOf(member.id)).toHaveLength(3);
  });
});
