import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessControlIntegrations, activityLog } from '../../db/schema/index';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accessCalls, KISI_KEY } from './access-control.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let call: ReturnType<typeof accessCalls>;
beforeAll(async () => {
  t = await createTestApp();
  call = accessCalls(t);
  home = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());
afterEach(() => t.sandbox.controls.faults.clear('kisi'));

const stored = async () =>
  (
    await t.db
      .select()
      .from(accessControlIntegrations)
      .where(eq(accessControlIntegrations.organisationId, home.organisation.id))
  )[0];

describe('the organisation’s Kisi integration', () => {
  it('answers null before Kisi is connected', async () => {
    const res = await call.integration(home.organisation.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
  });

  it('checks the fields', async () => {
    const empty = await call.saveIntegration(home.organisation.id, admin, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      integration_type: ['Value is required'],
      api_key: ['Value is required'],
    });
    const wrong = await call.saveIntegration(home.organisation.id, admin, {
      integration_type: 'salto',
      api_key: '   ',
    });
    expect(wrong.json().errors).toEqual({
      integration_type: ['Value must be one of: kisi'],
      api_key: ['Value is required'],
    });
  });

  it('refuses a key Kisi does not accept, storing nothing', async () => {
    const res = await call.saveIntegration(home.organisation.id, admin, {
      integration_type: 'kisi',
      api_key: 'not-a-kisi-key',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ api_key: ['Kisi did not accept this API key'] });
    expect(await stored()).toBeUndefined();
  });

  it('answers 502 when Kisi is down, storing nothing', async () => {
    t.sandbox.controls.faults.inject('kisi', { status: 503 });
    const res = await call.saveIntegration(home.organisation.id, admin, {
      integration_type: 'kisi',
      api_key: KISI_KEY,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      error: 'provider_unavailable',
      message: 'Kisi did not answer. Please try again in a moment.',
    });
    expect(await stored()).toBeUndefined();
  });

  it('stores an accepted key sealed and never sends it back', async () => {
    const res = await call.saveIntegration(home.organisation.id, admin, {
      integration_type: 'kisi',
      api_key: ` ${KISI_KEY} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      integration_type: 'kisi',
      api_key_set: true,
      webhook_secret_set: false,
      // The entry's integration (spec section 3 "Access-control entry"): the same record, key write-only.
      integration: { id: res.json().data.id, type: 'kisi', name: 'Kisi', api_key_set: true },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body).not.toContain(KISI_KEY);
    const row = (await stored())!;
    expect(row.apiKey).toMatch(/^v1:/);
    expect(t.secrets.open(row.apiKey)).toBe(KISI_KEY);

    const read = await call.integration(home.organisation.id, admin);
    expect(read.json().data).toMatchObject({
      id: row.id,
      api_key_set: true,
      integration: { id: row.id, type: 'kisi', name: 'Kisi', api_key_set: true },
    });
    expect(read.body).not.toContain(KISI_KEY);

    // Saving again replaces the key on the same integration.
    const again = await call.saveIntegration(home.organisation.id, admin, {
      integration_type: 'kisi',
      api_key: KISI_KEY,
    });
    expect(again.json().data.id).toBe(row.id);
    const log = await t.db
      .select({ action: activityLog.action, data: activityLog.data })
      .from(activityLog)
      .where(eq(activityLog.subjectType, 'organisation'));
    expect(log.map((l) => l.action)).toEqual([
      'access_control.integration_added',
      'access_control.integration_changed',
    ]);
    expect(JSON.stringify(log)).not.toContain(KISI_KEY);
  });

  it("keeps the organisation's own Kisi webhook signing key sealed: absent keeps it, null clears it", async () => {
    const save = (extra: Record<string, unknown>) =>
      call.saveIntegration(home.organisation.id, admin, {
        integration_type: 'kisi',
        api_key: KISI_KEY,
        ...extra,
      });
    const bad = await save({ webhook_secret: 'has spaces in it' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      webhook_secret: ['The signing key may contain only letters, digits and symbols, without spaces'],
    });

    const set = await save({ webhook_secret: 'kisi-whsec-5e1d' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ webhook_secret_set: true });
    expect(set.body).not.toContain('kisi-whsec-5e1d');
    const row = (await stored())!;
    expect(t.secrets.open(row.sealedWebhookSecret!)).toBe('kisi-whsec-5e1d');

    // A new API key without the field keeps the signing key; null clears it.
    expect((await save({})).json().data).toMatchObject({ webhook_secret_set: true });
    expect(t.secrets.open((await stored())!.sealedWebhookSecret!)).toBe('kisi-whsec-5e1d');
    expect((await save({ webhook_secret: null })).json().data).toMatchObject({ webhook_secret_set: false });
    expect((await stored())!.sealedWebhookSecret).toBeNull();
    const log = await t.db.select({ data: activityLog.data }).from(activityLog);
    expect(JSON.stringify(log)).not.toContain('kisi-whsec-5e1d');
  });

  it('is for organisation admins of this organisation only', async () => {
    const body = { integration_type: 'kisi', api_key: KISI_KEY };
    for (const person of [home.gymAdmin, home.trainer, home.member]) {
      const cookie = await signIn(t.app, person.email);
      expect((await call.integration(home.organisation.id, cookie)).statusCode).toBe(403);
      expect((await call.saveIntegration(home.organisation.id, cookie, body)).statusCode).toBe(403);
    }
    const other = await createTenant(t.db);
    expect((await call.integration(other.organisation.id, admin)).statusCode).toBe(404);
    expect((await call.saveIntegration(other.organisation.id, admin, body)).statusCode).toBe(404);
  });
});
